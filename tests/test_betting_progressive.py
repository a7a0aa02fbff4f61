"""Scenario tests of Progressive Hold'em (RULES.md, "Progressive Hold'em"):
everyone antes, no blinds, each round every player still in bets exactly that
round's amount or folds; no check, no raise; all-in for less allowed; the hand
ends early when one player is left (docs/game.md rule choice 10).
Expectations are worked out by hand in the comments.

``P()`` (ante 10) and ``pdeal`` deal the first tests; ``PROG()`` (ante 5,
game_helpers.py) and ``deal`` the later ones. Seat i holds the i-th best
hand on the default board.
"""

from __future__ import annotations

import pytest

import holecards as hc
from game_helpers import (  # noqa: E402
    AA,
    JJ,
    KK,
    PROG,
    QQ,
    deal,
    expect,
    legal,
    play,
    pot_sets,
    pots,
    state,
)
from holecards import ConfigError, IllegalActionError, Rules

Street = hc.Street
ActionKind = hc.ActionKind


def P():
    return Rules.progressive(ante=10, bets=(50, 100, 150, 200))


def pdeal(stacks, button=0):
    return deal(P(), stacks, button=button)


def full(h):
    la = h.legal_actions()
    return (la.can_fold, la.can_check, la.call_amount, la.min_raise_to, la.max_raise_to)


# ---------------------------------------------------------------------------
# The rules
# ---------------------------------------------------------------------------


def test_progressive_rules_object():
    r = P()
    assert r.structure == hc.Structure.PROGRESSIVE
    assert r.ante == 10
    assert list(r.bets) == [50, 100, 150, 200]


@pytest.mark.parametrize(
    "bets", [(50, 50, 100, 150), (50, 100, 100, 150), (50, 100, 150, 150), (50, 100, 90, 200)]
)
def test_progressive_bets_must_grow(bets):
    # The seed text: the four bet sizes "get progressively bigger".
    with pytest.raises(ConfigError, match="grow"):
        Rules.progressive(ante=10, bets=bets)


# ---------------------------------------------------------------------------
# Hands
# ---------------------------------------------------------------------------


def test_progressive_full_hand():
    h = pdeal([1000] * 3)
    # Everyone antes 10, no blinds.
    hist = [(a.seat, a.kind, a.amount) for a in h.history]
    assert sorted(hist) == [(s, ActionKind.POST_ANTE, 10) for s in range(3)]
    expect(h, stacks=[990] * 3, contributions=[10] * 3, bets=[0, 0, 0], pot=30)
    # No blinds: action starts left of the button.
    assert h.actor == 1
    for street, size in [
        (Street.PREFLOP, 50),
        (Street.FLOP, 100),
        (Street.TURN, 150),
        (Street.RIVER, 200),
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
    expect(h, contributions=[510] * 3, pot=1530)
    assert h.payoffs == [1020, -510, -510]
    assert all(a.kind != ActionKind.RAISE for a in h.history)
    assert all(a.kind != ActionKind.CHECK for a in h.history)


def test_progressive_all_in_for_less_and_side_pot():
    h = pdeal([1000, 40, 1000])
    # Seat 1 antes 10 and has 30 left.
    assert h.actor == 1
    assert full(h) == (True, False, 30, None, None)
    h.check_or_call()
    assert h.all_in[1]
    assert h.stacks[1] == 0
    assert full(h) == (True, False, 50, None, None)  # seat 2: the full 50
    h.check_or_call()
    h.check_or_call()  # seat 0
    # actor: seat 1 is all-in
    expect(h, street=Street.FLOP, actor=2)
    assert full(h) == (True, False, 100, None, None)
    h.check_or_call()
    h.fold()  # seat 0: seat 2's 100 is uncalled and comes back
    assert h.is_over
    assert h.street == Street.SHOWDOWN
    # Contributions 60, 40, 60. Main 40 x 3 = 120 (seats 1, 2): KK beats QQ.
    # Side 20 + 20 = 40 (seat 2 only; seat 0 folded).
    assert pot_sets(h) == [
        (120, frozenset({1, 2}), frozenset({1})),
        (40, frozenset({2}), frozenset({2})),
    ]
    assert h.payoffs == [-60, 80, -20]
    assert sum(h.stacks) == 2040


def test_progressive_ends_early_when_one_is_left():
    h = pdeal([1000] * 3)
    h.check_or_call()  # seat 1 bets 50
    h.fold()  # seat 2
    h.fold()  # seat 0
    assert h.is_over
    assert h.street == Street.PREFLOP
    assert list(h.board) == []
    # Seat 1 gets its uncalled 50 back and wins the antes: +20.
    assert h.payoffs == [-10, 20, -10]


def test_progressive_everyone_folds_to_the_last_player():
    h = pdeal([1000] * 3)
    h.fold()  # seat 1
    h.fold()  # seat 2
    assert h.is_over
    assert h.actor is None
    assert h.payoffs == [20, -10, -10]


def test_progressive_short_ante_is_all_in():
    h = pdeal([1000, 6, 1000])
    # Seat 1 antes its 6 chips and is all-in.
    assert h.all_in == [False, True, False]
    expect(h, contributions=[10, 6, 10], actor=2)


def test_progressive_all_ins_and_folds_over_several_rounds():
    # Ante 5, bets 50/100/150/200, button 0; seat 1 has 85.
    h = deal(PROG(), [1000, 85, 1000, 1000], hole=[QQ, AA, KK, JJ])
    assert h.stacks == [995, 80, 995, 995]
    # Round 1 (50): seat 1 bets, seat 2 calls, seat 3 folds, seat 0 calls.
    assert h.actor == 1 and legal(h) == (50, None, None)
    play(h, "c", "c", "f", "c")
    assert h.street == Street.FLOP
    # Round 2 (100): seat 1 has 30: it bets all-in for less.
    assert h.actor == 1 and legal(h) == (30, None, None)
    h.check_or_call()
    assert h.history[-1].kind == ActionKind.BET and h.history[-1].amount == 30
    assert legal(h) == (100, None, None)  # seat 2 owes the full bet
    play(h, "c", "c")
    assert h.history[-1].kind == ActionKind.CALL
    # Round 3 (150): seat 2 bets, seat 0 folds; seat 2's 150 is uncalled.
    assert h.street == Street.TURN and h.actor == 2
    play(h, "c", "f")
    assert h.is_over and h.street == Street.SHOWDOWN
    assert h.contributions == [155, 85, 155, 5]
    # Levels 85 and 155: 85 + 85 + 85 + 5 = 260 {1,2}; 70 + 70 = 140 {2}.
    assert pots(h) == [(260, (1, 2)), (140, (2,))]
    assert h.payoffs == [-155, 260 - 85, 140 - 155, -5]


@pytest.mark.parametrize("stacks, moves", [([1000, 35], []), ([1000, 35, 1000], ["f"])])
def test_progressive_all_in_for_less_must_be_called_or_folded(stacks, moves):
    # Ante 5, bets 50/...; seat 1 has 30 after the ante and acts first.
    n = len(stacks)
    h = deal(PROG(), stacks, hole=[AA, KK, QQ][:n])
    h.check_or_call()  # seat 1 bets all-in for 30
    assert h.all_in[1]
    play(h, *moves)  # (three-handed: seat 2 folds)
    # Seat 0 is still in: it must bet the round's 50 or fold.
    expect(h, actor=0, legal=(50, None, None))
    h.check_or_call()
    # 50 - 30 = 20 is uncalled; seat 1 stays all-in; the board runs out.
    assert h.is_over
    pot = 5 * n + 30 + 30
    assert h.pot == pot
    assert h.payoffs[1] == -35  # AA (seat 0) wins
