"""Scenario tests of who acts when in ``holecards.Hand`` with three or more
players (the heads-up order is in test_forced_bets.py): preflop left of the
big blind, after the flop left of the button, folded and all-in players
skipped; what a decision offers; the recorded history.

Given cards, numbers worked out by hand: method and conventions in game_helpers.py.
"""

from __future__ import annotations

from game_helpers import NL, assert_illegal, deal, expect, flags, hist, legal, play  # noqa: E402
from holecards import ActionKind, Street

# ---------------------------------------------------------------------------
# Order with three or more players
# ---------------------------------------------------------------------------


def test_four_players_blinds_left_of_button_and_action_order():
    h = deal(NL(), [100] * 4, button=0)
    # SB seat 1, BB seat 2, first to act seat 3 (left of the BB).
    assert hist(h) == [(1, ActionKind.POST_SMALL_BLIND, 1), (2, ActionKind.POST_BIG_BLIND, 2)]
    expect(h, stacks=[100, 99, 98, 100], actor=3)
    h.check_or_call()
    assert h.actor == 0
    h.check_or_call()
    # legal: SB owes 2-1 = 1
    expect(h, actor=1, legal=(1, 4, 100))
    h.check_or_call()
    expect(h, actor=2, legal=(0, 4, 100))
    h.check_or_call()
    # pot: 4 x 2
    expect(h, street=Street.FLOP, pot=8)
    # Postflop: first live player left of the button.
    order = []
    while h.street == Street.FLOP:
        order.append(h.actor)
        h.check_or_call()
    assert order == [1, 2, 3, 0]
    assert h.street == Street.TURN


def test_button_in_the_middle_wraps_around():
    h = deal(NL(), [100] * 4, button=2)
    # SB seat 3, BB seat 0, first to act seat 1.
    assert hist(h) == [(3, ActionKind.POST_SMALL_BLIND, 1), (0, ActionKind.POST_BIG_BLIND, 2)]
    assert h.stacks == [98, 100, 100, 99]
    order = []
    while h.street == Street.PREFLOP:
        order.append(h.actor)
        h.check_or_call()
    assert order == [1, 2, 3, 0]
    order = []
    while h.street == Street.FLOP:
        order.append(h.actor)
        h.check_or_call()
    assert order == [3, 0, 1, 2]


def test_three_players_button_preflop_first():
    h = deal(NL(), [100] * 3, button=2)
    # SB seat 0, BB seat 1; left of the BB is the button, seat 2.
    expect(h, bets=[1, 2, 0], actor=2)
    play(h, "c", "c", "c")
    expect(h, street=Street.FLOP, actor=0)


def test_action_skips_folded_players():
    h = deal(NL(), [100] * 4, button=0)
    h.fold()  # seat 3
    assert h.actor == 0
    h.check_or_call()  # seat 0 calls 2
    assert h.actor == 1
    h.fold()  # SB folds its 1
    assert h.actor == 2
    h.check_or_call()  # BB checks
    assert h.street == Street.FLOP
    assert h.folded == [False, True, False, True]
    # Left of the button: seat 1 folded, so seat 2; then seat 3 is skipped.
    assert h.actor == 2
    h.check_or_call()
    assert h.actor == 0
    h.check_or_call()
    expect(h, street=Street.TURN, actor=2)


def test_action_skips_all_in_players():
    h = deal(NL(), [100, 100, 100, 10], button=0)
    # legal: max = all 10 chips
    expect(h, actor=3, legal=(2, 4, 10))
    h.bet_or_raise_to(10)  # all-in, a full raise (8 >= 2)
    assert h.all_in == [False, False, False, True]
    assert h.stacks[3] == 0
    assert legal(h) == (10, 18, 100)  # 10 + 8 = 18
    h.check_or_call()
    assert legal(h) == (9, 18, 100)  # SB: 10 - 1
    h.check_or_call()
    assert legal(h) == (8, 18, 100)  # BB: 10 - 2
    h.check_or_call()
    expect(h, street=Street.FLOP, pot=40, actor=1)
    h.check_or_call()
    assert h.actor == 2
    h.check_or_call()
    assert h.actor == 0  # seat 3 is all-in and skipped
    h.check_or_call()
    expect(h, street=Street.TURN, actor=1)


def test_first_player_after_the_flop_is_all_in():
    h = deal(NL(), [100, 5, 100])
    h.check_or_call()  # seat 0 calls 2
    assert legal(h) == (1, 4, 5)
    h.bet_or_raise_to(5)  # SB all-in: 3 over 2 is a full raise
    assert legal(h) == (3, 8, 100)  # BB: min 5 + 3
    h.check_or_call()
    assert legal(h) == (3, 8, 100)  # seat 0 was fully raised: may re-raise
    h.check_or_call()
    # actor: seat 1, first left of the button, is all-in
    expect(h, street=Street.FLOP, actor=2, legal=(0, 2, 95))


# ---------------------------------------------------------------------------
# What a decision offers; the history
# ---------------------------------------------------------------------------


def test_cannot_fold_when_check_is_free():
    h = deal(NL(), [100] * 3, button=0)
    play(h, "c", "c")
    assert flags(h) == (False, True)
    # game.md: folding for free is not offered; acting illegally changes nothing.
    assert_illegal(h, h.fold)


def test_history_records_kinds_and_amounts():
    h = deal(NL(), [100] * 3, button=0)
    h.bet_or_raise_to(6)
    h.check_or_call()  # SB adds 5
    h.fold()  # BB
    assert h.street == Street.FLOP
    h.check_or_call()  # seat 1 checks
    h.bet_or_raise_to(4)  # seat 0 bets 4
    h.bet_or_raise_to(12)  # seat 1 raises to 12
    h.check_or_call()  # seat 0 adds 8
    assert h.street == Street.TURN
    assert hist(h) == [
        (1, ActionKind.POST_SMALL_BLIND, 1),
        (2, ActionKind.POST_BIG_BLIND, 2),
        (0, ActionKind.RAISE, 6),
        (1, ActionKind.CALL, 5),
        (2, ActionKind.FOLD, 0),
        (1, ActionKind.CHECK, 0),
        (0, ActionKind.BET, 4),
        (1, ActionKind.RAISE, 12),
        (0, ActionKind.CALL, 8),
    ]
    # 6 + 6 + 2 preflop, 12 + 12 on the flop
    expect(h, pot=38, contributions=[18, 18, 2], stacks=[82, 82, 98])
