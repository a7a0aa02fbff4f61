"""Differential test of the stud games of ``holecards.Hand`` (``stud``,
``stud-hi-lo``, ``razz``) against pokerkit 0.7.7's ``FixedLimitSevenCardStud``,
``FixedLimitSevenCardStudHighLowSplitEightOrBetter`` and ``FixedLimitRazz``.

Random hands (2 to 7 players, so the deck never runs out and no community
card comes up on seventh street; random stacks including 1-chip and short
ones, so players go all-in on the ante and on every street; no ante or an
ante; bring-ins 1 to 25 below small bets 2 to 100, big bets of twice the
small bet or another size; raise caps 1 to 4 and none) are dealt with the
same cards into a ``holecards.Hand`` and a pokerkit ``State``: a shuffled deck
gives each seat its seven cards, handed to holecards in dealing order
(``hole_cards``: down, down, up, up, up, up, down) and dealt to pokerkit
card by card as it asks for them (``hole_dealee_index``: three cards a
player one at a time on third street, then one a street to the players still
in), its burns dealt as the unknown card ``??``. Random legal actions
(bring-in, completion, fold, check or call, bet or raise to a random amount
in range) taken from our ``legal_actions()`` are played into both; at every
decision we compare who acts, whether the bring-in is owed
(``LegalActions.bring_in`` / ``can_post_bring_in``), the call amount (the
bring-in when owed: ``effective_bring_in_amount``), the minimum and maximum
raise-to (the completion while the bring-in stands), whether folding is
offered, the street, the bets of the street, every stack, the total pot and
every live player's cards; at the end, our ``final_stacks`` against pokerkit's
stacks.

Seat mapping: both libraries deal from the dealer's left; pokerkit player
``i`` is our seat ``(button + 1 + i) % n`` (the button is random).

Where pokerkit follows another rule than ours
---------------------------------------------
Our rules are docs/game.md's "Stud games" (the WSOP rule numbers below are
the ones it cites). Each point was read in pokerkit's source (``games.py``,
``state.py``) and reproduced; ``TestRuleDifferences`` plays each one in both
libraries and asserts what each does.

S1. Tied up cards on fourth to seventh street in stud (high). Ours: the
    highest card by suit among the tied up cards opens (K♠ 7♥ before
    K♣ 7♦). pokerkit (``Opening.HIGH_HAND``) takes the first tied player
    from the dealer's left, as Robert's Rules do ("a tie is broken by
    position"). In stud/8 and razz both take the first tied player from the
    dealer's left (live-action rules 245, 250) and are compared in full.
    When the two openers differ the random comparison checks that each is
    the one its rule picks (worked out here from the up cards, skipping
    players all-in) and stops the hand there, counted as "tied up cards"
    (about 0.6 % of stud hands; asserted under 3 %).
S2. A bring-in posted short. (a) With fewer chips after the ante than the
    bring-in, the player posts all it has; we keep the full bring-in as the
    amount the others call (docs/game.md, as with a short big blind),
    pokerkit lowers it to what was posted (1 instead of 2), and it offers
    the short player a "completion" to its whole stack. Such deals are
    skipped before any action, counted as "short bring-in" (about 2.5 %;
    asserted under 6 %). (b) With exactly the bring-in, pokerkit offers a
    completion to that same amount (all-in), which adds nothing; we offer
    no completion. The comparison asserts exactly that there and never
    takes pokerkit's completion.
S3. The raise cap. pokerkit's ``max_completion_betting_or_raising_count``
    (4) counts the completion or the opening bet with the raises: a
    completion and three raises. Ours (``raise_cap``, rule 126) counts the
    raises after the completion or bet: complete and four raises. The
    random hands give pokerkit a subclass counting ``raise_cap + 1`` (no
    limit for ``raise_cap=None``).
S4. Heads-up uncapped (rule 127): pokerkit has no such rule; the random
    hands use ``heads_up_uncapped=False``.
S5. Odd chips. Ours: among tied hands the odd chip goes to the highest card
    by suit among the five cards each plays (tournament rule 73,
    live-action rule 149). pokerkit gives it to the first winner from the
    dealer's left. In stud/8 pokerkit's pot building also differs as in
    test_pokerkit_games.py's G2 (the low half of a pot nobody in it has a
    low for), G3 and G4 (side pots merged before the split). The final
    stacks of the players concerned are compared only in sum
    (``seats_compared_in_sum``, as in pokerkit_harness.py).
S6. Fixed-limit short all-ins, raising when nobody can answer and the
    check pokerkit asks for that decides nothing: points 3, 8 and 9 of
    test_pokerkit_diff.py hold unchanged (a completion all-in for less than
    the small bet is such a short all-in). After a short all-in bet, raise
    or completion the rest of the round compares only who acts, the bring-in
    flag, folding, the call, bets, stacks, pot, street and cards, and raises
    only where both libraries allow the amount.

Where they agree (compared in full): the bring-in is the lowest up card
(aces high, clubs < diamonds < hearts < spades) in stud and stud/8, the
highest (aces low, spades first) in razz; a player all-in on the ante does
not bring in, the next player on its left who can bet does (rule 227), and
a player all-in is passed over for the opener on later streets; the bring-in
player cannot fold or check; the completion is to the small bet and
fourth street is played at the small bet (no open-pair double bet).

Engine bugs found here
----------------------
None: in the hands played here and in a sweep of 18,000 more (6,000 a game,
one in six deep-stacked), holecards and pokerkit agree wherever their rules
do.

Run time: 3 x 250 random hands and 40 deep-stacked hands of each game, about
15 s on one core.
"""

from __future__ import annotations

import random
import warnings
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Sequence, Set, Tuple

import pytest

pokerkit = pytest.importorskip("pokerkit")

from pokerkit import (  # noqa: E402
    Automation,
    FixedLimitRazz,
    FixedLimitSevenCardStud,
    FixedLimitSevenCardStudHighLowSplitEightOrBetter,
    Mode,
    State,
)

from holecards import Hand, Rules  # noqa: E402

RANKS = "23456789TJQKA"
SUITS = "cdhs"
DECK = [r + s for r in RANKS for s in SUITS]

# the burns are dealt here ("??"): CARD_BURNING would draw them from
# pokerkit's deck, which runs out with seven players
AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)

NATIVE: Dict[str, Any] = {
    "stud": FixedLimitSevenCardStud,
    "stud-hi-lo": FixedLimitSevenCardStudHighLowSplitEightOrBetter,
    "razz": FixedLimitRazz,
}
GAMES = list(NATIVE)

_CAPPED: Dict[Tuple[str, Optional[int]], Any] = {}


def pokerkit_class(game: str, count: Optional[int]) -> Any:
    """pokerkit's class for ``game`` allowing ``count`` completions, bets and
    raises a street (the class attribute its ``__init__`` reads; S3)."""
    native = NATIVE[game]
    if count == native.max_completion_betting_or_raising_count:
        return native
    key = (game, count)
    if key not in _CAPPED:
        _CAPPED[key] = type(
            f"{native.__name__}Count{count}",
            (native,),
            {"max_completion_betting_or_raising_count": count},
        )
    return _CAPPED[key]


# --------------------------------------------------------------------------
# configurations


@dataclass
class StudConfig:
    game: str
    stacks: List[int]
    button: int
    bring_in: int
    small_bet: int
    big_bet: int
    ante: int = 0
    raise_cap: Optional[int] = 4
    heads_up_uncapped: bool = False
    #: each seat's seven cards in dealing order (down, down, up x 4, down)
    cards: List[List[str]] = field(default_factory=list)

    @property
    def n(self) -> int:
        return len(self.stacks)

    def rules(self) -> Any:
        return Rules.stud(
            game=self.game,
            bring_in=self.bring_in,
            small_bet=self.small_bet,
            big_bet=self.big_bet,
            ante=self.ante,
            raise_cap=self.raise_cap,
            heads_up_uncapped=self.heads_up_uncapped,
        )

    def hand(self) -> Any:
        return Hand(
            self.rules(),
            list(self.stacks),
            button=self.button,
            hole_cards=["".join(c) for c in self.cards],
        )

    # pokerkit player i <-> our seat (button + 1 + i) % n
    def seat(self, player: int) -> int:
        return (self.button + 1 + player) % self.n

    def player(self, seat: int) -> int:
        return (seat - self.button - 1) % self.n

    def pokerkit_state(self, count: Optional[int] = -1) -> State:
        """``count``: completions, bets and raises a street; by default
        ``raise_cap + 1`` (S3)."""
        if count == -1:
            count = None if self.raise_cap is None else self.raise_cap + 1
        stacks = [self.stacks[self.seat(i)] for i in range(self.n)]
        return pokerkit_class(self.game, count).create_state(
            AUTOMATIONS,
            True,
            self.ante,
            self.bring_in,
            self.small_bet,
            self.big_bet,
            stacks,
            self.n,
            mode=Mode.TOURNAMENT,
        )

    def describe(self) -> str:
        cards = ["".join(c) for c in self.cards]
        return (
            f"rules={self.rules()!r}\nHand(rules, {self.stacks!r}, button={self.button}, "
            f"hole_cards={cards!r})"
        )


#: (bring-in, small bet)
LIMITS = [(1, 2), (1, 4), (2, 4), (3, 10), (5, 10), (2, 5), (1, 3), (10, 25), (25, 100)]


def random_stack(rng: random.Random, small_bet: int) -> int:
    r = rng.random()
    if r < 0.08:
        return rng.randint(1, 3)
    if r < 0.2:
        return rng.randint(1, 3 * small_bet)
    if r < 0.5:
        return rng.randint(3 * small_bet, 25 * small_bet)
    return rng.randint(25 * small_bet, 80 * small_bet)


def random_config(rng: random.Random, game: str) -> StudConfig:
    n = rng.randint(2, 7)
    bring_in, small = rng.choice(LIMITS)
    big = 2 * small if rng.random() < 0.8 else rng.randint(small + 1, 3 * small)
    ante = (
        0
        if rng.random() < 0.3
        else rng.choice([1, bring_in, max(1, small // 4), max(1, small // 2)])
    )
    cfg = StudConfig(
        game,
        [random_stack(rng, small) for _ in range(n)],
        rng.randrange(n),
        bring_in,
        small,
        big,
        ante=ante,
        raise_cap=rng.choice([4, 4, 4, 3, 2, 1, None]),
    )
    deck = list(DECK)
    rng.shuffle(deck)
    cfg.cards = [deck[7 * i : 7 * i + 7] for i in range(n)]
    return cfg


# --------------------------------------------------------------------------
# the two sides


class Mismatch(AssertionError):
    pass


class PokerkitStud:
    def __init__(self, cfg: StudConfig, count: Optional[int] = -1) -> None:
        self.cfg = cfg
        self.st = cfg.pokerkit_state(count)
        self.advance()

    def advance(self) -> None:
        st, cfg = self.st, self.cfg
        with warnings.catch_warnings():
            # pokerkit warns when given cards are not the top of its own
            # shuffled deck; we deal known cards on purpose.
            warnings.simplefilter("ignore")
            while st.status and (st.actor_index is None or self.pointless_check()):
                if st.actor_index is not None:
                    st.check_or_call()
                elif st.can_burn_card("??"):
                    st.burn_card("??")
                elif st.can_deal_hole():
                    i = st.hole_dealee_index
                    st.deal_hole(cfg.cards[cfg.seat(i)][len(st.hole_cards[i])])
                else:  # pragma: no cover - would be a harness bug
                    raise AssertionError("pokerkit is waiting for an operation we do not drive")

    @property
    def actor(self) -> Optional[int]:
        i = self.st.actor_index
        return None if i is None else self.cfg.seat(i)

    def by_seat(self, values: Sequence[Any]) -> List[Any]:
        return [values[self.cfg.player(s)] for s in range(self.cfg.n)]

    def snapshot(self) -> Dict[str, Any]:
        st = self.st
        snap: Dict[str, Any] = {"actor": self.actor}
        if st.status:
            snap["stacks"] = self.by_seat(list(st.stacks))
            snap["pot"] = st.total_pot_amount
            snap["bets"] = self.by_seat(list(st.bets))
            snap["street"] = st.street_index
            snap["cards"] = self.by_seat(
                [
                    [f"{c.rank}{c.suit}" for c in st.hole_cards[i]] if st.statuses[i] else None
                    for i in range(self.cfg.n)
                ]
            )
        if st.actor_index is not None:
            bring_in = st.can_post_bring_in()
            snap["bring_in"] = bring_in
            snap["can_fold"] = st.can_fold()
            snap["call_amount"] = (
                st.effective_bring_in_amount if bring_in else st.checking_or_calling_amount
            )
            snap["min_raise_to"] = st.min_completion_betting_or_raising_to_amount
            snap["max_raise_to"] = st.max_completion_betting_or_raising_to_amount
        return snap

    def pointless_check(self) -> bool:
        """pokerkit asks for a check nobody needs (S6, point 9 of
        test_pokerkit_diff): the actor owes nothing and every other player
        still in is all-in."""
        st = self.st
        me = st.actor_index
        return (
            not st.can_post_bring_in()
            and st.checking_or_calling_amount == 0
            and st.min_completion_betting_or_raising_to_amount is None
            and not any(i != me and st.statuses[i] and st.stacks[i] for i in range(self.cfg.n))
        )

    def nobody_covers(self) -> bool:
        """No other live player has chips beyond the current bet (S6, point 8)."""
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
        """The smallest full completion, bet or raise-to, ignoring the
        actor's stack."""
        st = self.st
        size = max(
            st.completion_betting_or_raising_amount,
            st.street.min_completion_betting_or_raising_amount,
        )
        return size if st.completion_status else size + max(st.bets)

    def act(self, kind: str, amount: int = 0) -> None:
        st = self.st
        if kind == "fold":
            st.fold()
        elif kind == "bring_in":
            st.post_bring_in()
        elif kind == "call":
            st.check_or_call()
        else:
            st.complete_bet_or_raise_to(amount)
        self.advance()


def our_snapshot(hand: Any) -> Dict[str, Any]:
    snap: Dict[str, Any] = {"actor": hand.actor}
    if not hand.is_over:
        snap["stacks"] = list(hand.stacks)
        snap["pot"] = hand.pot
        snap["bets"] = list(hand.bets)
        snap["street"] = int(hand.street) - 5  # THIRD is 5; pokerkit counts from 0
        snap["cards"] = [
            None if hand.folded[s] else [str(c) for c in hand.hole_cards(s)]
            for s in range(hand.num_players)
        ]
    if hand.actor is not None:
        la = hand.legal_actions()
        snap["bring_in"] = la.bring_in
        snap["can_fold"] = la.can_fold
        snap["call_amount"] = la.call_amount
        snap["min_raise_to"] = la.min_raise_to
        snap["max_raise_to"] = la.max_raise_to
        assert la.can_check == (la.call_amount == 0 and not la.bring_in)
    return snap


def act(hand: Any, kind: str, amount: int = 0) -> None:
    if kind == "fold":
        hand.fold()
    elif kind == "bring_in":
        hand.bring_in()
    elif kind == "call":
        hand.check_or_call()
    else:
        hand.bet_or_raise_to(amount)


AGREED_WHEN_DIVERGED = (
    "actor",
    "stacks",
    "pot",
    "bets",
    "street",
    "cards",
    "bring_in",
    "can_fold",
    "call_amount",
)


# --------------------------------------------------------------------------
# up cards, worked out here


def card_order(card: str) -> int:
    """Rank then suit, aces high, clubs < diamonds < hearts < spades."""
    return 4 * RANKS.index(card[0]) + SUITS.index(card[1])


def showing_key(up: Sequence[str]) -> Tuple[Tuple[int, int], ...]:
    """Stud high up cards, greater better: the rank groups by size, then rank."""
    counts = Counter(RANKS.index(c[0]) for c in up)
    return tuple(sorted(((k, r) for r, k in counts.items()), reverse=True))


def bring_in_card_seat(cfg: StudConfig, hand: Any) -> int:
    """The seat whose up card brings in, all-in or not: the lowest card
    (aces high) in stud and stud/8, the highest (aces low) in razz; suits
    clubs, diamonds, hearts, spades."""
    up = {s: str(hand.up_cards(s)[0]) for s in range(cfg.n)}
    if cfg.game == "razz":
        return max(up, key=lambda s: ((RANKS.index(up[s][0]) + 1) % 13, SUITS.index(up[s][1])))
    return min(up, key=lambda s: card_order(up[s]))


def stud_tie_openers(cfg: StudConfig, hand: Any) -> Optional[Tuple[int, int]]:
    """S1: when the best up cards in stud are tied among the players still
    in, the seat that opens by our rule (the highest card by suit among the
    tied up cards) and by pokerkit's (the first tied player from the
    dealer's left), each passing a player all-in to the next on its left
    who can bet; None when no two are tied for best."""
    n = cfg.n
    live = [s for s in ((cfg.button + 1 + i) % n for i in range(n)) if not hand.folded[s]]
    ups = {s: [str(c) for c in hand.up_cards(s)] for s in live}
    best = max(showing_key(ups[s]) for s in live)
    tied = [s for s in live if showing_key(ups[s]) == best]
    if len(tied) < 2:
        return None

    def can_bet(s: int) -> int:
        return next(
            t for t in ((s + k) % n for k in range(n)) if not hand.folded[t] and hand.stacks[t] > 0
        )

    ours = max(tied, key=lambda s: max(card_order(c) for c in ups[s]))
    return can_bet(ours), can_bet(tied[0])


# --------------------------------------------------------------------------
# one hand


def seats_compared_in_sum(hand: Any) -> Set[int]:
    """S5: the seats whose final stacks are compared only in sum, as in
    pokerkit_harness.py: the winners of a pot or hi/lo half split with odd
    chips, of hi/lo pots with an odd amount when there are two or more, and
    the players in a pot nobody in it has a low for while another has one."""
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


def play(cfg: StudConfig, rng: random.Random, seen: Optional[Counter] = None) -> str:
    """Deal ``cfg`` into both libraries, play random legal actions taken from
    our ``legal_actions()`` (within pokerkit's range where the two differ),
    compare at every decision and at the end, and raise ``Mismatch``.
    Returns "played", or why the hand was left (S1, S2); ``seen`` counts the
    situations the hand reached."""
    seen = Counter() if seen is None else seen
    hand = cfg.hand()
    la = hand.legal_actions()
    if la is not None and la.bring_in:
        if hand.stacks[la.seat] < cfg.bring_in:
            return "short bring-in"  # S2 (a)
        if la.seat != bring_in_card_seat(cfg, hand):
            seen["bring-in passed on (all-in on the ante)"] += 1
        if hand.stacks[la.seat] == cfg.bring_in:
            seen["bring-in all-in"] += 1
    pk = PokerkitStud(cfg)
    log: List[Tuple[int, str, int]] = []
    # the street on which the raise ranges stopped being comparable (S6)
    diverged_street: Optional[int] = None
    street_key = pk.st.street_index

    def fail(what: str, ours: Any, theirs: Any) -> None:
        raise Mismatch(
            f"{what}: holecards {ours!r} != pokerkit {theirs!r}\n{cfg.describe()}\n"
            f"actions so far (seat, kind, amount): {log!r}\nhistory: {hand.history!r}"
        )

    def compare() -> None:
        ours, theirs = our_snapshot(hand), pk.snapshot()
        if ours.get("bring_in") and hand.stacks[hand.actor] == cfg.bring_in:
            # S2 (b): all-in for exactly the bring-in: no completion here,
            # pokerkit's to the same amount
            mine = (ours.pop("min_raise_to"), ours.pop("max_raise_to"))
            its = (theirs.pop("min_raise_to"), theirs.pop("max_raise_to"))
            if mine != (None, None) or its != (cfg.bring_in, cfg.bring_in):
                fail("completion all-in for the bring-in", mine, its)
        keys = sorted(ours.keys() | theirs.keys())
        if diverged_street == pk.st.street_index or pk.nobody_covers():
            keys = [k for k in keys if k in AGREED_WHEN_DIVERGED]
        for k in keys:
            if ours.get(k, "<absent>") != theirs.get(k, "<absent>"):
                fail(k, ours.get(k, "<absent>"), theirs.get(k, "<absent>"))

    street = hand.street
    all_in: Set[int] = set()
    steps = 0
    while True:
        if hand.actor is not None and hand.street != street:
            street = hand.street
            if cfg.game == "stud" and hand.actor != pk.actor:
                if stud_tie_openers(cfg, hand) != (hand.actor, pk.actor):
                    fail("opener", hand.actor, pk.actor)
                return "tied up cards"  # S1
        compare()
        if hand.actor is None:
            break
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
            kind, amount = "raise", rng.randint(lo, hi)
        else:
            kind, amount = ("bring_in" if la.bring_in else "call"), 0
        short = False
        if kind == "raise":
            p = cfg.player(seat)
            short = amount == st.bets[p] + st.stacks[p] and amount < pk.full_raise_to()
            seen["completed"] += la.bring_in
        log.append((seat, kind, amount))
        act(hand, kind, amount)
        pk.act(kind, amount)
        if pk.st.street_index != street_key:
            street_key = pk.st.street_index
        elif short:
            diverged_street = street_key
            seen["short all-in bet or raise"] += 1
        elif (
            kind == "raise"
            and pk.st.completion_betting_or_raising_count
            == pk.st.street.max_completion_betting_or_raising_count
        ):
            seen["raise cap reached"] += 1
        for s in range(cfg.n):
            if hand.stacks[s] == 0 and not hand.folded[s] and s not in all_in:
                all_in.add(s)
                seen[f"all-in on {street.name.lower()} street"] += 1

    if not hand.is_over:
        fail("is_over", hand.is_over, not pk.st.status)
    if pk.st.status:
        fail("pokerkit still running", False, pk.st.status)
    ours = list(hand.final_stacks)
    theirs = pk.by_seat(list(pk.st.stacks))
    lumped = seats_compared_in_sum(hand)
    for s in range(cfg.n):
        if s not in lumped and ours[s] != theirs[s]:
            fail(f"final stack of seat {s}", ours, theirs)
    if sum(ours[s] for s in lumped) != sum(theirs[s] for s in lumped):
        fail("final stacks of the tied winners", ours, theirs)
    assert sum(ours) == sum(cfg.stacks)
    pots = list(hand.pots)
    seen["side pots"] += len(pots) > 1
    seen["showdown"] += sum(not f for f in hand.folded) > 1
    seen["split high and low"] += any(p.low_winners and p.low_winners != p.winners for p in pots)
    return "played"


# --------------------------------------------------------------------------
# random hands

BATCHES, HANDS = 3, 250
DEEP = 40

#: what a batch of each game reaches at least once
COVERED = [
    "bring-in passed on (all-in on the ante)",
    "bring-in all-in",
    "completed",
    "raise cap reached",
    "short all-in bet or raise",
    "all-in on third street",
    "all-in on fourth street",
    "all-in on fifth street",
    "all-in on sixth street",
    "side pots",
    "showdown",
]


def _play_seeds(game: str, seeds: Sequence[int], deep: bool = False) -> Tuple[Counter, Counter]:
    outcomes: Counter = Counter()
    seen: Counter = Counter()
    for seed in seeds:
        rng = random.Random(seed)
        cfg = random_config(rng, game)
        if deep:
            # many raises and full streets
            cfg.raise_cap = 4
            cfg.stacks = [rng.randint(150, 300) * cfg.small_bet for _ in cfg.stacks]
        try:
            outcomes[play(cfg, rng, seen)] += 1
        except Mismatch as e:
            raise Mismatch(f"{game}, seed {seed}: {e}") from None
    return outcomes, seen


@pytest.mark.timeout(60)
@pytest.mark.parametrize("game, batch", [(g, b) for g in GAMES for b in range(BATCHES)], ids=str)
def test_random_hands_agree_with_pokerkit(game: str, batch: int) -> None:
    base = 10**6 * (GAMES.index(game) + 1) + 1000 * batch
    outcomes, seen = _play_seeds(game, range(base, base + HANDS))
    # the filters are narrow (S1, S2)
    assert outcomes["short bring-in"] <= 0.06 * HANDS, outcomes
    assert outcomes["tied up cards"] <= 0.03 * HANDS, outcomes
    if game != "stud":
        assert outcomes["tied up cards"] == 0
    assert outcomes["played"] >= 0.9 * HANDS, outcomes
    missing = [k for k in COVERED if not seen[k]]
    if game == "stud-hi-lo" and not seen["split high and low"]:
        missing.append("split high and low")
    assert not missing, (missing, seen)


@pytest.mark.timeout(60)
@pytest.mark.parametrize("game", GAMES)
def test_deep_stacked_hands_agree_with_pokerkit(game: str) -> None:
    base = 10**6 * (GAMES.index(game) + 1) + 500_000
    outcomes, seen = _play_seeds(game, range(base, base + DEEP), deep=True)
    assert outcomes["played"] >= 0.9 * DEEP, outcomes
    assert seen["raise cap reached"] and seen["showdown"], seen


# --------------------------------------------------------------------------
# the differences, played in both libraries


def scripted(
    game: str,
    stacks: List[int],
    button: int,
    cards: List[str],
    actions: Sequence[Tuple[str, int]] = (),
    count: Optional[int] = -1,
    **kw: Any,
) -> Tuple[Any, PokerkitStud]:
    """Deal the same seven cards a seat into both libraries and take the
    same actions, checking that the same seat acts each time."""
    kw.setdefault("bring_in", 1)
    kw.setdefault("small_bet", 4)
    kw.setdefault("big_bet", 2 * kw["small_bet"])
    cfg = StudConfig(
        game, stacks, button, cards=[[c[i : i + 2] for i in range(0, 14, 2)] for c in cards], **kw
    )
    hand = cfg.hand()
    pk = PokerkitStud(cfg, count)
    for kind, amount in actions:
        assert hand.actor == pk.actor
        act(hand, kind, amount)
        pk.act(kind, amount)
    return hand, pk


def legal(snapshot: Dict[str, Any]) -> Tuple[Any, ...]:
    return tuple(
        snapshot[k]
        for k in ("actor", "bring_in", "can_fold", "call_amount", "min_raise_to", "max_raise_to")
    )


class TestRuleDifferences:
    # seat 2's 2c brings in; seats 0 and 1 hold A-Q down, a king up
    CARDS = ["AhQhKc7d2d3d4d", "AdQdKs7h2h3h4h", "3s4s2c5d6d8d9d"]

    @pytest.mark.timeout(10)
    def test_tied_up_cards_in_stud(self) -> None:
        # S1. Button seat 2: seat 0 is first from the dealer's left. Seat 2
        # brings in, seats 0 and 1 call; on fourth street seat 0 shows
        # Kc 7d, seat 1 Ks 7h, seat 2 2c 5d
        hand, pk = scripted(
            "stud", [50] * 3, 2, self.CARDS, [("bring_in", 0), ("call", 0), ("call", 0)]
        )
        assert [[str(c) for c in hand.up_cards(s)] for s in range(3)] == [
            ["Kc", "7d"],
            ["Ks", "7h"],
            ["2c", "5d"],
        ]
        assert hand.actor == 1  # ours: the K of spades opens
        assert pk.actor == 0  # pokerkit: the first tied from the dealer's left
        assert pk.st.street_index == 1
        # in stud/8 both open with the first from the dealer's left
        hand, pk = scripted(
            "stud-hi-lo", [50] * 3, 2, self.CARDS, [("bring_in", 0), ("call", 0), ("call", 0)]
        )
        assert hand.actor == pk.actor == 0

    @pytest.mark.timeout(10)
    def test_bring_in_posted_short(self) -> None:
        # S2 (a). Bring-in 2, small bet 4, ante 1; seat 0 (2c) has 1 chip
        # left after the ante
        cards = ["AsKs2c" + "QdJdTd9d", "AhKh5c" + "QhJhTh9h", "AdKd7c" + "QcJcTc9c"]
        kw = dict(bring_in=2, small_bet=4, ante=1)
        hand, pk = scripted("stud", [2, 50, 50], 2, cards, **kw)
        ours, theirs = our_snapshot(hand), pk.snapshot()
        assert legal(ours) == (0, True, False, 1, None, None)
        # pokerkit also offers a "completion" to the whole stack
        assert legal(theirs) == (0, True, False, 1, 1, 1)
        act(hand, "bring_in")
        pk.act("bring_in")
        # seat 1 calls the full bring-in with us, the 1 posted in pokerkit
        assert legal(our_snapshot(hand)) == (1, False, True, 2, 4, 4)
        assert legal(pk.snapshot()) == (1, False, True, 1, 4, 4)
        # S2 (b). With exactly the bring-in left (2): no completion with us,
        # pokerkit's to the same 2
        hand, pk = scripted("stud", [3, 50, 50], 2, cards, **kw)
        assert legal(our_snapshot(hand)) == (0, True, False, 2, None, None)
        assert legal(pk.snapshot()) == (0, True, False, 2, 2, 2)

    @pytest.mark.timeout(10)
    def test_bring_in_all_in_on_the_ante_passes_left_in_both(self) -> None:
        # Razz, button seat 2: seat 0's Kc would bring in but the ante put it
        # all-in; the next on its left, seat 1 (3d), brings in in both
        cards = ["AsKdKcQcJh9s4d", "6h7h3d8c8h8s2s", "Ah5s2cQdJc9h5d"]
        hand, pk = scripted("razz", [1, 50, 50], 2, cards, bring_in=2, small_bet=4, ante=1)
        assert legal(our_snapshot(hand)) == legal(pk.snapshot()) == (1, True, False, 2, 4, 4)

    @pytest.mark.timeout(10)
    def test_raise_cap_counts_the_completion_in_pokerkit(self) -> None:
        # S3. raise_cap=4, pokerkit's own class (4 counting the completion):
        # bring-in 1, complete to 4, raises to 8, 12, 16
        actions = [("bring_in", 0), ("raise", 4), ("raise", 8), ("raise", 12), ("raise", 16)]
        hand, pk = scripted("stud", [100] * 3, 2, self.CARDS, actions, count=4)
        assert FixedLimitSevenCardStud.max_completion_betting_or_raising_count == 4
        # ours: that was three raises, a fourth (to 20) is open
        assert legal(our_snapshot(hand)) == (1, False, True, 8, 20, 20)
        assert legal(pk.snapshot()) == (1, False, True, 8, None, None)

    @pytest.mark.timeout(10)
    def test_heads_up_is_uncapped_only_in_holecards(self) -> None:
        # S4. Heads-up, heads_up_uncapped=True; pokerkit allowed a
        # completion and four raises (the count of S3 given as 5)
        actions = [("bring_in", 0)] + [("raise", a) for a in (4, 8, 12, 16, 20)]
        cards = [self.CARDS[0], self.CARDS[2]]
        hand, pk = scripted("stud", [100] * 2, 1, cards, actions, heads_up_uncapped=True)
        assert legal(our_snapshot(hand)) == (1, False, True, 4, 24, 24)
        assert legal(pk.snapshot()) == (1, False, True, 4, None, None)

    @pytest.mark.timeout(10)
    def test_odd_chip_of_a_tie(self) -> None:
        # S5. Button seat 0; bring-in 2, small bet 4, ante 1. Seat 2 (2c)
        # brings in, seat 0 calls, seat 1 folds: pot 3 + 2 + 2 = 7; checked
        # down. Seats 0 and 2 both play A-K-Q-J-9 (A of spades and A of
        # hearts): 3 each and the odd chip
        cards = ["AsKd3cQcJh9s4d", "6h7hTd8c8h8s2s", "AhKs2cQdJc9h5d"]
        hand, pk = scripted(
            "stud",
            [50] * 3,
            0,
            cards,
            [("bring_in", 0), ("call", 0), ("fold", 0)],
            bring_in=2,
            small_bet=4,
            ante=1,
        )
        while hand.actor is not None:
            assert hand.actor == pk.actor
            act(hand, "call")
            pk.act("call")
        assert [(p.amount, p.winners) for p in hand.pots] == [(7, (0, 2))]
        # ours: to the A of spades (seat 0)
        assert list(hand.final_stacks) == [47 + 4, 49, 47 + 3]
        # pokerkit: to the first winner from the dealer's left (seat 2)
        assert pk.by_seat(list(pk.st.stacks)) == [47 + 3, 49, 47 + 4]
