"""Scenario tests of Progressive Hold'em (RULES.md, "Progressive Hold'em"):
everyone antes, no blinds, each round every player still in bets exactly that
round's amount or folds; no check, no raise; all-in for less allowed; the hand
ends early when one player is left. Expectations are worked out by hand."""

from __future__ import annotations

import pytest

import holecards as hc
from holecards import Hand, IllegalActionError, Rules, parse_cards

Street = hc.Street
ActionKind = hc.ActionKind

HOLE = ["AsAd", "KsKd", "QsQd", "JsJd"]
BOARD = "2c 2h 3d 4c 6s"  # seat i holds the i-th best hand


def P():
    return Rules.progressive(ante=10, bets=(50, 100, 150, 200))


def deal(stacks, button=0):
    return Hand(
        P(), list(stacks), button=button,
        hole_cards=HOLE[: len(stacks)], board=parse_cards(BOARD),
    )


def full(h):
    la = h.legal_actions()
    return (la.can_fold, la.can_check, la.call_amount, la.min_raise_to, la.max_raise_to)


def state(h):
    return (h.actor, h.street, list(h.stacks), list(h.bets), list(h.contributions),
            h.pot, [(a.seat, a.kind, a.amount) for a in h.history])


def test_progressive_rules_object():
    r = P()
    assert r.structure == hc.Structure.PROGRESSIVE
    assert r.ante == 10
    assert list(r.bets) == [50, 100, 150, 200]


def test_progressive_full_hand():
    h = deal([1000] * 3)
    # Everyone antes 10, no blinds.
    hist = [(a.seat, a.kind, a.amount) for a in h.history]
    assert sorted(hist) == [(s, ActionKind.POST_ANTE, 10) for s in range(3)]
    assert h.stacks == [990] * 3
    assert h.contributions == [10] * 3
    assert h.bets == [0, 0, 0]
    assert h.pot == 30
    # No blinds: action starts left of the button.
    assert h.actor == 1
    for street, size in [
        (Street.PREFLOP, 50), (Street.FLOP, 100), (Street.TURN, 150), (Street.RIVER, 200),
    ]:
        assert h.street == street
        order = []
        for _ in range(3):
            order.append(h.actor)
            # Fold or bet exactly the round's amount; no check, no raise.
            assert full(h) == (True, False, size, None, None)
            before = state(h)
            with pytest.raises(IllegalActionError):
                h.bet_or_raise_to(size)
            with pytest.raises(IllegalActionError):
                h.bet_or_raise_to(2 * size)
            assert state(h) == before
            h.check_or_call()
        assert order == [1, 2, 0]
    assert h.street == Street.SHOWDOWN
    assert h.is_over
    # Each put in 10 + 50 + 100 + 150 + 200 = 510; pot 1530; AA (seat 0) wins.
    assert h.contributions == [510] * 3
    assert h.pot == 1530
    assert h.payoffs == [1020, -510, -510]
    assert all(a.kind != ActionKind.RAISE for a in h.history)
    assert all(a.kind != ActionKind.CHECK for a in h.history)


def test_progressive_all_in_for_less_and_side_pot():
    h = deal([1000, 40, 1000])
    # Seat 1 antes 10 and has 30 left.
    assert h.actor == 1
    assert full(h) == (True, False, 30, None, None)
    h.check_or_call()
    assert h.all_in[1]
    assert h.stacks[1] == 0
    assert full(h) == (True, False, 50, None, None)  # seat 2: the full 50
    h.check_or_call()
    h.check_or_call()  # seat 0
    assert h.street == Street.FLOP
    assert h.actor == 2  # seat 1 is all-in
    assert full(h) == (True, False, 100, None, None)
    h.check_or_call()
    h.fold()  # seat 0: seat 2's 100 is uncalled and comes back
    assert h.is_over
    assert h.street == Street.SHOWDOWN
    # Contributions 60, 40, 60. Main 40 x 3 = 120 (seats 1, 2): KK beats QQ.
    # Side 20 + 20 = 40 (seat 2 only; seat 0 folded).
    pots = [(p.amount, frozenset(p.eligible), frozenset(p.winners)) for p in h.pots]
    assert pots == [
        (120, frozenset({1, 2}), frozenset({1})),
        (40, frozenset({2}), frozenset({2})),
    ]
    assert h.payoffs == [-60, 80, -20]
    assert sum(h.stacks) == 2040


def test_progressive_ends_early_when_one_is_left():
    h = deal([1000] * 3)
    h.check_or_call()  # seat 1 bets 50
    h.fold()  # seat 2
    h.fold()  # seat 0
    assert h.is_over
    assert h.street == Street.PREFLOP
    assert list(h.board) == []
    # Seat 1 gets its uncalled 50 back and wins the antes: +20.
    assert h.payoffs == [-10, 20, -10]


def test_progressive_everyone_folds_to_the_last_player():
    h = deal([1000] * 3)
    h.fold()  # seat 1
    h.fold()  # seat 2
    assert h.is_over
    assert h.actor is None
    assert h.payoffs == [20, -10, -10]


def test_progressive_short_ante_is_all_in():
    h = deal([1000, 6, 1000])
    # Seat 1 antes its 6 chips and is all-in.
    assert h.all_in == [False, True, False]
    assert h.contributions == [10, 6, 10]
    assert h.actor == 2
