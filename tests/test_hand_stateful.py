"""Hypothesis stateful tests of ``holecards.Hand``: random legal play in random
configurations, with the invariants of docs/game.md and RULES.md checked
after every action.

``TableMachine`` plays a session at one table: a random configuration (2 to
10 players, stacks down to 1 chip, no-limit, pot-limit, fixed-limit with any
cap or none, Progressive Hold'em; uniform antes, big-blind antes, straddles
and re-straddles where the rules allow them), then hand after hand with the
button moving left and the stacks carried over (a busted player rebuys).
Its rules take random legal actions, try illegal ones (each must raise
``IllegalActionError`` and change nothing), and take copies and pickles of
the hand that must replay the rest of it to the same end. After a showdown
the final stacks are recomputed from RULES.md alone
(``reference_game.reference_stacks``).

Two engine bugs made it fail when it was written (both reproduced in
``test_pokerkit_diff.py::TestOurRules``, both since fixed): "a decision that
decides nothing" (heads-up 1/2, stacks [1, 2], button 1: the small blind,
already covering the all-in big blind, was asked to call or fold) and "the
pots were not paid as RULES.md says" (a big blind all-in for its big-blind
ante was eligible for no pot).
"""

from __future__ import annotations

import pickle
from typing import Any, Dict, List, Tuple

from hypothesis import HealthCheck, assume, settings, strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

import reference_eval  # noqa: E402
from game_helpers import act, assert_illegal, state  # noqa: E402
from hand_strategies import progressive_bets
from holecards import ActionKind, Hand, Rules, Street
from reference_game import best_seats, card, reference_stacks, split  # noqa: E402

RANKS = "23456789TJQKA"
SUITS = "cdhs"
DECK = [r + s for r in RANKS for s in SUITS]
BOARD_LEN = {Street.PREFLOP: 0, Street.FLOP: 3, Street.TURN: 4, Street.RIVER: 5, Street.SHOWDOWN: 5}


# --------------------------------------------------------------------------
# configurations


def stacks_for(bb: int, n: int) -> st.SearchStrategy[List[int]]:
    deep = st.integers(30 * bb, 300 * bb)
    one = st.one_of(
        st.just(1),
        st.integers(1, 5),
        st.integers(1, 3 * bb),
        st.integers(3 * bb, 30 * bb),
        deep,
        deep,
        deep,
    )
    return st.lists(one, min_size=n, max_size=n)


@st.composite
def configs(draw: Any) -> Dict[str, Any]:
    """Keyword arguments for a Rules constructor, and the table."""
    n = draw(st.integers(2, 10))
    structure = draw(st.sampled_from(["nl", "pl", "fl", "progressive"]))
    if structure == "progressive":
        bets = progressive_bets(draw, 50)
        kw: Dict[str, Any] = {"ante": draw(st.integers(1, bets[0])), "bets": tuple(bets)}
        scale = bets[-1]
    else:
        bb = draw(st.integers(1, 50))
        sb = draw(st.integers(0, bb))
        kw = {"small_blind": sb, "big_blind": bb}
        antes = draw(st.sampled_from(["none", "none", "ante", "bba"]))
        if antes == "ante":
            kw["ante"] = draw(st.integers(1, bb))
        elif antes == "bba":
            kw["big_blind_ante"] = draw(st.integers(1, 2 * bb))
        if structure == "fl":
            small_bet = draw(st.one_of(st.none(), st.integers(1, 2 * bb)))
            kw["small_bet"] = small_bet
            sbet = bb if small_bet is None else small_bet
            kw["big_bet"] = draw(st.one_of(st.none(), st.integers(sbet, 3 * sbet)))
            kw["raise_cap"] = draw(st.sampled_from([None, 0, 1, 2, 3, 4, 5]))
            kw["heads_up_uncapped"] = draw(st.booleans())
        if n >= 3 and draw(st.integers(0, 3)) == 0:
            mode = draw(st.sampled_from(["straddle", "big_blind"]))
            if structure == "nl":
                # each re-straddle a legal raise over the last, measured as
                # the mode measures raises: the straddle acts as the big blind
                # ("straddle"), or raises need add only one big blind
                count = draw(st.integers(1, min(3, n - 2)))
                straddles, prev, prev_raise = [], bb, bb
                for _ in range(count):
                    s = prev + prev_raise + draw(st.integers(0, 2 * prev_raise))
                    straddles.append(s)
                    prev, prev_raise = s, (s if mode == "straddle" else bb)
            elif structure == "pl":
                straddles = [draw(st.integers(2 * bb, bb + (sb + 2 * bb)))]
            else:
                straddles = [bb + sbet]
            kw["straddles"] = tuple(straddles)
            kw["straddle_min_raise"] = mode
        scale = bb
    return {
        "structure": structure,
        "kw": kw,
        "stacks": draw(stacks_for(scale, n)),
        "button": draw(st.integers(0, n - 1)),
    }


def make_rules(cfg: Dict[str, Any]) -> Any:
    kw = cfg["kw"]
    return {
        "nl": Rules.no_limit,
        "pl": Rules.pot_limit,
        "fl": Rules.fixed_limit,
        "progressive": Rules.progressive,
    }[cfg["structure"]](**kw)


# --------------------------------------------------------------------------
# invariants


def check_hand(hand: Any, cfg: Dict[str, Any], starting: List[int]) -> None:
    n = hand.num_players
    structure = cfg["structure"]
    total = sum(starting)
    stacks, bets, contrib = list(hand.stacks), list(hand.bets), list(hand.contributions)
    folded, all_in = list(hand.folded), list(hand.all_in)
    assert list(hand.starting_stacks) == starting
    assert len(stacks) == len(bets) == len(contrib) == len(folded) == len(all_in) == n
    assert all(isinstance(x, int) and x >= 0 for x in stacks + bets + contrib)
    assert len(hand.board) == BOARD_LEN[hand.street]
    cards = [str(c) for s in range(n) for c in hand.hole_cards(s)] + [str(c) for c in hand.board]
    assert len(cards) == len(set(cards)) == 2 * n + len(hand.board)
    pots = list(hand.pots)

    if hand.is_over:
        assert hand.actor is None
        assert sum(stacks) == total, "chips not conserved"
        payoffs = list(hand.payoffs)
        assert sum(payoffs) == 0
        assert payoffs == [stacks[s] - starting[s] for s in range(n)]
        assert sum(p.amount for p in pots) == hand.pot, "pots do not add up to what was paid out"
        live = [s for s in range(n) if not folded[s]]
        assert live
        for p in pots:
            assert set(p.winners) <= set(p.eligible), f"winner not eligible: {p}"
            assert set(p.eligible) <= set(live)
            if p.amount > 0:
                assert p.winners, f"nobody won {p}"
        if len(live) == 1:
            (winner,) = live
            assert all(tuple(p.winners) == (winner,) for p in pots if p.amount > 0)
        if hand.street == Street.SHOWDOWN:
            check_showdown(hand, pots)
            assert stacks == reference_stacks(hand), "the pots were not paid as RULES.md says"
        # what each seat gained from the pots is what it won (each pot split
        # among its winners, odd chips from the left of the button)
        won = split(((p.amount, p.winners) for p in pots if p.winners), hand.button, n)
        assert sum(won) == hand.pot
        # and every stack is what the seat kept plus what it won
        assert stacks == [starting[s] - contrib[s] + won[s] for s in range(n)], (
            stacks,
            contrib,
            won,
        )
        return

    # the hand is running
    assert sum(stacks) + hand.pot == total, "chips not conserved"
    assert hand.payoffs is None
    assert all(not p.winners for p in pots)
    assert sum(p.amount for p in pots) == hand.pot, "pots do not add up to the pot"
    for p in pots:
        assert all(not folded[s] for s in p.eligible)
    assert sum(contrib) == hand.pot
    for s in range(n):
        assert stacks[s] + contrib[s] == starting[s]
        assert bets[s] <= contrib[s]
        if all_in[s]:
            assert stacks[s] == 0 and not folded[s]
        if stacks[s] == 0 and not folded[s]:
            assert all_in[s]
    a = hand.actor
    assert a is not None
    assert not folded[a] and not all_in[a] and stacks[a] > 0
    la = hand.legal_actions()
    assert la.seat == a
    others = [s for s in range(n) if s != a and not folded[s]]
    assert others
    if all(all_in[s] for s in others):
        # nobody else can bet: the actor must be behind a bet actually made
        # this street (contributions would mislead: a big-blind ante is dead
        # money, shown against the big blind but not part of its bet)
        assert bets[a] < max(bets[s] for s in others), "a decision that decides nothing"
    high = max(bets)
    if hand.street == Street.PREFLOP and structure != "progressive":
        # a blind or straddle posted short does not lower the bet: the others
        # still owe the full amount (the excess comes back uncalled)
        # (a straddle whose seat has no chips left after the ante, or that
        # would be the button's in a limit game, is not posted)
        posted = [x.seat for x in hand.history if x.kind == ActionKind.POST_STRADDLE]
        straddles = cfg["kw"].get("straddles", ())[: len(posted)]
        high = max(high, straddles[-1] if straddles else hand.rules.big_blind)
    assert 0 <= la.call_amount <= stacks[a]
    # every decision is a choice: at least two of fold, check, call, bet/raise
    options = [la.can_fold, la.can_check, la.call_amount > 0, la.min_raise_to is not None]
    assert sum(options) >= 2, f"a decision with one option: {la}"
    assert la.can_check == (la.call_amount == 0)
    assert (la.min_raise_to is None) == (la.max_raise_to is None)
    if structure == "progressive":
        round_bet = cfg["kw"]["bets"][int(hand.street)]
        assert la.can_fold and not la.can_check
        assert la.min_raise_to is None
        assert la.call_amount == min(round_bet - bets[a], stacks[a]) > 0
        return
    assert la.call_amount == min(high - bets[a], stacks[a])
    assert la.can_fold == (not la.can_check)
    if la.min_raise_to is not None:
        lo, hi = la.min_raise_to, la.max_raise_to
        assert high < lo <= hi <= bets[a] + stacks[a]
        assert stacks[a] > la.call_amount
        bb = hand.rules.big_blind
        if lo < bets[a] + stacks[a] and structure in ("nl", "pl"):
            assert lo - high >= bb, "a raise smaller than the big blind"
        if structure == "nl":
            assert hi == bets[a] + stacks[a]
        elif structure == "pl":
            pot_raise = high + hand.pot + (high - bets[a])
            assert hi == min(bets[a] + stacks[a], max(lo, pot_raise))
        else:
            assert lo == hi
            size = hand.rules.small_bet if int(hand.street) < 2 else hand.rules.big_bet
            assert lo - (bets[a] + la.call_amount) <= size


def check_showdown(hand: Any, pots: List[Any]) -> None:
    """Each pot's winners are the best hands (by reference_eval) among its eligible players."""
    n = hand.num_players
    board = [card(c) for c in hand.board]
    values = {
        s: reference_eval.evaluate([card(c) for c in hand.hole_cards(s)] + board)
        for s in range(n)
        if not hand.folded[s]
    }
    for p in pots:
        if not p.eligible:
            continue
        assert set(p.winners) == set(best_seats(p.eligible, values)), f"wrong winners of {p}"


# --------------------------------------------------------------------------
# the machine


class TableMachine(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.hand: Any = None
        self.cfg: Dict[str, Any] = {}
        self.starting: List[int] = []
        self.actions: List[Tuple[str, int]] = []
        self.twins: List[Tuple[Any, int]] = []
        self.hands_played = 0

    # ----- setting up

    @initialize(
        cfg=configs(), seed=st.integers(0, 2**64 - 1), explicit=st.booleans(), data=st.data()
    )
    def setup(self, cfg: Dict[str, Any], seed: int, explicit: bool, data: Any) -> None:
        self.cfg = cfg
        self.rules = make_rules(cfg)
        assume(len(cfg["stacks"]) >= self.rules_min_players())
        self.start(cfg["stacks"], cfg["button"], seed, data if explicit else None)

    def rules_min_players(self) -> int:
        return 2 + len(self.cfg["kw"].get("straddles", ()))

    def start(self, stacks: List[int], button: int, seed: int, data: Any) -> None:
        n = len(stacks)
        kwargs: Dict[str, Any] = {"button": button, "seed": seed}
        if data is not None:
            cards = data.draw(st.permutations(DECK))
            kwargs["hole_cards"] = [cards[2 * i] + cards[2 * i + 1] for i in range(n)]
            k = data.draw(st.integers(0, 5))
            kwargs["board"] = cards[2 * n : 2 * n + k]
        self.starting = list(stacks)
        self.hand = Hand(self.rules, list(stacks), **kwargs)
        self.actions = []
        self.twins = []
        if data is not None:
            assert [str(c) for c in self.hand.hole_cards(0)] == [
                kwargs["hole_cards"][0][:2],
                kwargs["hole_cards"][0][2:],
            ]
        self.check_posts()
        self.after_action()

    def check_posts(self) -> None:
        h = self.hand
        kinds = {
            ActionKind.POST_ANTE,
            ActionKind.POST_SMALL_BLIND,
            ActionKind.POST_BIG_BLIND,
            ActionKind.POST_STRADDLE,
        }
        posts = [a for a in h.history if a.kind in kinds]
        assert posts == list(h.history)
        assert sum(a.amount for a in posts) == sum(self.starting) - sum(h.stacks) or h.is_over

    @precondition(lambda self: self.hand is not None and self.hand.is_over)
    @rule(seed=st.integers(0, 2**64 - 1), rebuy=st.integers(1, 500))
    def next_hand(self, seed: int, rebuy: int) -> None:
        stacks = [s if s > 0 else rebuy for s in self.hand.stacks]
        self.hands_played += 1
        self.start(stacks, (self.hand.button + 1) % len(stacks), seed, None)

    # ----- acting

    def choose(self, kind: str, frac: float) -> Tuple[str, int]:
        la = self.hand.legal_actions()
        if kind == "fold" and la.can_fold:
            return "fold", 0
        if kind == "raise" and la.min_raise_to is not None:
            lo, hi = la.min_raise_to, la.max_raise_to
            return "raise", lo + int((hi - lo) * frac)
        return "call", 0

    @precondition(lambda self: self.hand is not None and not self.hand.is_over)
    @rule(
        kind=st.sampled_from(["fold", "fold", "call", "call", "call", "raise", "raise"]),
        frac=st.one_of(st.just(0.0), st.floats(0, 0.2), st.floats(0, 1), st.just(1.0)),
    )
    def act(self, kind: str, frac: float) -> None:
        h = self.hand
        seat = h.actor
        la = h.legal_actions()
        high = max(h.bets)
        street = h.street
        before_len = len(h.history)
        kind, amount = self.choose(kind, frac)
        act(h, kind, amount)
        self.actions.append((kind, amount))
        # the action is recorded, and nothing else is (dealing is not an action)
        assert len(h.history) == before_len + 1
        last = h.history[-1]
        assert last.seat == seat
        if kind == "fold":
            assert (last.kind, last.amount) == (ActionKind.FOLD, 0)
        elif kind == "call" and la.call_amount == 0:
            assert (last.kind, last.amount) == (ActionKind.CHECK, 0)
        elif kind == "call":
            if self.cfg["structure"] == "progressive":
                assert last.kind in (ActionKind.BET, ActionKind.CALL)
            else:
                assert (last.kind, last.amount) == (ActionKind.CALL, la.call_amount)
        else:
            opening = high == 0 and street != Street.PREFLOP
            assert last.kind == (ActionKind.BET if opening else ActionKind.RAISE)
            assert last.amount == amount
        self.after_action()

    def after_action(self) -> None:
        check_hand(self.hand, self.cfg, self.starting)
        if self.hand.is_over:
            self.check_twins()

    # ----- illegal actions

    @precondition(lambda self: self.hand is not None and not self.hand.is_over)
    @rule(bad=st.sampled_from([-1, 2**64, 2**70, 4.0, "6", None, True, 1.5]))
    def not_an_amount(self, bad: Any) -> None:
        assert_illegal(
            self.hand, lambda: self.hand.bet_or_raise_to(bad), what=f"a raise to {bad!r}"
        )

    @precondition(lambda self: self.hand is not None and not self.hand.is_over)
    @rule(which=st.integers(0, 5), extra=st.integers(1, 10**6))
    def illegal(self, which: int, extra: int) -> None:
        h = self.hand
        a = h.actor
        la = h.legal_actions()
        all_in_to = h.bets[a] + h.stacks[a]
        if which == 0:
            if la.can_check:
                assert_illegal(h, h.fold, what="a fold when checking is free")
            elif self.cfg["structure"] != "progressive":
                assert la.can_fold
        elif which == 1:
            if la.min_raise_to is None:
                assert_illegal(
                    h, lambda: h.bet_or_raise_to(all_in_to), what="a raise when raising is closed"
                )
                assert_illegal(
                    h,
                    lambda: h.bet_or_raise_to(max(h.bets) + extra),
                    what="a raise when raising is closed",
                )
            else:
                assert_illegal(
                    h,
                    lambda: h.bet_or_raise_to(la.min_raise_to - 1),
                    what="a raise below the minimum",
                )
        elif which == 2:
            if la.max_raise_to is not None:
                assert_illegal(
                    h,
                    lambda: h.bet_or_raise_to(la.max_raise_to + 1),
                    what="a raise above the maximum",
                )
                assert_illegal(
                    h,
                    lambda: h.bet_or_raise_to(la.max_raise_to + extra),
                    what="a raise above the maximum",
                )
        elif which == 3:
            assert_illegal(h, lambda: h.bet_or_raise_to(0), what="a raise to 0")
            assert_illegal(
                h, lambda: h.bet_or_raise_to(max(h.bets)), what="a raise to the current bet"
            )
        elif which == 4:
            assert_illegal(
                h, lambda: h.bet_or_raise_to(all_in_to + extra), what="a raise beyond the stack"
            )
        else:
            if la.min_raise_to is not None and la.max_raise_to > la.min_raise_to:
                # every amount in range is legal: take one on a copy
                c = h.copy()
                mid = (la.min_raise_to + la.max_raise_to) // 2
                c.bet_or_raise_to(mid)
                assert c.history[-1].amount == mid

    @precondition(lambda self: self.hand is not None and self.hand.is_over)
    @rule()
    def act_after_the_end(self) -> None:
        h = self.hand
        assert_illegal(h, h.fold, what="a fold after the end")
        assert_illegal(h, h.check_or_call, what="a check after the end")
        assert_illegal(h, lambda: h.bet_or_raise_to(1), what="a bet after the end")

    # ----- copies and pickles

    @precondition(lambda self: self.hand is not None and not self.hand.is_over)
    @rule(kind=st.sampled_from(["fold", "call", "raise"]))
    def copies_are_independent(self, kind: str) -> None:
        h = self.hand
        before = state(h)
        c = h.copy()
        p = pickle.loads(pickle.dumps(h))
        assert state(c) == before
        assert state(p) == before
        # acting on the copy leaves the original alone
        k, amount = self.choose(kind, 0.5)
        act(c, k, amount)
        assert state(h) == before
        # keep fresh twins: at the end they must replay to the same hand
        self.twins.append((h.copy(), len(self.actions)))
        self.twins.append((pickle.loads(pickle.dumps(h)), len(self.actions)))

    def check_twins(self) -> None:
        final = state(self.hand)
        for twin, start in self.twins:
            for kind, amount in self.actions[start:]:
                act(twin, kind, amount)
            assert state(twin) == final, "a copy or pickle replayed to a different end"
        self.twins = []

    @invariant()
    def consistent(self) -> None:
        if self.hand is not None:
            assert self.hand.is_over == (self.hand.actor is None)


TableMachine.TestCase.settings = settings(
    max_examples=400,
    stateful_step_count=100,
    deadline=None,
    suppress_health_check=[
        HealthCheck.too_slow,
        HealthCheck.filter_too_much,
        HealthCheck.data_too_large,
    ],
)
test_table = TableMachine.TestCase
