"""The machinery of the pokerkit differential tests (``test_pokerkit_diff.py``
for hold'em, ``test_pokerkit_games.py`` for the other games): one hand's
configuration, dealt into a ``holecards.Hand`` and a pokerkit ``State``
with the same known cards, and ``play``, which drives both with random legal
actions and compares them after every action and at the end.

The rule differences between pokerkit and holecards that this code avoids or
narrows are numbered in ``test_pokerkit_diff.py``'s module docstring (points
1-11, hold'em) and ``test_pokerkit_games.py``'s (G1-G5, the other games).

Import this module after ``pytest.importorskip("pokerkit")``: it imports
pokerkit unconditionally.
"""

from __future__ import annotations

import random
import warnings
from collections import Counter
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, Iterator, List, Optional, Set, Tuple

from pokerkit import (
    Automation,
    BettingStructure,
    Card,
    Deck,
    FixedLimitOmahaHoldemHighLowSplitEightOrBetter,
    Mode,
    NoLimitRoyalHoldem,
    NoLimitShortDeckHoldem,
    OmahaEightOrBetterLowHand,
    OmahaHoldemHand,
    Opening,
    PotLimitOmahaHoldem,
    ShortDeckHoldemHand,
    StandardHighHand,
    State,
    Street,
)
from pokerkit.lookups import Label, ShortDeckHoldemLookup

from game_helpers import act
from holecards import Hand, Rules

RANKS = "23456789TJQKA"
SUITS = "cdhs"
DECK = [r + s for r in RANKS for s in SUITS]

AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
    Automation.RUNOUT_COUNT_SELECTION,
)

STRUCTURES = {
    "nl": BettingStructure.NO_LIMIT,
    "pl": BettingStructure.POT_LIMIT,
    "fl": BettingStructure.FIXED_LIMIT,
}


# --------------------------------------------------------------------------
# the games in pokerkit


@dataclass
class _ShortDeckTripsLookup(ShortDeckHoldemLookup):
    """pokerkit's short-deck ranking with three of a kind above a straight."""

    def _add_entries(self) -> None:
        # ShortDeckHoldemLookup._add_entries with the straight and the trips
        # entries swapped (entries added later rank higher)
        self._add_multisets(Counter({1: 5}), (False,), Label.HIGH_CARD)
        self._add_multisets(Counter({2: 1, 1: 3}), (False,), Label.ONE_PAIR)
        self._add_multisets(Counter({2: 2, 1: 1}), (False,), Label.TWO_PAIR)
        self._add_straights(5, (False,), Label.STRAIGHT)
        self._add_multisets(Counter({3: 1, 1: 2}), (False,), Label.THREE_OF_A_KIND)
        self._add_multisets(Counter({3: 1, 2: 1}), (False,), Label.FULL_HOUSE)
        self._add_multisets(Counter({1: 5}), (True,), Label.FLUSH)
        self._add_multisets(Counter({4: 1, 1: 1}), (False,), Label.FOUR_OF_A_KIND)
        self._add_straights(5, (True,), Label.STRAIGHT_FLUSH)


class ShortDeckTripsHand(ShortDeckHoldemHand):
    """Short-deck hold'em with trips beating a straight (our 'short-deck-trips'),
    which pokerkit does not ship: its own hand class on the lookup above."""

    lookup = _ShortDeckTripsLookup()


_HI = (OmahaHoldemHand,)
_HI_LO = (OmahaHoldemHand, OmahaEightOrBetterLowHand)

#: our game code -> pokerkit's deck, hand types and hole cards a player
PK_GAMES: Dict[str, Tuple[Deck, Tuple[Any, ...], int]] = {
    "holdem": (Deck.STANDARD, (StandardHighHand,), 2),
    "omaha": (Deck.STANDARD, _HI, 4),
    "omaha5": (Deck.STANDARD, _HI, 5),
    "omaha6": (Deck.STANDARD, _HI, 6),
    "omaha-hi-lo": (Deck.STANDARD, _HI_LO, 4),
    "omaha5-hi-lo": (Deck.STANDARD, _HI_LO, 5),
    "omaha6-hi-lo": (Deck.STANDARD, _HI_LO, 6),
    "short-deck": (Deck.SHORT_DECK_HOLDEM, (ShortDeckHoldemHand,), 2),
    "short-deck-trips": (Deck.SHORT_DECK_HOLDEM, (ShortDeckTripsHand,), 2),
    "royal": (Deck.ROYAL_HOLDEM, (StandardHighHand,), 2),
}

#: (game, structure) -> the pokerkit game class that plays it. The other
#: pairs get a ``State`` built from the table above. pokerkit's
#: ``FixedLimitOmahaHoldemHighLowSplitEightOrBetter`` is pot-limit (point G1
#: of test_pokerkit_games.py): it plays our pot-limit Omaha hi/lo.
NATIVE: Dict[Tuple[str, str], Any] = {
    ("omaha", "pl"): PotLimitOmahaHoldem,
    ("omaha-hi-lo", "pl"): FixedLimitOmahaHoldemHighLowSplitEightOrBetter,
    ("short-deck", "nl"): NoLimitShortDeckHoldem,
    ("royal", "nl"): NoLimitRoyalHoldem,
}


@contextmanager
def memoized_pokerkit_hands() -> Iterator[None]:
    """Keep pokerkit's hand evaluations while the block runs.

    At showdown pokerkit asks, for every player, whether the player can
    still win (``State.can_win_now``), evaluating every player's hand again
    for every pot and hand type; an Omaha hand is the best of 60 to 150
    five-card hands, so a multiway hi/lo showdown took tens of milliseconds.
    ``from_game`` is a function of the cards alone, so the memo changes no
    result.
    """
    classes = {t for _, types, _ in PK_GAMES.values() for t in types}
    saved = {cls: cls.__dict__.get("from_game") for cls in classes}
    originals = {cls: cls.from_game.__func__ for cls in classes}
    memo: Dict[Any, Any] = {}

    def memoized(evaluate: Callable[..., Any]) -> Any:
        def from_game(cls: Any, hole_cards: Any, board_cards: Any = ()) -> Any:
            # cleaned first: pokerkit passes iterators, which a key would consume
            hole, board = Card.clean(hole_cards), Card.clean(board_cards)
            key = (cls, hole, board)
            if key not in memo:
                try:
                    memo[key] = evaluate(cls, hole, board)
                except ValueError as e:  # no hand (no qualifying low)
                    memo[key] = e
            if isinstance(memo[key], ValueError):
                raise ValueError(*memo[key].args)
            return memo[key]

        return classmethod(from_game)

    for cls in classes:
        cls.from_game = memoized(originals[cls])
    try:
        yield
    finally:
        for cls, attr in saved.items():
            if attr is None:
                del cls.from_game
            else:
                cls.from_game = attr


# --------------------------------------------------------------------------
# configurations


@dataclass
class Config:
    structure: str
    stacks: List[int]
    button: int
    small_blind: int
    big_blind: int
    ante: int = 0
    big_blind_ante: int = 0
    straddle: int = 0
    raise_cap: Optional[int] = 4
    hole_cards: List[str] = field(default_factory=list)
    board: List[str] = field(default_factory=list)
    game: str = "holdem"
    button_blind: bool = False

    @property
    def n(self) -> int:
        return len(self.stacks)

    def rules(self) -> Any:
        kw: Dict[str, Any] = dict(
            small_blind=self.small_blind,
            big_blind=self.big_blind,
            ante=self.ante,
            big_blind_ante=self.big_blind_ante,
            button_blind=self.button_blind,
            game=self.game,
        )
        if self.straddle:
            kw["straddles"] = (self.straddle,)
            kw["straddle_min_raise"] = "big_blind"
        if self.structure == "nl":
            return Rules.no_limit(**kw)
        if self.structure == "pl":
            return Rules.pot_limit(**kw)
        return Rules.fixed_limit(
            small_bet=self.big_blind,
            big_bet=2 * self.big_blind,
            raise_cap=self.raise_cap,
            heads_up_uncapped=False,
            **kw,
        )

    def hand(self) -> Any:
        return Hand(
            self.rules(),
            list(self.stacks),
            button=self.button,
            hole_cards=list(self.hole_cards),
            board=list(self.board),
        )

    # pokerkit player i <-> our seat (button + 1 + i) % n
    def seat(self, player: int) -> int:
        return (self.button + 1 + player) % self.n

    def player(self, seat: int) -> int:
        return (seat - self.button - 1) % self.n

    def pokerkit_state(self) -> State:
        bb, n = self.big_blind, self.n
        blinds: Tuple[int, ...] = (self.small_blind, bb)
        bb_player = 1
        if self.button_blind:
            # the button, pokerkit's last player, posts the big blind; heads-up
            # pokerkit swaps the two blinds (and antes), so it is given first
            assert not self.straddle
            blinds = (bb, 0) if n == 2 else (0,) * (n - 1) + (bb,)
            bb_player = 0 if n == 2 else n - 1
        if self.straddle:
            blinds += (self.straddle,)
        if self.big_blind_ante:
            antes: Any = {bb_player: self.big_blind_ante}
            trimming = False
        else:
            antes = self.ante
            trimming = True
        stacks = [self.stacks[self.seat(i)] for i in range(n)]
        native = NATIVE.get((self.game, self.structure))
        if native is not None:
            # the O8 class takes a small and a big bet: pot-limit, both the big blind
            sizes = (bb, bb) if native is FixedLimitOmahaHoldemHighLowSplitEightOrBetter else (bb,)
            return native.create_state(
                AUTOMATIONS, trimming, antes, blinds, *sizes, stacks, n, mode=Mode.TOURNAMENT
            )
        deck, hand_types, hole_count = PK_GAMES[self.game]
        if self.structure == "fl":
            cap = self.raise_cap
            caps = (cap, None if cap is None else cap + 1)
            sizes = (bb, bb, 2 * bb, 2 * bb)
        else:
            caps = (None, None)
            sizes = (bb, bb, bb, bb)
        streets = tuple(
            Street(
                i > 0,
                (False,) * hole_count if i == 0 else (),
                (0, 3, 1, 1)[i],
                False,
                Opening.POSITION,
                sizes[i],
                caps[0] if i == 0 else caps[1],
            )
            for i in range(4)
        )
        return State(
            AUTOMATIONS,
            deck,
            hand_types,
            streets,
            STRUCTURES[self.structure],
            trimming,
            antes,
            blinds,
            0,
            stacks,
            n,
            mode=Mode.TOURNAMENT,
        )

    def describe(self) -> str:
        return (
            f"rules={self.rules()!r}\nHand(rules, {self.stacks!r}, button={self.button}, "
            f"hole_cards={self.hole_cards!r}, board={self.board!r})"
        )


BLINDS = [(1, 2), (5, 10), (10, 20), (10, 15), (2, 2), (25, 50), (1, 3)]


def random_stack(rng: random.Random, bb: int) -> int:
    r = rng.random()
    if r < 0.08:
        return rng.randint(1, 2)
    if r < 0.2:
        return rng.randint(1, 3 * bb)
    if r < 0.5:
        return rng.randint(3 * bb, 25 * bb)
    return rng.randint(25 * bb, 150 * bb)


# --------------------------------------------------------------------------
# the two sides


class PokerkitSide:
    def __init__(self, cfg: Config) -> None:
        self.cfg = cfg
        self.board_dealt = 0
        with warnings.catch_warnings():
            # pokerkit warns when given cards are not the top of its own
            # shuffled deck; we deal known cards on purpose.
            warnings.simplefilter("ignore")
            self.st = cfg.pokerkit_state()
            while self.st.can_deal_hole():
                i = self.st.hole_dealee_index
                self.st.deal_hole(cfg.hole_cards[cfg.seat(i)])
            self.advance()

    def advance(self) -> None:
        st = self.st
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            while st.status and (st.actor_index is None or self.pointless_check()):
                if st.actor_index is not None:
                    st.check_or_call()
                elif st.can_burn_card("??"):
                    st.burn_card("??")
                elif st.can_deal_board():
                    k = st.board_dealing_count
                    cards = self.cfg.board[self.board_dealt : self.board_dealt + k]
                    self.board_dealt += k
                    st.deal_board("".join(cards))
                else:  # pragma: no cover - would be a harness bug
                    raise AssertionError("pokerkit is waiting for an operation we do not drive")

    @property
    def actor(self) -> Optional[int]:
        i = self.st.actor_index
        return None if i is None else self.cfg.seat(i)

    def by_seat(self, values: List[int]) -> List[int]:
        return [values[self.cfg.player(s)] for s in range(self.cfg.n)]

    def snapshot(self) -> Dict[str, Any]:
        st = self.st
        snap: Dict[str, Any] = {"actor": self.actor}
        if st.status:
            snap["stacks"] = self.by_seat(list(st.stacks))
            snap["pot"] = st.total_pot_amount
            snap["bets"] = self.by_seat(list(st.bets))
        if st.actor_index is not None:
            snap["can_fold"] = st.can_fold()
            snap["call_amount"] = st.checking_or_calling_amount
            snap["min_raise_to"] = st.min_completion_betting_or_raising_to_amount
            snap["max_raise_to"] = st.max_completion_betting_or_raising_to_amount
        return snap

    def pointless_check(self) -> bool:
        """pokerkit asks for a check nobody needs (point 9): the actor owes
        nothing and every other player still in is all-in."""
        st = self.st
        me = st.actor_index
        return (
            st.checking_or_calling_amount == 0
            and st.min_completion_betting_or_raising_to_amount is None
            and not any(i != me and st.statuses[i] and st.stacks[i] for i in range(self.cfg.n))
        )

    def nobody_covers(self) -> bool:
        """No other live player has chips beyond the current bet (point 8)."""
        st = self.st
        me = st.actor_index
        if me is None:
            return False
        high = max(st.bets)
        return not any(
            i != me and st.statuses[i] and st.stacks[i] + st.bets[i] > high
            for i in range(self.cfg.n)
        )

    def full_raise_to(self) -> int:
        """The smallest complete raise-to, ignoring the actor's stack."""
        st = self.st
        size = max(
            st.completion_betting_or_raising_amount,
            st.street.min_completion_betting_or_raising_amount,
        )
        return size + max(st.bets)

    def act(self, kind: str, amount: int = 0) -> None:
        if kind == "fold":
            self.st.fold()
        elif kind == "call":
            self.st.check_or_call()
        else:
            self.st.complete_bet_or_raise_to(amount)
        self.advance()


def our_snapshot(hand: Any) -> Dict[str, Any]:
    snap: Dict[str, Any] = {"actor": hand.actor}
    if not hand.is_over:
        snap["stacks"] = list(hand.stacks)
        snap["pot"] = hand.pot
        snap["bets"] = list(hand.bets)
    if hand.actor is not None:
        la = hand.legal_actions()
        snap["can_fold"] = la.can_fold
        snap["call_amount"] = la.call_amount
        snap["min_raise_to"] = la.min_raise_to
        snap["max_raise_to"] = la.max_raise_to
        assert la.can_check == (la.call_amount == 0)
    return snap


AGREED_WHEN_DIVERGED = ("actor", "stacks", "pot", "bets", "can_fold", "call_amount")


# --------------------------------------------------------------------------
# one hand


class Mismatch(AssertionError):
    pass


def seats_compared_in_sum(hand: Any) -> Set[int]:
    """The seats whose final stacks are compared only in sum: the winners of
    a pot or a hi/lo half split with odd chips (point 5 of test_pokerkit_diff,
    G3 of test_pokerkit_games), of hi/lo pots split with an odd chip when
    there are two or more (G4), and the players in a pot that nobody in it
    has a low for while another pot has one (G2)."""
    lumped: Set[int] = set()
    pots = list(hand.pots)
    odd_hi_lo = [i for i, p in enumerate(pots) if p.low_winners and p.amount % 2]
    any_low = any(p.low_winners for p in pots)
    for i, pot in enumerate(pots):
        hi, lo = pot.winners, pot.low_winners
        halves = [(pot.amount - pot.amount // 2, hi), (pot.amount // 2, lo)] if lo else []
        halves = halves or [(pot.amount, hi)]
        if any(len(w) >= 2 and a % len(w) for a, w in halves) or (
            len(odd_hi_lo) >= 2 and i in odd_hi_lo
        ):
            lumped |= set(hi) | set(lo)
        if any_low and not lo and len(pot.eligible) > 1:
            lumped |= set(pot.eligible)
    return lumped


def play(cfg: Config, rng: random.Random) -> None:
    """Deal ``cfg`` into both libraries, play random legal actions taken from
    our ``legal_actions()`` (within pokerkit's range where the two differ),
    and compare after every action and at the end; raise ``Mismatch``."""
    hand = cfg.hand()
    pk = PokerkitSide(cfg)
    log: List[Tuple[int, str, int]] = []
    # the street on which the raise ranges stopped being comparable (see
    # test_pokerkit_diff's docstring, points 3 and 4), and the short all-ins
    # seen on it
    diverged_street: Optional[int] = None
    short_all_ins = 0
    street_key = pk.st.street_index

    def fail(what: str, ours: Any, theirs: Any) -> None:
        raise Mismatch(
            f"{what}: holecards {ours!r} != pokerkit {theirs!r}\n{cfg.describe()}\n"
            f"actions so far (seat, kind, amount): {log!r}\nhistory: {hand.history!r}"
        )

    def compare() -> None:
        ours, theirs = our_snapshot(hand), pk.snapshot()
        keys = ours.keys() | theirs.keys()
        if (
            diverged_street is not None and diverged_street == pk.st.street_index
        ) or pk.nobody_covers():
            keys = [k for k in keys if k in AGREED_WHEN_DIVERGED]
        for k in sorted(keys):
            if ours.get(k, "<absent>") != theirs.get(k, "<absent>"):
                fail(k, ours.get(k, "<absent>"), theirs.get(k, "<absent>"))

    compare()
    steps = 0
    while hand.actor is not None:
        steps += 1
        assert steps < 500, "runaway hand"
        seat = hand.actor
        la = hand.legal_actions()
        st = pk.st
        pk_min = st.min_completion_betting_or_raising_to_amount
        pk_max = st.max_completion_betting_or_raising_to_amount
        lo = hi = None
        if la.min_raise_to is not None and pk_min is not None:
            lo, hi = max(la.min_raise_to, pk_min), min(la.max_raise_to, pk_max)
            if lo > hi:
                lo = hi = None
        r = rng.random()
        if la.can_fold and r < 0.15:
            kind, amount = "fold", 0
        elif lo is not None and r < 0.5:
            kind = "raise"
            r2 = rng.random()
            amount = lo if r2 < 0.4 else hi if r2 < 0.6 else rng.randint(lo, hi)
        else:
            kind, amount = "call", 0
        # is this a short all-in bet or raise? (before acting)
        short = opening = False
        if kind == "raise":
            all_in = amount == st.bets[cfg.player(seat)] + st.stacks[cfg.player(seat)]
            short = all_in and amount < pk.full_raise_to()
            # pokerkit's "full raise" starts at 0 on every round (blinds do not
            # set it), so its first bet or raise of a round always reopens
            opening = st.completion_betting_or_raising_amount == 0
        log.append((seat, kind, amount))
        act(hand, kind, amount)
        pk.act(kind, amount)
        if pk.st.street_index != street_key:
            street_key = pk.st.street_index
            short_all_ins = 0
        elif kind == "raise":
            if short:
                short_all_ins += 1
                if cfg.structure == "fl" or opening or short_all_ins >= 2:
                    diverged_street = street_key
            else:
                short_all_ins = 0
        compare()

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


def cover_forced_bets(
    cfg: Any, stacks: List[int], bb: int, rng: Any, button_blind: bool = False
) -> None:
    """Point 10 (and G5 of the games' test): the big blind (the button's with
    a button blind) and a straddle post in full, all-in at most: their
    stacks are raised when they would post short."""
    n = len(stacks)
    if button_blind:
        bb_seat = cfg.button
    else:
        bb_seat = (cfg.button + (1 if n == 2 else 2)) % n
    need = cfg.ante + cfg.big_blind_ante + bb
    if stacks[bb_seat] < need:
        stacks[bb_seat] = rng.randint(need, need + 3 * bb)
    if cfg.straddle:
        st_seat = (bb_seat + 1) % n
        need = cfg.ante + cfg.straddle
        if stacks[st_seat] < need:
            stacks[st_seat] = rng.randint(need, need + 3 * bb)
