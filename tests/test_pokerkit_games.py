"""Differential test of ``holecards.Hand`` against pokerkit 0.7.7 in the games
other than Texas hold'em.

Random hands (2 players to the game's maximum, random stacks including 1-chip
and short ones, every betting structure, blinds or the short-deck button
blind, uniform antes, big-blind antes, a straddle) are dealt with the same
known cards into a ``holecards.Hand`` and a pokerkit ``State``; random legal
actions taken from our ``legal_actions()`` are played into both, and after
every action we compare who acts, whether folding is offered, the call
amount, the minimum and maximum raise-to, the bets of the street, every stack
and the total pot; at the end, the final stacks. The machinery is
``pokerkit_harness.py``, shared with the hold'em test
(``test_pokerkit_diff.py``), whose seat mapping and points 1-11 (pokerkit's
betting rules where they differ from RULES.md) hold here unchanged: the
betting does not depend on the game.

The games and their pokerkit counterparts
-----------------------------------------
pokerkit's four classes are used through their own ``create_state``
(``pokerkit_harness.NATIVE``): ``PotLimitOmahaHoldem`` for pot-limit
``omaha``, ``FixedLimitOmahaHoldemHighLowSplitEightOrBetter`` for pot-limit
``omaha-hi-lo`` (the class is pot-limit: G1), ``NoLimitShortDeckHoldem`` for
no-limit ``short-deck`` (antes from everyone and the button's blind: its
``blinds_or_straddles`` are ``(0, ..., 0, 3000)``) and ``NoLimitRoyalHoldem``
for no-limit ``royal``; the random hands deal each of those games in that
structure about half the time (Omaha hi/lo: fixed-limit and pot-limit 2 in
5 each). Every other pair of game and structure, fixed-limit Omaha hi/lo
included, gets a pokerkit ``State`` built like the hold'em test's from the
game's deck and hand types
(``pokerkit_harness.PK_GAMES``): 5- and 6-card Omaha, high and hi/lo, use
pokerkit's ``OmahaHoldemHand`` and ``OmahaEightOrBetterLowHand``, which take
exactly two of any number of hole cards; ``short-deck-trips`` (trips beat a
straight), which pokerkit lacks, uses a pokerkit hand class on pokerkit's
short-deck lookup with those two categories swapped.

With the button blind pokerkit's last player (the button) posts the blind:
``(0, ..., 0, bb)``, and a big-blind ante is ``{n - 1: ante}``. Heads-up
pokerkit swaps the blinds and antes of its two players (player 0 posts
``blinds[1]``), so heads-up the blinds are ``(bb, 0)`` and the ante
``{0: ante}``; then pokerkit, like holecards, has the player left of the
button act first before and after the flop.

Where pokerkit follows another rule than ours in these games
------------------------------------------------------------
Each was read in pokerkit's source (``games.py``, ``state.py``) and checked
by experiment; the random comparison avoids or narrows it, and
``TestGameRules`` plays each case in both libraries, checking our rule and
pokerkit's documented outcome with amounts worked out by hand. Our rules
are those of docs/game.md ("Hi/lo": each pot split on its own, the odd chip
of the split to the high, WSOP tournament rule 73 / live-action rule 149).

G1. ``FixedLimitOmahaHoldemHighLowSplitEightOrBetter`` is pot-limit: the
    class mixes in ``PotLimitPokerMixin`` (pot-limit betting, no raise cap),
    its small and big bets only being the minimum bets. The test plays our
    fixed-limit Omaha hi/lo against a ``State`` built with
    ``BettingStructure.FIXED_LIMIT`` and the class, given the big blind for
    both bets, against our pot-limit Omaha hi/lo.
G2. A hi/lo pot that nobody in it has a qualifying low for. Ours: each pot
    is split on its own; when none of its players qualifies for low, the
    best high hand wins all of it. pokerkit splits
    every pot in two as soon as any live player anywhere holds a low, and
    gives the low half of a pot without one to every (not yet killed)
    player in it, since they all hold "no low" alike: a short all-in with
    the only low makes the two players left in a side pot share its low
    half whatever their high hands. The random comparison compares the
    final stacks of the players in such a pot only in sum.
G3. Odd chips inside a half: we hand them out one at a time from the
    button's left; pokerkit gives all of them to the first winner left of
    the button (as in hold'em, point 5a). The odd chip between the high and
    the low half goes to the high hand in both (compared exactly).
G4. Side pots merged before the hi/lo split. pokerkit kills the hands that
    cannot win before it builds the pots, so consecutive pots left with the
    same players are merged (point 5b) and split into high and low once:
    two pots of 9 and 29 won by the same high and low hands give 5 + 15 to
    the high and 4 + 14 to the low in holecards, 19 and 19 in pokerkit.
    Where two or more hi/lo pots have an odd amount the random comparison
    compares their winners' final stacks only in sum.
G5. A button blind posted short (the button all-in for less): as with the
    big blind (point 10) pokerkit lowers the bet to what was posted,
    holecards keeps the full blind as the bet. The random hands always give
    the button chips to post in full.

Engine bugs found here
----------------------
None: in the hands played here, and in sweeps of some 50,000 more (deep
stacks, the button blind in every game), holecards and pokerkit agree
wherever their rules do.

Speed
-----
At showdown pokerkit evaluates every player's hand again for every player,
pot and hand type (``State.can_win_now``), which made an Omaha hi/lo hand
cost tens of milliseconds; the tests run with pokerkit's hand evaluation
memoized (``pokerkit_harness.memoized_pokerkit_hands``, a pure function of
the cards). Run time: about 2,010 hands (Omaha 420, Omaha hi/lo 360,
short-deck 420 and royal 390, counting 30 deep-stacked hands of each; 100
of short-deck-trips, 80 of each 5- and 6-card Omaha), 10 to 17 s on two
cores.
"""

from __future__ import annotations

import random
import warnings
from typing import Any, Dict, Iterator, List, Sequence, Tuple

import pytest

pokerkit = pytest.importorskip("pokerkit")

from pokerkit import (  # noqa: E402
    BettingStructure,
    FixedLimitOmahaHoldemHighLowSplitEightOrBetter,
    ShortDeckHoldemHand,
)

from game_helpers import act  # noqa: E402
from holecards import Game  # noqa: E402
from pokerkit_harness import (  # noqa: E402
    AUTOMATIONS,
    BLINDS,
    Config,
    Mismatch,
    PokerkitSide,
    ShortDeckTripsHand,
    cover_forced_bets,
    memoized_pokerkit_hands,
    play,
    random_stack,
)

pytestmark = pytest.mark.timeout(60)


@pytest.fixture(autouse=True)
def _memoized_pokerkit_hands() -> Iterator[None]:
    with memoized_pokerkit_hands():
        yield


# --------------------------------------------------------------------------
# configurations

#: the structures a game is played with, the one pokerkit names it with
#: weighted up
STRUCTURES: Dict[str, Sequence[str]] = {
    "omaha": ("pl", "pl", "nl", "fl"),
    "omaha-hi-lo": ("fl", "fl", "pl", "pl", "nl"),
    "short-deck": ("nl", "nl", "pl", "fl"),
    "royal": ("nl", "nl", "pl", "fl"),
}


def random_config(rng: random.Random, game: str) -> Config:
    info = Game(game)
    n = rng.randint(2, info.max_players)
    structure = rng.choice(STRUCTURES.get(game, ("nl", "pl", "fl")))
    sb, bb = rng.choice(BLINDS)
    if n == 2 and sb == bb:  # point 7 of test_pokerkit_diff
        sb, bb = 1, 2
    # short-deck is mostly played with the button blind and antes
    button_blind = rng.random() < (0.6 if game.startswith("short-deck") else 0.1)
    if button_blind:
        sb = 0
    stacks = [random_stack(rng, bb) for _ in range(n)]
    cfg = Config(structure, stacks, rng.randrange(n), sb, bb, game=game, button_blind=button_blind)
    r = rng.random()
    if r < (0.7 if button_blind else 0.2):
        cfg.ante = rng.choice([1, max(1, bb // 4), max(1, bb // 2), bb])
    elif r < (0.8 if button_blind else 0.3):
        cfg.big_blind_ante = rng.choice([bb, max(1, bb // 2)])
    # a straddle as in test_pokerkit_diff (never the button's in limit)
    if not button_blind and n >= 3 and rng.random() < 0.1 and not (structure == "fl" and n == 3):
        cfg.straddle = 2 * bb
    # point 10 and G5: the big blind (the button's with the button blind)
    # and the straddle post in full (all-in at most)
    cover_forced_bets(cfg, stacks, bb, rng, button_blind)
    if structure == "fl":
        cfg.raise_cap = rng.choice([4, 4, 3, 1, None])
    cards = [str(c) for c in info.deck()]
    rng.shuffle(cards)
    k = info.hole_cards
    cfg.hole_cards = ["".join(cards[k * i : k * i + k]) for i in range(n)]
    cfg.board = cards[k * n : k * n + 5]
    return cfg


# --------------------------------------------------------------------------
# random hands

#: game -> (batches, hands a batch): the four games pokerkit has get the most
HANDS: Dict[str, Tuple[int, int]] = {
    "omaha": (3, 130),
    "omaha-hi-lo": (3, 110),
    "short-deck": (3, 130),
    "royal": (2, 180),
    "short-deck-trips": (1, 100),
    "omaha5": (1, 80),
    "omaha6": (1, 80),
    "omaha5-hi-lo": (1, 80),
    "omaha6-hi-lo": (1, 80),
}
GAMES = list(HANDS)


def _play_seeds(game: str, seeds: Sequence[int], deep: bool = False) -> None:
    for seed in seeds:
        rng = random.Random(seed)
        cfg = random_config(rng, game)
        if deep:
            # many raises and full streets: deep stacks, the named structure
            cfg.structure = STRUCTURES.get(game, ("nl",))[0]
            cfg.raise_cap = 4
            if cfg.structure == "fl" and cfg.n == 3:
                cfg.straddle = 0  # it would be the button's (WSOP rule 161)
            cfg.stacks = [rng.randint(200, 400) * cfg.big_blind for _ in cfg.stacks]
        try:
            play(cfg, rng)
        except Mismatch as e:
            raise Mismatch(f"{game}, seed {seed}: {e}") from None


@pytest.mark.parametrize(
    "game, batch", [(g, b) for g in GAMES for b in range(HANDS[g][0])], ids=str
)
def test_random_hands_agree_with_pokerkit(game: str, batch: int) -> None:
    size = HANDS[game][1]
    base = 10**6 * (GAMES.index(game) + 1) + 1000 * batch
    _play_seeds(game, range(base, base + size))


@pytest.mark.parametrize("game", ["omaha", "omaha-hi-lo", "short-deck", "royal"])
def test_deep_stacked_agree_with_pokerkit(game: str) -> None:
    base = 10**6 * (GAMES.index(game) + 1) + 500_000
    _play_seeds(game, range(base, base + 30), deep=True)


def test_random_hands_cover_the_cases() -> None:
    # the random configurations reach what the comparison is meant to
    # cover: the button blind heads-up and multiway, hi/lo pots split high
    # and low, side pots (the hands checked down here)
    seen: Dict[str, int] = dict.fromkeys(
        ["button blind heads-up", "button blind multiway", "hi/lo split", "side pots"], 0
    )
    for game in ("short-deck", "omaha-hi-lo"):
        for seed in range(10**6 * (GAMES.index(game) + 1), 10**6 * (GAMES.index(game) + 1) + 100):
            rng = random.Random(seed)
            cfg = random_config(rng, game)
            if cfg.button_blind:
                seen["button blind heads-up" if cfg.n == 2 else "button blind multiway"] += 1
            hand = cfg.hand()
            while hand.actor is not None:
                hand.check_or_call()
            pots = list(hand.pots)
            seen["hi/lo split"] += any(p.low_winners for p in pots)
            seen["side pots"] += len(pots) > 1
    assert all(v >= 3 for v in seen.values()), seen


# --------------------------------------------------------------------------
# the differences, played in both libraries


def scripted(
    game: str,
    structure: str,
    stacks: List[int],
    button: int,
    hole_cards: List[str],
    board: str,
    actions: Sequence[Tuple[str, int]],
    finish: bool = True,
    **kw: Any,
) -> Tuple[Any, PokerkitSide]:
    """Deal the same hand into both libraries and take the same actions;
    with ``finish``, then check or call to the end of the hand."""
    blinds = kw.pop("blinds", (1, 2))
    cfg = Config(
        structure,
        stacks,
        button,
        blinds[0],
        blinds[1],
        game=game,
        hole_cards=hole_cards,
        board=[board[i : i + 2] for i in range(0, len(board), 2)],
        **kw,
    )
    hand = cfg.hand()
    pk = PokerkitSide(cfg)
    for kind, amount in actions:
        assert pk.actor == hand.actor
        act(hand, kind, amount)
        pk.act(kind, amount)
    while finish and hand.actor is not None:
        assert pk.actor == hand.actor
        act(hand, "call", 0)
        pk.act("call", 0)
    return hand, pk


def final_stacks(pk: PokerkitSide) -> List[int]:
    assert not pk.st.status
    return pk.by_seat(list(pk.st.stacks))


class TestGameRules:
    # Omaha hi/lo on a board with three low cards (2, 3, 7): A-4 in the hole
    # makes the low 7-4-3-2-A
    BOARD = "2c3d7hKsQd"

    def test_side_pot_without_a_low_goes_to_the_high_hand(self) -> None:
        # G2. No-limit 1/2, button seat 3. Seat 0 (small blind, 10 chips)
        # holds the only low (A-3: 8-7-3-2-A on 2c 7d 8h Kc Ks) and a pair of
        # kings; seat 1 (big blind, 40 chips) trip kings; seat 2 kings and
        # queens; seat 3 kings and tens. Seat 2 moves in for 100, everyone
        # calls all-in. Pots: 4 x 10 = 40 (all), 3 x 30 = 90 (seats 1-3),
        # 2 x 60 = 120 (seats 2, 3).
        hand, pk = scripted(
            "omaha-hi-lo",
            "nl",
            [10, 40, 100, 100],
            3,
            ["As3d4c5h", "KhQhJdTd", "QdQsJhJs", "TcTh9d9h"],
            "2c7d8hKcKs",
            [("raise", 100), ("call", 0), ("call", 0), ("call", 0)],
        )
        assert [p.amount for p in hand.pots] == [40, 90, 120]
        assert [(p.winners, p.low_winners) for p in hand.pots] == [
            ((1,), (0,)),
            ((1,), ()),
            ((2,), ()),
        ]
        # ours: 40 split 20/20; the 90 has no low: all to seat 1's trips
        assert hand.stacks == [20, 20 + 90, 120, 0]
        # pokerkit kills seat 3, then splits the 90 into 45 for the high and
        # 45 shared by seats 1 and 2, who both hold no low (23 and 22, the
        # odd chip to the first left of the button)
        assert final_stacks(pk) == [20, 20 + 45 + 23, 22 + 120, 0]

    def test_odd_chips_of_a_half_one_at_a_time(self) -> None:
        # G3. Blinds 1/2, ante 1, button seat 0; the small blind (seat 1)
        # folds, seats 2, 3 and 0 check it down. Pot 4 + 1 + 3 x 2 = 11:
        # the high half 6 (the odd chip between the halves to the high),
        # the low half 5. Seats 2, 3 and 0 all hold A-4 for 7-4-3-2-A; seat
        # 0's trip kings win the high.
        hand, pk = scripted(
            "omaha-hi-lo",
            "nl",
            [100] * 4,
            0,
            ["Ah4hKdKh", "5c5d6c6d", "Ac4c9s9h", "Ad4dTsTh"],
            self.BOARD,
            [("call", 0), ("call", 0), ("fold", 0)],
            ante=1,
        )
        assert [(p.amount, p.winners, p.low_winners) for p in hand.pots] == [(11, (0,), (0, 2, 3))]
        # ours: the low half 5 is 1 each and the two odd chips go one at
        # a time from the button's left: seats 2 and 3 (seat 1 folded)
        assert hand.stacks == [97 + 6 + 1, 98, 97 + 2, 97 + 2]
        # pokerkit: both odd chips to seat 2; the high gets 6 in both
        assert final_stacks(pk) == [97 + 6 + 1, 98, 97 + 3, 97 + 1]

    def test_each_pot_is_split_high_and_low_on_its_own(self) -> None:
        # G4. Blinds 1/2, button seat 0; seat 2 is all-in on its big blind
        # of 2. Seat 3 raises to 5, seat 4 to 15, seat 0 calls, seat 1 (1 in)
        # and seat 3 (5 in) fold; seats 4 and 0 check it down. Pots: 1 + 2 +
        # 2 + 2 + 2 = 9 (seats 0, 2, 4) and 3 + 13 + 13 = 29 (seats 0, 4).
        # Seat 4's trip kings win both highs, seat 0's A-4 both lows; seat 2
        # (nines, no low) wins nothing.
        hand, pk = scripted(
            "omaha-hi-lo",
            "nl",
            [100, 100, 2, 100, 100],
            0,
            ["Ac4c5s6s", "5c5d6c6d", "9c9dJhTc", "9h9sTdTh", "KhKdJsJd"],
            self.BOARD,
            [("raise", 5), ("raise", 15), ("call", 0), ("fold", 0), ("fold", 0)],
        )
        assert [(p.amount, p.winners, p.low_winners) for p in hand.pots] == [
            (9, (4,), (0,)),
            (29, (4,), (0,)),
        ]
        # ours: 9 = 5 high + 4 low, 29 = 15 high + 14 low
        assert hand.stacks == [85 + 4 + 14, 99, 0, 95, 85 + 5 + 15]
        # pokerkit kills seat 2, merges the two pots into 38: 19 and 19
        assert final_stacks(pk) == [85 + 19, 99, 0, 95, 85 + 19]

    def test_button_blind_posted_short_is_called_in_full(self) -> None:
        # G5. Short-deck, button blind 50, the button (seat 0) all-in for 23
        hand, pk = scripted(
            "short-deck",
            "nl",
            [23, 1000, 1000],
            0,
            ["AsKs", "QhQd", "JcTc"],
            "9h6cKc8d7s",
            [],
            finish=False,
            blinds=(0, 50),
            button_blind=True,
        )
        la = hand.legal_actions()
        assert (hand.actor, la.call_amount, la.min_raise_to) == (1, 50, 100)
        # pokerkit: call 23, raise to 23 + 50
        assert pk.actor == 1
        assert pk.st.checking_or_calling_amount == 23
        assert pk.st.min_completion_betting_or_raising_to_amount == 73

    def test_pokerkits_fixed_limit_omaha_hi_lo_class_is_pot_limit(self) -> None:
        # G1. Blinds 1/2, bets 2/4, three players of 200: the button, first
        # to act, may raise to 4 and no more in fixed limit; the class lets
        # it raise to the pot, 7 (2 to call, then the pot of 1 + 2 + 2)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            st = FixedLimitOmahaHoldemHighLowSplitEightOrBetter.create_state(
                AUTOMATIONS, True, 0, (1, 2), 2, 4, [200] * 3, 3
            )
            for cards in ["AhKh2c3d", "QsQd4c5d", "7h8h9hTh"]:
                st.deal_hole(cards)
        assert st.betting_structure == BettingStructure.POT_LIMIT
        assert all(s.max_completion_betting_or_raising_count is None for s in st.streets)
        assert st.min_completion_betting_or_raising_to_amount == 4
        assert st.max_completion_betting_or_raising_to_amount == 7
        # ours, and the State the random comparison builds for it
        hand, pk = scripted(
            "omaha-hi-lo",
            "fl",
            [200] * 3,
            0,
            ["8s9sTsJs", "AhKh4c5d", "QcQh4h5h"],
            self.BOARD,
            [],
            finish=False,
        )
        la = hand.legal_actions()
        assert (hand.actor, la.min_raise_to, la.max_raise_to) == (0, 4, 4)
        assert pk.st.max_completion_betting_or_raising_to_amount == 4

    @pytest.mark.parametrize("n", [2, 3, 5])
    def test_button_blind_seat_mapping(self, n: int) -> None:
        # the button (seat 1) posts the blind and its big-blind ante in both
        # libraries; the seat on its left acts first before and after the flop
        cards = ["AsKs", "QhQd", "JcTc", "9c9d", "TdTh"][:n]
        hand, pk = scripted(
            "short-deck",
            "nl",
            [1000] * n,
            1,
            cards,
            "9h6cKc8d7s",
            [],
            finish=False,
            blinds=(0, 50),
            button_blind=True,
            big_blind_ante=50,
        )
        first = 2 % n
        assert hand.actor == pk.actor == first
        assert hand.bets == pk.by_seat(list(pk.st.bets)) == [50 if s == 1 else 0 for s in range(n)]
        assert hand.stacks == pk.by_seat(list(pk.st.stacks))
        assert hand.stacks[1] == 900
        # everyone calls, the button checks; on the flop the same seat opens
        for _ in range(n):
            act(hand, "call", 0)
            pk.act("call", 0)
        assert len(hand.board) == 3
        assert hand.actor == pk.actor == first


def test_short_deck_hands_on_pokerkits_side() -> None:
    # the reference's rankings: a flush beats a full house in both; a
    # straight beats trips in pokerkit's short-deck, trips beat a straight
    # in the hand class the test adds for 'short-deck-trips'; A-6-7-8-9 is
    # the lowest straight
    for cls in (ShortDeckHoldemHand, ShortDeckTripsHand):
        assert cls("AhJh9h8h6h") > cls("KsKhKd9c9s")
        assert cls("As6d7h8c9s") < cls("6s7d8h9cTs")
        assert cls("As6d7h8c9s") > cls("AsAdKhQsJd")
    assert ShortDeckHoldemHand("6s7d8h9cTs") > ShortDeckHoldemHand("9s9h9dKcQs")
    assert ShortDeckTripsHand("6s7d8h9cTs") < ShortDeckTripsHand("9s9h9dKcQs")
