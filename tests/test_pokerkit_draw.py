"""Differential test of the draw games of ``holecards.Hand``
(``2-7-triple-draw``, ``2-7-single-draw``, ``badugi``) against pokerkit
0.7.7's ``FixedLimitDeuceToSevenLowballTripleDraw``,
``NoLimitDeuceToSevenLowballSingleDraw`` and ``FixedLimitBadugi``.

Random hands (2 to 6 players; random stacks including 1-chip and short ones,
so players go all-in on the ante, the small blind, before the draw and after
it; blinds and bets of several sizes, a small bet above the big blind and a
big bet other than twice the small bet among them; no ante, an ante, or a
big-blind ante, which the WSOP no-limit single draw hands use; raise caps 1
to 4 and none in fixed limit) are dealt with the same known cards into a
``holecards.Hand`` and a pokerkit ``State``. Random legal actions taken from
our ``legal_actions()`` are played into both: fold, check or call, bet or
raise to a random amount in range, and in a draw a random discard (standing
pat, some cards, every card; in one hand in five, and in the crowded hands,
most cards, so that the stub runs out). Our engine deals the draws from its
own stub (a seed per hand); pokerkit is given our cards: each ``DISCARD``
event of ``hand.events`` becomes ``stand_pat_or_discard`` for the same
player, the ``BURN`` event ``burn_card`` and each ``DEAL_HOLE`` of a draw
``deal_hole(cards, player_index)``. In some hands two to four players hold
hands of the same ranks in other suits and stand pat, so that pots are split.

At every decision we compare who acts, whether it is a draw, whether folding
is offered, the call amount, the minimum and maximum raise-to, the street
(the draw in progress or the betting round after it), the bets of the
round, every stack, the total pot and every live player's cards in order
(both keep the cards not discarded in their order and put the cards drawn
after them); at the end, the final stacks and the order the players show
in (our ``SHOW`` events, pokerkit's ``HoleCardsShowingOrMucking``
operations: the last to bet or raise on the final round first, else the
first player left of the button, WSOP tournament rule 72). Our own checks
of the draws' cards (``check_draws``), which pokerkit cannot make since it
takes any card given, run on every hand.

Seat mapping (as in pokerkit_harness.py, blinds as in hold'em): pokerkit
player ``i`` is our seat ``(button + 1 + i) % n``; heads-up pokerkit swaps
its blinds and antes itself, so the same mapping holds. Both draw from the
dealer's left (heads-up the big blind first, the button last) and open the
betting after a draw with the first player left of the button who can bet.

Where pokerkit follows another rule than ours
---------------------------------------------
Each point was read in pokerkit's source (``games.py``, ``state.py``; see
also the module docstrings of test_pokerkit_diff.py and
test_pokerkit_stud.py) and reproduced; ``TestRuleDifferences`` plays each
one in both libraries and asserts what each does.

D1. The raise cap. pokerkit's fixed-limit classes allow
    ``max_completion_betting_or_raising_count = 4`` bets and raises on every
    street, the blinds not counted: before the draw the big blind and four
    raises (1/2: to 4, 6, 8, 10), as ours, but after a draw the opening bet
    counts, so a bet and three raises (2, 4, 6, 8). Ours (``raise_cap=4``,
    WSOP rule 126): a bet and four raises on every round. The random hands
    give pokerkit's game object streets with ``raise_cap`` before the draw
    and ``raise_cap + 1`` after each draw (``DrawConfig.pokerkit_state``;
    the one class attribute cannot differ per street, the streets of a game
    instance can), and compare everything; in a share of the hands
    (``native_cap``) pokerkit keeps its own cap and ours is 4: where
    pokerkit's cap is reached after a draw and ours still allows the raise,
    the raise range is left out of that comparison and the raise never taken
    (counted: "pokerkit's own cap only", a few hands in a hundred).
D2. The stub running out. Ours (WSOP tournament rules, section IX, and the
    live-action lowball rules): cards come off the stub until one is left
    while more are needed; that card is shuffled with the muck, the earlier
    draws' discards and the burns (this draw's burn too, which can thus come
    back in the same draw); the discards of the draw in progress are not,
    unless the other cards cannot cover the draw (six players of triple
    draw hold 30 cards, 22 are elsewhere: a draw of 22 cards or more needs
    its own discards; ``TestOurDraws``). pokerkit's reserve
    (``State.reserved_cards``) holds the burns, the muck and every draw's
    discards, the one in progress included, and it uses the stub to the last
    card first. Since pokerkit is given our cards this only shows as
    warnings (silenced here); ``check_draws`` checks our rule on every hand
    (the crowded hands reshuffle often).
D3. Odd chips. Ours: one at a time to the tied winners from the button's
    left (WSOP tournament rule 73); pokerkit: the whole remainder to the
    first winner from the button's left, and it merges consecutive pots won
    by the same players before splitting (point 5 of test_pokerkit_diff).
    The final stacks of the players in a pot split with odd chips are
    compared only in sum (``seats_compared_in_sum``).
D4. Fixed-limit short all-ins, raising when nobody can answer and the check
    pokerkit asks for that decides nothing: points 3, 8 and 9 of
    test_pokerkit_diff hold unchanged (ours: an all-in of half a bet or
    more is a full raise and reopens the betting, rule 129; pokerkit: a
    short all-in never reopens). After a short all-in bet or raise the rest
    of the round compares only who acts, the draw flag, folding, the call,
    bets, stacks, pot, street and cards, and raises only where both
    libraries allow the amount; no-limit short all-ins as in point 4.
D5. Heads-up uncapped (rule 127): pokerkit has no such rule; the random
    hands use ``heads_up_uncapped=False``.
D6. A big blind posted short: pokerkit lowers the bet to what was posted
    (point 10 of test_pokerkit_diff); the random hands give the big blind
    enough chips to post in full (all-in at most).

Where they agree (compared in full): everyone still in draws, all-in players
too, in turn from the dealer's left, and a draw is played even when nobody
can bet any more; a burn before every draw's cards, also when everyone
stood pat; the drawn cards go after the kept ones; the small bet before the
draw and after the first draw, the big bet after the second and third;
no-limit single draw with a big-blind ante as dead money; 2-7 lowball with
A-2-3-4-5 no straight (the ace high) and badugi (aces low, the largest
rainbow set of distinct ranks).

Engine bugs found here
----------------------
One, fixed while this test was written: when every other player was all-in
on its ante for less (in practice heads-up, one player all-in on its ante),
the part of an ante nobody could match stayed in a pot only its owner could
win (``Pot(3, eligible=(0,))``), counted in ``pot`` and ``stacks`` while the
draws went on, and came back as an ``AWARD`` at the showdown, against
docs/game.md's rule choice 11 ("``pots`` never holds chips nobody can
match"); pokerkit returns it at once (about one random hand in 700).
``TestAgreedRules.test_unmatched_ante_is_returned_as_uncalled`` and the
regression seeds keep it. Nothing else: in the hands played here and in a
sweep of about 120,000 more (40,000 a game, 4,000 of them deep-stacked and
4,000 crowded), holecards and pokerkit agree wherever their rules do.

``TestRuleDifferences`` plays D1 to D5; ``TestAgreedRules`` a few hands
played alike in full (heads-up order, everyone all-in before the draw, the
2-7 and badugi rankings, a WSOP single-draw hand with a big-blind ante, the
hands the sweeps found); ``TestOurDraws`` a draw that needs its own
discards.

Run time: 3 x (2 x 150 random, 40 deep-stacked and 40 crowded hands), about
5 s on one core.
"""

from __future__ import annotations

import random
import warnings
from collections import Counter
from dataclasses import dataclass, replace
from typing import Any, Dict, List, Optional, Sequence, Set, Tuple

import pytest

pokerkit = pytest.importorskip("pokerkit")

from pokerkit import (  # noqa: E402
    FixedLimitBadugi,
    FixedLimitDeuceToSevenLowballTripleDraw,
    HoleCardsShowingOrMucking,
    Mode,
    NoLimitDeuceToSevenLowballSingleDraw,
    State,
)

from game_helpers import act  # noqa: E402
from holecards import EventKind, Hand, Rules, Street  # noqa: E402
from pokerkit_harness import (  # noqa: E402
    AUTOMATIONS,
    DECK,
    Config,
    Mismatch,
    PokerkitSide,
    cover_forced_bets,
    random_stack,
    seats_compared_in_sum,
)

pytestmark = pytest.mark.timeout(120)

NATIVE: Dict[str, Any] = {
    "2-7-triple-draw": FixedLimitDeuceToSevenLowballTripleDraw,
    "2-7-single-draw": NoLimitDeuceToSevenLowballSingleDraw,
    "badugi": FixedLimitBadugi,
}
GAMES = list(NATIVE)
STRUCTURE = {"2-7-triple-draw": "fl", "2-7-single-draw": "nl", "badugi": "fl"}
HOLE = {"2-7-triple-draw": 5, "2-7-single-draw": 5, "badugi": 4}
DRAW_EVENTS = (EventKind.DISCARD, EventKind.BURN, EventKind.DEAL_HOLE)


def cards_text(cards: Optional[Sequence[Any]]) -> str:
    return "".join(str(c) for c in cards or ())


def split(text: str) -> List[str]:
    return [text[i : i + 2] for i in range(0, len(text), 2)]


# --------------------------------------------------------------------------
# configurations


@dataclass
class DrawConfig(Config):
    small_bet: int = 0
    big_bet: int = 0
    #: our engine's seed: the stub the draws come from (the hands are given)
    seed: int = 0
    #: pokerkit's own raise cap (D1); otherwise its streets allow
    #: ``raise_cap`` raises before the draw and ``raise_cap + 1`` bets and
    #: raises after each draw, as ours
    native_cap: bool = False
    #: the random players discard most of their cards (D2)
    aggressive: bool = False
    #: seats dealt hands of the same ranks, which always stand pat
    tied: Tuple[int, ...] = ()
    #: rule 127 (D5): only in the scripted hands
    heads_up_uncapped: bool = False

    def rules(self) -> Any:
        kw: Dict[str, Any] = dict(
            small_blind=self.small_blind,
            big_blind=self.big_blind,
            ante=self.ante,
            big_blind_ante=self.big_blind_ante,
            game=self.game,
        )
        if self.structure == "nl":
            return Rules.no_limit(**kw)
        return Rules.fixed_limit(
            small_bet=self.small_bet,
            big_bet=self.big_bet,
            raise_cap=self.raise_cap,
            heads_up_uncapped=self.heads_up_uncapped,
            **kw,
        )

    def hand(self) -> Any:
        return Hand(
            self.rules(),
            list(self.stacks),
            button=self.button,
            seed=self.seed,
            hole_cards=list(self.hole_cards),
        )

    def pokerkit_state(self) -> State:
        blinds = (self.small_blind, self.big_blind)
        if self.big_blind_ante:
            # dead money from the big blind, pokerkit player 1 (heads-up too:
            # pokerkit swaps the two players' blinds and antes itself)
            antes: Any = {1: self.big_blind_ante}
            trimming = False
        else:
            antes, trimming = self.ante, True
        if self.structure == "nl":
            sizes: Tuple[int, ...] = (self.big_blind,)
        else:
            sizes = (self.small_bet, self.big_bet)
        game = NATIVE[self.game](AUTOMATIONS, trimming, antes, blinds, *sizes, mode=Mode.TOURNAMENT)
        if self.structure == "fl" and not self.native_cap:
            cap = self.raise_cap
            game.streets = tuple(
                replace(
                    street,
                    max_completion_betting_or_raising_count=(
                        cap if i == 0 or cap is None else cap + 1
                    ),
                )
                for i, street in enumerate(game.streets)
            )
        stacks = [self.stacks[self.seat(i)] for i in range(self.n)]
        return game(stacks, self.n)

    def describe(self) -> str:
        return (
            f"rules={self.rules()!r}\nHand(rules, {self.stacks!r}, button={self.button}, "
            f"seed={self.seed}, hole_cards={self.hole_cards!r})"
            + ("\npokerkit's own raise cap (D1)" if self.native_cap else "")
            + (f"\ntied seats standing pat: {self.tied}" if self.tied else "")
        )


#: fixed limit: (small blind, big blind, small bet)
FL_LIMITS = [(1, 2, 2), (5, 10, 10), (10, 20, 20), (25, 50, 50), (1, 3, 3), (2, 4, 4), (1, 2, 4)]
#: no limit: (small blind, big blind)
NL_BLINDS = [(1, 2), (5, 10), (10, 20), (10, 15), (25, 50), (1, 3), (50, 100)]


def deal_cards(rng: random.Random, cfg: DrawConfig, tie: bool) -> None:
    """Each seat's hand; with ``tie``, two to four seats get the same ranks,
    each in its own suits (one cyclic shift of the suits each: the same
    hand value, flushes and badugis included)."""
    k, n = HOLE[cfg.game], cfg.n
    deck = DECK[:]
    rng.shuffle(deck)
    hands: List[Optional[List[str]]] = [None] * n
    if tie:
        ranks = rng.sample("23456789TJQKA", k)
        suits = [rng.choice("cdhs") for _ in ranks]
        tied = rng.sample(range(n), rng.randint(2, min(4, n)))
        for shift, seat in enumerate(tied):
            hands[seat] = [r + "cdhs"[("cdhs".index(s) + shift) % 4] for r, s in zip(ranks, suits)]
        cfg.tied = tuple(sorted(tied))
        deck = [c for c in deck if all(c not in h for h in hands if h)]
    for seat in range(n):
        if hands[seat] is None:
            hands[seat], deck = deck[:k], deck[k:]
    cfg.hole_cards = ["".join(h or ()) for h in hands]


def random_config(rng: random.Random, game: str) -> DrawConfig:
    structure = STRUCTURE[game]
    n = rng.choice([2, 2, 3, 3, 4, 5, 6])
    if structure == "fl":
        sb, bb, small = rng.choice(FL_LIMITS)
        big = 2 * small if rng.random() < 0.8 else rng.randint(small + 1, 3 * small)
    else:
        sb, bb = rng.choice(NL_BLINDS)
        small = big = bb
    stacks = [random_stack(rng, bb) for _ in range(n)]
    cfg = DrawConfig(
        structure, stacks, rng.randrange(n), sb, bb, game=game, small_bet=small, big_bet=big
    )
    r = rng.random()
    if r < 0.15:
        cfg.ante = rng.choice([1, max(1, bb // 4), max(1, bb // 2)])
    elif r < (0.45 if structure == "nl" else 0.25):
        # the WSOP no-limit single draw hands: a big-blind ante (1.5 big blinds)
        cfg.big_blind_ante = rng.choice([bb, max(1, bb // 2), bb + bb // 2])
    # D6: the big blind posts in full, all-in at most
    cover_forced_bets(cfg, stacks, bb, rng)
    if structure == "fl":
        cfg.raise_cap = rng.choice([4, 4, 4, 3, 2, 1, None])
        cfg.native_cap = cfg.raise_cap == 4 and rng.random() < 0.4
    cfg.aggressive = rng.random() < 0.2
    cfg.seed = rng.getrandbits(32)
    deal_cards(rng, cfg, rng.random() < 0.15)
    return cfg


def crowded_config(rng: random.Random, game: str) -> DrawConfig:
    """Five or six deep-stacked players discarding most of their cards: the
    stub runs out (D2)."""
    cfg = random_config(rng, game)
    bb = cfg.big_blind
    cfg.stacks = [rng.randint(100, 300) * bb for _ in range(rng.randint(5, 6))]
    cfg.button = rng.randrange(cfg.n)
    cfg.aggressive = True
    deal_cards(rng, cfg, False)
    cfg.tied = ()
    return cfg


# --------------------------------------------------------------------------
# the two sides


class PokerkitDraw(PokerkitSide):
    """pokerkit's side: bets as in pokerkit_harness; the draws are taken
    from our hand's events (each DISCARD, the BURN, each DEAL_HOLE)."""

    def __init__(self, cfg: DrawConfig, hand: Any) -> None:
        self.cfg = cfg
        self.pointless_checks = 0
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            self.st = cfg.pokerkit_state()
            while self.st.can_deal_hole():
                i = self.st.hole_dealee_index
                self.st.deal_hole(cfg.hole_cards[cfg.seat(i)])
        self.done = len(hand.events)
        self.advance()

    def advance(self) -> None:
        """D4 (point 9 of test_pokerkit_diff): the checks pokerkit asks for
        that decide nothing."""
        st = self.st
        while st.status and st.actor_index is not None and self.pointless_check():
            st.check_or_call()
            self.pointless_checks += 1

    @property
    def drawer(self) -> Optional[int]:
        i = self.st.stand_patter_or_discarder_index
        return None if i is None else self.cfg.seat(i)

    @property
    def actor(self) -> Optional[int]:
        i = self.st.actor_index
        return self.drawer if i is None else self.cfg.seat(i)

    def snapshot(self) -> Dict[str, Any]:
        st = self.st
        snap = super().snapshot()
        snap["drawing"] = self.drawer is not None
        if st.status:
            snap["street"] = st.street_index
            snap["cards"] = self.by_seat(
                [
                    [f"{c.rank}{c.suit}" for c in st.hole_cards[i]] if st.statuses[i] else None
                    for i in range(self.cfg.n)
                ]
            )
        return snap

    def sync(self, hand: Any) -> None:
        """Plays our hand's discards, burns and draws since the last call
        into pokerkit."""
        st, cfg = self.st, self.cfg
        events = hand.events
        with warnings.catch_warnings():
            # pokerkit warns when the cards given are not the top of its own
            # deck, or come from its reserve (D2)
            warnings.simplefilter("ignore")
            for e in events[self.done :]:
                if e.kind == EventKind.DISCARD:
                    self.advance()
                    if self.drawer != e.seat:
                        raise Mismatch(f"drawer: holecards {e.seat} != pokerkit {self.drawer}")
                    st.stand_pat_or_discard(cards_text(e.cards))
                elif e.kind == EventKind.BURN:
                    st.burn_card(cards_text(e.cards))
                elif e.kind == EventKind.DEAL_HOLE and e.street != Street.PREDRAW:
                    st.deal_hole(cards_text(e.cards), cfg.player(e.seat))
        self.done = len(events)
        self.advance()


def our_snapshot(hand: Any) -> Dict[str, Any]:
    snap: Dict[str, Any] = {"actor": hand.actor, "drawing": hand.is_drawing}
    if not hand.is_over:
        snap["stacks"] = list(hand.stacks)
        snap["pot"] = hand.pot
        snap["bets"] = list(hand.bets)
        snap["street"] = int(hand.street) - int(Street.PREDRAW)
        snap["cards"] = [
            None if hand.folded[s] else [str(c) for c in hand.hole_cards(s)]
            for s in range(hand.num_players)
        ]
    la = hand.legal_actions()
    if hand.actor is None:
        assert la is None
    elif la.draw:
        assert hand.is_drawing and la.seat == hand.actor
        assert (la.can_fold, la.can_check, la.call_amount) == (False, False, 0)
        assert (la.min_raise_to, la.max_raise_to) == (None, None)
    else:
        assert not hand.is_drawing
        snap["can_fold"] = la.can_fold
        snap["call_amount"] = la.call_amount
        snap["min_raise_to"] = la.min_raise_to
        snap["max_raise_to"] = la.max_raise_to
        assert la.can_check == (la.call_amount == 0)
    return snap


AGREED_WHEN_DIVERGED = (
    "actor",
    "drawing",
    "stacks",
    "pot",
    "bets",
    "street",
    "cards",
    "can_fold",
    "call_amount",
)


# --------------------------------------------------------------------------
# our own checks of the draws


def check_draws(hand: Any, cfg: DrawConfig, seen: Set[str]) -> None:
    """Our checks of the draws' cards, read from the hand's events (pokerkit
    takes any card it is given): each draw's discards, then one burn, then
    each drawer's cards as one block; every hand keeps the game's size and
    no card is in two hands; a card thrown away in a draw does not come back
    in that draw unless nothing else is left; the stub is reshuffled only
    once it is down to its last card (WSOP tournament rules, section IX);
    the hands read back are the kept cards in order, then the cards drawn."""
    k = HOLE[cfg.game]
    hands: Dict[int, List[str]] = {}
    shown: Set[str] = set()
    discards: Set[str] = set()
    dealt: List[str] = []
    draw: Optional[Street] = None

    def end_of_draw() -> None:
        if not discards:
            seen.add("everyone stood pat")
        live = [c for h in hands.values() for c in h]
        assert len(live) == len(set(live)) == k * len(hands), hands
        assert dealt and len(dealt[1:]) == len(set(dealt[1:])), dealt
        if dealt[0] in live:
            # the burn goes into a reshuffle with the other burns (D2)
            seen.add("burn dealt after a reshuffle")
        # a reshuffle can take, besides this draw's discards, every card in
        # no live hand once the discards are out
        if len(dealt) <= 52 - len(live):
            assert not discards & set(dealt), ("a discard came back", discards, dealt)
        elif discards & set(dealt):
            seen.add("a draw's own discards dealt")
        for c in dealt:
            if c in shown:
                seen.add("reshuffle")
                assert len(shown) >= 51, "reshuffled with fresh cards left"
                break
            shown.add(c)
        shown.update(dealt)
        discards.clear()
        dealt.clear()

    for e in hand.events:
        cards = [str(c) for c in e.cards or ()]
        if draw is not None and (e.street != draw or e.kind not in DRAW_EVENTS):
            end_of_draw()
            draw = None
        if e.kind == EventKind.DEAL_HOLE and e.street == Street.PREDRAW:
            hands[e.seat] = cards
            shown.update(cards)
        elif e.kind == EventKind.FOLD:
            del hands[e.seat]
        elif e.kind in DRAW_EVENTS:
            draw = e.street
            if e.kind == EventKind.DISCARD:
                assert e.amount == len(cards) and set(cards) <= set(hands[e.seat]), (e, hands)
                assert not dealt, "a discard after the burn"
                hands[e.seat] = [c for c in hands[e.seat] if c not in cards]
                discards.update(cards)
            elif e.kind == EventKind.BURN:
                assert not dealt and len(cards) == 1, "one burn, before the draws"
                dealt += cards
            else:
                assert dealt, "a draw dealt before the burn"
                assert len(hands[e.seat]) + len(cards) == k, (e, hands)
                hands[e.seat] += cards
                dealt += cards
    if draw is not None:
        end_of_draw()
    for seat, h in hands.items():
        assert [str(c) for c in hand.hole_cards(seat)] == h, (seat, h)


# --------------------------------------------------------------------------
# one hand


def choose_discard(rng: random.Random, hole: List[str], aggressive: bool) -> List[str]:
    r = rng.random()
    if aggressive:
        return list(hole) if r < 0.5 else [c for c in hole if rng.random() < 0.8]
    if r < 0.25:
        return []
    if r < 0.35:
        return list(hole)
    return [c for c in hole if rng.random() < 0.35]


def draw(hand: Any, rng: random.Random, cards: List[str]) -> None:
    """Our discard, through each way of writing it."""
    if not cards and rng.random() < 0.5:
        hand.stand_pat()
    elif rng.random() < 0.5:
        hand.discard(cards[::-1])
    else:
        hand.discard("".join(cards))


def play(cfg: DrawConfig, rng: random.Random, seen: Optional[Counter] = None) -> None:
    """Deal ``cfg`` into both libraries, play random legal actions and
    discards taken from our ``legal_actions()`` (bets within pokerkit's range
    where the two differ), compare at every decision and at the end, and
    raise ``Mismatch``. ``seen`` counts the hands that reached each
    situation."""
    hit: Set[str] = set()
    hand = cfg.hand()
    pk = PokerkitDraw(cfg, hand)
    log: List[Tuple[int, str, Any]] = []
    # the round on which the raise ranges stopped being comparable (D4)
    diverged_street: Optional[int] = None
    short_all_ins = 0
    street_key = pk.st.street_index

    def fail(what: str, ours: Any, theirs: Any) -> None:
        raise Mismatch(
            f"{what}: holecards {ours!r} != pokerkit {theirs!r}\n{cfg.describe()}\n"
            f"actions so far (seat, kind, amount or cards): {log!r}\n"
            f"history: {hand.history!r}"
        )

    def compare() -> None:
        ours, theirs = our_snapshot(hand), pk.snapshot()
        st = pk.st
        if (
            cfg.native_cap
            and st.actor_index is not None
            and st.street_index > 0
            and ours.get("min_raise_to") is not None
            and theirs.get("min_raise_to") is None
            and st.completion_betting_or_raising_count
            == st.street.max_completion_betting_or_raising_count
        ):
            # D1: pokerkit's cap counts the opening bet after a draw
            hit.add("pokerkit's own cap only")
            for k in ("min_raise_to", "max_raise_to"):
                del ours[k], theirs[k]
        keys = sorted(ours.keys() | theirs.keys())
        if diverged_street == st.street_index or pk.nobody_covers():
            keys = [k for k in keys if k in AGREED_WHEN_DIVERGED]
        for k in keys:
            if ours.get(k, "<absent>") != theirs.get(k, "<absent>"):
                fail(k, ours.get(k, "<absent>"), theirs.get(k, "<absent>"))

    def sync() -> None:
        try:
            pk.sync(hand)
        except (ValueError, Mismatch) as e:
            fail(f"pokerkit refused our draw ({e})", None, None)

    steps = 0
    while True:
        compare()
        if hand.actor is None:
            break
        steps += 1
        assert steps < 500, "runaway hand"
        seat = hand.actor
        la = hand.legal_actions()
        if la.draw:
            hole = [str(c) for c in hand.hole_cards(seat)]
            cards = [] if seat in cfg.tied else choose_discard(rng, hole, cfg.aggressive)
            log.append((seat, "draw", "".join(cards)))
            draw(hand, rng, cards)
            hit.add("stand pat" if not cards else "discard all" if cards == hole else "draw")
            if hand.all_in[seat]:
                hit.add("all-in player draws")
            sync()
            continue
        st = pk.st
        pk_min = st.min_completion_betting_or_raising_to_amount
        pk_max = st.max_completion_betting_or_raising_to_amount
        lo = hi = None
        if la.min_raise_to is not None and pk_min is not None:
            lo, hi = max(la.min_raise_to, pk_min), min(la.max_raise_to, pk_max)
            if lo > hi:
                lo = hi = None
        r = rng.random()
        fold = 0.0 if seat in cfg.tied else 0.03 if cfg.aggressive else 0.15
        if la.can_fold and r < fold:
            kind, amount = "fold", 0
        elif lo is not None and r < 0.5:
            kind = "raise"
            r2 = rng.random()
            amount = lo if r2 < 0.4 else hi if r2 < 0.6 else rng.randint(lo, hi)
        else:
            kind, amount = "call", 0
        # a short all-in bet or raise? (before acting)
        short = opening = False
        if kind == "raise":
            p = cfg.player(seat)
            short = amount == st.bets[p] + st.stacks[p] and amount < pk.full_raise_to()
            # pokerkit's first bet or raise of a round always reopens
            opening = st.completion_betting_or_raising_amount == 0
        log.append((seat, kind, amount))
        predraw = hand.street == Street.PREDRAW
        act(hand, kind, amount)
        try:
            pk.act(kind, amount)
        except ValueError as e:
            fail(f"pokerkit refused {kind} {amount} ({e})", None, None)
        sync()
        if hand.all_in[seat] and not hand.folded[seat]:
            hit.add("all-in before the draw" if predraw else "all-in after a draw")
        if pk.st.street_index != street_key:
            street_key = pk.st.street_index
            short_all_ins = 0
        elif kind == "raise":
            if short:
                short_all_ins += 1
                hit.add("short all-in bet or raise")
                if cfg.structure == "fl" or opening or short_all_ins >= 2:
                    diverged_street = street_key
            else:
                short_all_ins = 0
                if (
                    pk.st.completion_betting_or_raising_count
                    == pk.st.street.max_completion_betting_or_raising_count
                ):
                    hit.add("raise cap reached")

    if not hand.is_over:
        fail("is_over", hand.is_over, not pk.st.status)
    if pk.st.status:
        fail("pokerkit still running", False, pk.st.status)
    ours = list(hand.stacks)
    theirs = pk.by_seat(list(pk.st.stacks))
    lumped = seats_compared_in_sum(hand)
    for s in range(cfg.n):
        if s not in lumped and ours[s] != theirs[s]:
            fail(f"final stack of seat {s}", ours, theirs)
    if sum(ours[s] for s in lumped) != sum(theirs[s] for s in lumped):
        fail("final stacks of the tied winners", ours, theirs)
    assert sum(ours) == sum(cfg.stacks)
    shows = [e.seat for e in hand.events if e.kind == EventKind.SHOW]
    theirs_shows = [
        cfg.seat(op.player_index)
        for op in pk.st.operations
        if isinstance(op, HoleCardsShowingOrMucking)
    ]
    if shows != theirs_shows:
        fail("showdown order", shows, theirs_shows)
    check_draws(hand, cfg, hit)
    pots = list(hand.pots)
    if len(pots) > 1:
        hit.add("side pots")
    if sum(not f for f in hand.folded) > 1:
        hit.add("showdown")
    if any(len(p.winners) > 1 for p in pots):
        hit.add("split pot")
    if lumped:
        hit.add("odd chips compared in sum")
    if pk.pointless_checks:
        hit.add("pokerkit's pointless check")
    if cfg.n == 2:
        hit.add("heads-up")
    if seen is not None:
        seen.update(hit)
        seen["hands"] += 1


# --------------------------------------------------------------------------
# random hands

BATCHES, HANDS = 2, 150
DEEP = CROWDED = 40

#: what every batch of each game reaches at least once
COVERED = [
    "all-in before the draw",
    "all-in after a draw",
    "all-in player draws",
    "stand pat",
    "draw",
    "discard all",
    "everyone stood pat",
    "short all-in bet or raise",
    "side pots",
    "showdown",
    "split pot",
    "heads-up",
]
#: and in fixed limit
COVERED_FL = ["raise cap reached", "pokerkit's own cap only"]


def _play_seeds(game: str, seeds: Sequence[int], kind: str = "random") -> Counter:
    seen: Counter = Counter()
    for seed in seeds:
        rng = random.Random(seed)
        if kind == "crowded":
            cfg = crowded_config(rng, game)
        else:
            cfg = random_config(rng, game)
        if kind == "deep":
            # many raises and full rounds
            cfg.stacks = [rng.randint(150, 300) * cfg.big_blind for _ in cfg.stacks]
        try:
            play(cfg, rng, seen)
        except AssertionError as e:
            raise Mismatch(f"{game}, seed {seed}: {e}") from None
    return seen


@pytest.mark.parametrize("game, batch", [(g, b) for g in GAMES for b in range(BATCHES)], ids=str)
def test_random_hands_agree_with_pokerkit(game: str, batch: int) -> None:
    base = 10**6 * (GAMES.index(game) + 1) + 1000 * batch
    seen = _play_seeds(game, range(base, base + HANDS))
    assert seen["hands"] == HANDS
    missing = [k for k in COVERED if not seen[k]]
    if STRUCTURE[game] == "fl":
        missing += [k for k in COVERED_FL if not seen[k]]
    assert not missing, (missing, seen)
    # the narrowed comparison stays rare (D1)
    assert seen["pokerkit's own cap only"] <= 0.1 * HANDS, seen


@pytest.mark.parametrize("game", GAMES)
def test_deep_stacked_hands_agree_with_pokerkit(game: str) -> None:
    base = 10**6 * (GAMES.index(game) + 1) + 500_000
    seen = _play_seeds(game, range(base, base + DEEP), "deep")
    assert seen["showdown"], seen
    if STRUCTURE[game] == "fl":
        assert seen["raise cap reached"], seen


@pytest.mark.parametrize("game", GAMES)
def test_crowded_hands_reshuffle_and_agree_with_pokerkit(game: str) -> None:
    # D2: five or six players drawing most of their cards run the stub out
    base = 10**6 * (GAMES.index(game) + 1) + 700_000
    seen = _play_seeds(game, range(base, base + CROWDED), "crowded")
    assert seen["reshuffle"] >= (0.1 if game == "2-7-single-draw" else 0.3) * CROWDED, seen
    assert seen["burn dealt after a reshuffle"], seen
    if game == "2-7-triple-draw":
        # six players drawing 22 cards or more in one draw (in badugi six
        # players hold 24 cards, 28 are elsewhere: never)
        assert seen["a draw's own discards dealt"], seen


# --------------------------------------------------------------------------
# scripted hands, played in both libraries


def scripted(
    game: str,
    stacks: List[int],
    button: int,
    hole: List[str],
    actions: Sequence[str] = (),
    **kw: Any,
) -> Tuple[Any, PokerkitDraw]:
    """Deal the same hands into both libraries (blinds 1/2, bets 2/4 unless
    told) and take ``actions`` in both (see ``step``)."""
    kw.setdefault("small_blind", 1)
    kw.setdefault("big_blind", 2)
    kw.setdefault("small_bet", kw["big_blind"])
    kw.setdefault("big_bet", 2 * kw["small_bet"])
    kw.setdefault("seed", 1)
    cfg = DrawConfig(STRUCTURE[game], list(stacks), button, game=game, hole_cards=hole, **kw)
    hand = cfg.hand()
    pk = PokerkitDraw(cfg, hand)
    for action in actions:
        step(hand, pk, action)
    return hand, pk


def step(hand: Any, pk: PokerkitDraw, action: str) -> None:
    """One action in both libraries, by the same seat: "c" check or call,
    "f" fold, "r<to>" bet or raise to, "d" stand pat, "d<cards>" discard."""
    assert hand.actor == pk.actor, (hand.actor, pk.actor)
    if action.startswith("d"):
        assert hand.is_drawing and pk.drawer == hand.actor
        if action[1:]:
            hand.discard(action[1:])
        else:
            hand.stand_pat()
    else:
        kind = {"c": "call", "f": "fold"}.get(action, "raise")
        amount = int(action[1:]) if kind == "raise" else 0
        act(hand, kind, amount)
        pk.act(kind, amount)
    pk.sync(hand)


def play_out(hand: Any, pk: PokerkitDraw) -> None:
    """Stand pat and check or call to the end in both."""
    while hand.actor is not None:
        step(hand, pk, "d" if hand.is_drawing else "c")
    assert hand.is_over and not pk.st.status


def legal(snapshot: Dict[str, Any]) -> Tuple[Any, ...]:
    keys = ("actor", "drawing", "can_fold", "call_amount", "min_raise_to", "max_raise_to")
    return tuple(snapshot.get(k) for k in keys)


HANDS_2_7 = ["Ah2c3d4s5h", "Kc9d7h5c3s", "2d2h7c8d9s", "QsJsTs8s6s", "KdQdJd9h8h", "6c6d6h4c4d"]


class TestRuleDifferences:
    def test_raise_cap_counts_the_opening_bet_after_a_draw_in_pokerkit(self) -> None:
        # D1. Triple draw 1/2, bets 2/4, raise_cap=4, button 0 (seat 1 small
        # blind, seat 2 big blind); pokerkit's own class
        hole = HANDS_2_7[:3]
        predraw = ["r4", "r6", "r8", "r10"]
        hand, pk = scripted("2-7-triple-draw", [200] * 3, 0, hole, predraw, native_cap=True)
        assert FixedLimitDeuceToSevenLowballTripleDraw.max_completion_betting_or_raising_count == 4
        # before the draw both allow the big blind and four raises
        assert legal(our_snapshot(hand)) == legal(pk.snapshot()) == (1, False, True, 4, None, None)
        for action in ["c", "c", "d", "d", "d", "r2", "r4", "r6", "r8"]:
            step(hand, pk, action)
        # after the draw: a bet and three raises so far; ours allows a fourth
        assert hand.street == Street.FIRST_DRAW
        assert legal(our_snapshot(hand)) == (2, False, True, 4, 10, 10)
        assert legal(pk.snapshot()) == (2, False, True, 4, None, None)
        # the streets the random hands give pokerkit allow it too
        hand, pk = scripted("2-7-triple-draw", [200] * 3, 0, hole, predraw)
        for action in ["c", "c", "d", "d", "d", "r2", "r4", "r6", "r8"]:
            step(hand, pk, action)
        assert legal(our_snapshot(hand)) == legal(pk.snapshot()) == (2, False, True, 4, 10, 10)

    def test_reshuffle_leaves_out_this_draws_discards_only_in_holecards(self) -> None:
        # D2. Six players of triple draw: 30 cards dealt, 22 in the stub. The
        # first draw takes a burn and 6 x 3 cards (3 left); the second needs
        # a burn and 6 x 1 cards: the stub runs out
        rng = random.Random(7)
        deck = DECK[:]
        rng.shuffle(deck)
        hole = ["".join(deck[5 * i : 5 * i + 5]) for i in range(6)]
        hand, pk = scripted("2-7-triple-draw", [500] * 6, 0, hole, ["c"] * 5 + ["c"])
        for _ in range(6):
            step(hand, pk, "d" + "".join(split(hole[hand.actor])[:3]))
        for _ in range(6):
            step(hand, pk, "c")
        assert hand.street == Street.SECOND_DRAW and hand.is_drawing
        assert len(pk.st.deck_cards) == 3
        first = {str(c) for e in hand.events if e.kind == EventKind.DISCARD for c in e.cards}
        second: Set[str] = set()
        for _ in range(6):
            seat = hand.actor
            card = str(hand.hole_cards(seat)[0])
            second.add(card)
            if len(second) < 6:
                step(hand, pk, "d" + card)
        # pokerkit, every discard in: its reserve holds this draw's discards,
        # which it would deal after the 3 cards left (get_dealable_cards)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            pk.st.stand_pat_or_discard(card)
            reserve = {f"{c.rank}{c.suit}" for c in pk.st.reserved_cards}
            dealable = {f"{c.rank}{c.suit}" for c in pk.st.get_dealable_cards(7)}
        assert second <= reserve and second <= dealable
        # ours: the 3 cards left, then a reshuffle of the first draw's
        # discards and the burns, never this draw's
        hand.discard(card)
        assert not hand.is_drawing
        events = [e for e in hand.events if e.street == Street.SECOND_DRAW]
        dealt = {str(c) for e in events if e.kind == EventKind.DEAL_HOLE for c in e.cards}
        assert len(dealt) == 6 and not dealt & second
        assert dealt & first  # reshuffled

    def test_odd_chips_of_a_three_way_tie(self) -> None:
        # D3. Badugi, blinds 2/3, bets 3/6, button 0: seat 3 calls, seat 0
        # calls, seat 1 (small blind) folds, seat 2 checks: pot 3 + 3 + 2 + 3
        # = 11. Seats 0, 2 and 3 hold A-2-3-4 badugis: 3 each and 2 odd chips
        hole = ["Ac2d3h4s", "KcKdKhKs", "Ad2h3s4c", "Ah2s3c4d"]
        kw = dict(small_blind=2, big_blind=3)
        hand, pk = scripted("badugi", [100] * 4, 0, hole, ["c", "c", "f", "c"], **kw)
        play_out(hand, pk)
        assert [(p.amount, p.winners) for p in hand.pots] == [(11, (0, 2, 3))]
        # ours: one chip each to the first two winners from the button's left
        assert list(hand.stacks) == [100, 98, 101, 101]
        # pokerkit: both to the first winner from the button's left
        assert pk.by_seat(list(pk.st.stacks)) == [100, 98, 102, 100]

    def test_half_bet_all_in_reopens_the_betting_only_in_holecards(self) -> None:
        # D4. Triple draw 5/10, bets 10/20, button 0; the big blind (seat 2)
        # has 16 left. After the first draw seat 1 bets 10, seat 2 raises
        # all-in to 16 (6 more: half a bet or more, a full raise by rule 129)
        hole = HANDS_2_7[:3]
        kw = dict(small_blind=5, big_blind=10)
        actions = ["c", "c", "c", "d", "d", "d", "r10", "r16"]
        hand, pk = scripted("2-7-triple-draw", [200, 200, 26], 0, hole, actions, **kw)
        # both: the next player may raise a full bet over it
        assert legal(our_snapshot(hand)) == legal(pk.snapshot()) == (0, False, True, 16, 26, 26)
        step(hand, pk, "c")
        # the bettor, who already acted: ours may raise, pokerkit only call
        assert legal(our_snapshot(hand)) == (1, False, True, 6, 26, 26)
        assert legal(pk.snapshot()) == (1, False, True, 6, None, None)

    def test_heads_up_is_uncapped_only_in_holecards(self) -> None:
        # D5. Heads-up, heads_up_uncapped=True; pokerkit given the four raises
        # of raise_cap=4 before the draw
        hole = HANDS_2_7[:2]
        actions = ["r4", "r6", "r8", "r10"]
        hand, pk = scripted("2-7-triple-draw", [200, 200], 1, hole, actions, heads_up_uncapped=True)
        assert legal(our_snapshot(hand)) == (1, False, True, 2, 12, 12)
        assert legal(pk.snapshot()) == (1, False, True, 2, None, None)


class TestAgreedRules:
    """Hand-picked hands both libraries play alike, compared in full."""

    @pytest.mark.parametrize(
        "game, stacks, button, pots",
        [
            # heads-up, button 1: seat 1 has 2 chips, all-in on its ante
            ("badugi", [1322, 2], 1, [(4, (0, 1))]),
            ("2-7-triple-draw", [1322, 2], 1, [(4, (0, 1))]),
            # three-handed, button 2: the blinds, seats 0 and 1, are all-in on
            # their antes for 2 and 3; the button's ante is matched up to 3
            ("2-7-single-draw", [2, 3, 500], 2, [(6, (0, 1, 2)), (2, (1, 2))]),
        ],
    )
    def test_unmatched_ante_is_returned_as_uncalled(
        self, game: str, stacks: List[int], button: int, pots: List[Tuple[int, Any]]
    ) -> None:
        # The engine bug found here (see the module docstring). Blinds 5/10,
        # ante 5; every other player is all-in on its ante for less than the
        # 5 a player posted: the part of that ante nobody could match comes
        # back uncalled at once, in both (docs/game.md, rule choice 11:
        # "pots never holds chips nobody can match"), and the draws are
        # still played. (It stayed in a pot only its owner could win,
        # Pot(3, eligible=(0,)) heads-up, counted in ``pot`` and awarded
        # back at the showdown.)
        k = HOLE[game]
        hole = [c[: 2 * k] for c in HANDS_2_7[: len(stacks)]]
        kw = dict(small_blind=5, big_blind=10, ante=5)
        hand, pk = scripted(game, stacks, button, hole, **kw)
        assert hand.is_drawing  # the draws are still played
        theirs = pk.snapshot()
        assert [(p.amount, p.eligible) for p in hand.pots] == pots
        assert (hand.pot, list(hand.stacks)) == (theirs["pot"], theirs["stacks"])

    def test_heads_up_order(self) -> None:
        # Single draw 1/2, button 1: the button posts the small blind and
        # acts first before the draw; the big blind draws first and acts
        # first after it
        hand, pk = scripted("2-7-single-draw", [100, 100], 1, HANDS_2_7[:2])
        assert hand.actor == pk.actor == 1
        step(hand, pk, "c")
        step(hand, pk, "c")
        assert hand.is_drawing and hand.actor == pk.actor == 0
        step(hand, pk, "dAh2c")
        assert hand.actor == pk.actor == 1
        step(hand, pk, "d")
        assert not hand.is_drawing and hand.actor == pk.actor == 0
        assert our_snapshot(hand) == pk.snapshot()
        # the kept cards in order, then the two drawn
        assert [str(c) for c in hand.hole_cards(0)][:3] == ["3d", "4s", "5h"]
        play_out(hand, pk)
        assert list(hand.stacks) == pk.by_seat(list(pk.st.stacks))

    def test_everyone_all_in_before_the_draw_still_draws(self) -> None:
        # Single draw 1/2, button 0: seat 0 all-in for 20, seats 1 and 2 call
        # all-in; all three draw (seat 1 first) and nobody bets after
        hand, pk = scripted("2-7-single-draw", [20, 20, 20], 0, HANDS_2_7[:3], ["r20", "c", "c"])
        assert hand.all_in == [True, True, True]
        for action in ["dKc", "d2d2h", "d"]:
            assert our_snapshot(hand) == pk.snapshot()
            step(hand, pk, action)
        assert hand.is_over and not pk.st.status
        assert list(hand.stacks) == pk.by_seat(list(pk.st.stacks))
        assert [e.amount for e in hand.events if e.kind == EventKind.DISCARD] == [1, 2, 0]
        assert sum(e.kind == EventKind.BURN for e in hand.events) == 1

    def test_ace_to_five_is_no_straight_in_2_7(self) -> None:
        # 2-7: A-2-3-4-5 is ace high: it loses to K-9-7-5-3 and beats a pair
        hand, pk = scripted("2-7-triple-draw", [50] * 3, 0, HANDS_2_7[:3])
        play_out(hand, pk)
        assert [p.winners for p in hand.pots] == [(1,)]
        assert list(hand.stacks) == pk.by_seat(list(pk.st.stacks)) == [48, 54, 48]
        hand, pk = scripted("2-7-triple-draw", [50] * 2, 0, [HANDS_2_7[0], HANDS_2_7[2]])
        play_out(hand, pk)
        assert list(hand.stacks) == pk.by_seat(list(pk.st.stacks)) == [52, 48]

    def test_badugi_more_cards_beat_lower_cards(self) -> None:
        # badugi: K-Q-J-9 of four suits beats the three-card A-3-4 (the 2 of
        # clubs pairs the ace's suit), which beats a one-card hand
        hole = ["Ac2c3d4h", "KcQdJh9s", "5s6s7s8s"]
        hand, pk = scripted("badugi", [50] * 3, 0, hole)
        play_out(hand, pk)
        assert [p.winners for p in hand.pots] == [(1,)]
        assert list(hand.stacks) == pk.by_seat(list(pk.st.stacks)) == [48, 54, 48]

    def test_wsop_single_draw_hand_with_a_big_blind_ante(self) -> None:
        # PHH corpus, wsop/2023/43/5/41.phh (N2L1D): blinds 50,000/100,000,
        # big-blind ante 150,000; p3 folds, p4 raises to 200,000, the others
        # fold. The button is p5 (our seat 4), so seat i is pokerkit's p(i+1)
        stacks = [7250000, 2850000, 4800000, 475000, 14325000]
        kw = dict(small_blind=50000, big_blind=100000, big_blind_ante=150000)
        hole = HANDS_2_7[1:]
        actions = ["f", "r200000", "f", "f", "f"]
        hand, pk = scripted("2-7-single-draw", stacks, 4, hole, actions, **kw)
        assert hand.is_over and not pk.st.status
        final = [7200000, 2600000, 4800000, 775000, 14325000]
        assert list(hand.stacks) == pk.by_seat(list(pk.st.stacks)) == final

    @pytest.mark.parametrize(
        "game, seed",
        [
            # found by the sweeps: a big-blind ante (dead money) with the
            # small blind all-in and a fold
            ("2-7-triple-draw", 50017738),
            ("2-7-single-draw", 50011862),
            # the unmatched ante, heads-up: a player all-in on its ante for less
            ("2-7-triple-draw", 1000500),
            ("2-7-single-draw", 2000618),
            ("badugi", 3000356),
        ],
    )
    def test_regressions(self, game: str, seed: int) -> None:
        assert _play_seeds(game, [seed])["hands"] == 1


class TestOurDraws:
    def test_six_handed_triple_draw_can_need_the_draws_own_discards(self) -> None:
        # Six players of triple draw hold 30 cards; 22 are elsewhere. When
        # all six draw five, the draw needs a burn and 30 cards: 21 or 22 of
        # the others (the stub's last card goes into the reshuffle) and 9 or
        # 10 of the draw's own discards (docs/game.md: only then are they
        # shuffled in). pokerkit takes the cards given.
        rng = random.Random(3)
        deck = DECK[:]
        rng.shuffle(deck)
        hole = ["".join(deck[5 * i : 5 * i + 5]) for i in range(6)]
        hand, pk = scripted("2-7-triple-draw", [500] * 6, 0, hole, ["c"] * 6)
        while hand.is_drawing:
            step(hand, pk, "d" + hole[hand.actor])
        dealt = [
            str(c)
            for e in hand.events
            if e.kind in (EventKind.BURN, EventKind.DEAL_HOLE) and e.street == Street.FIRST_DRAW
            for c in e.cards
        ]
        assert len(dealt) == 31
        assert len(set(dealt) & set(deck[:30])) in (9, 10)
        assert our_snapshot(hand) == pk.snapshot()
        check_draws(hand, DrawConfig("fl", [500] * 6, 0, 1, 2, game="2-7-triple-draw"), set())


# --------------------------------------------------------------------------- the bench


@pytest.mark.parametrize("seed", [20240607, 3])
def test_the_games_bench_takes_as_many_decisions_in_both_libraries(seed: int) -> None:
    # benches/bench_games.py times each stud and draw game in both libraries
    # with one random policy that never looks at the cards; its ratios
    # compare like with like only if both offer the same legal actions, so
    # that the policy, drawing from one random.Random(seed), takes the same
    # number of decisions and draws over the same number of hands.
    import sys
    from pathlib import Path

    benches = Path(__file__).resolve().parent.parent / "benches"
    if str(benches) not in sys.path:
        sys.path.insert(0, str(benches))
    import bench_games

    for code, _, cls_name, stud in bench_games.GAMES:
        ours: List[int] = [0, 0]
        theirs: List[int] = [0, 0]
        bench_games.hc_play(bench_games.hc_rules(code), 40, seed, ours)()
        state = random.getstate()
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                game = bench_games.pk_game(pokerkit, code, cls_name, stud)
                bench_games.pk_play(game, 40, seed, theirs)()
        finally:
            random.setstate(state)
        assert ours == theirs and ours[0] > 40 * 10, (code, ours, theirs)
