"""Scenario tests of pots, side pots, showdowns, odd chips and uncontested
hands. Cards are given, so nothing is random; every expected number is worked
out by hand in the comments (RULES.md, "All-in and side pots" and "Showdown
and payouts")."""

from __future__ import annotations

import pytest

import holecards as hc
from holecards import Hand, IllegalActionError, Rules, parse_cards
from game_helpers import check_down, legal, NL, play  # noqa: E402

Street = hc.Street

HOLE = ["AsAd", "KsKd", "QsQd", "JsJd", "TsTd", "9s9d", "8s8d", "7s7d"]
BOARD = "2c 2h 3d 4c 6s"  # seat i holds the i-th best hand (see test_game_rules)


def deal(rules, stacks, button=0, hole=None, board=BOARD):
    n = len(stacks)
    return Hand(
        rules,
        list(stacks),
        button=button,
        hole_cards=list(hole) if hole is not None else HOLE[:n],
        board=parse_cards(board),
    )


def pots(h):
    return [(p.amount, frozenset(p.eligible), frozenset(p.winners)) for p in h.pots]


def assert_over(h):
    assert h.is_over
    assert h.actor is None
    assert sum(h.stacks) == sum(h.starting_stacks)  # chips conserved
    assert sum(h.payoffs) == 0
    assert h.payoffs == [s - s0 for s, s0 in zip(h.stacks, h.starting_stacks)]


def test_three_way_all_in_two_side_pots_split_main_pot_with_odd_chip():
    # Five players, NL 1/2, button seat 0 (SB 1, BB 2, seat 3 first).
    # Seats 2 and 3 hold the same hand (A-K, pair of aces); seat 0 has queens,
    # seat 4 ace-high; seat 1 folds its small blind.
    hole = ["QhQd", "3d3h", "AhKd", "AcKs", "JhTs"]
    board = "Ad 7c 4s 2h 9c"
    h = deal(NL(), [200, 100, 20, 50, 100], hole=hole, board=board)
    assert h.actor == 3
    assert legal(h) == (2, 4, 50)
    h.bet_or_raise_to(50)  # seat 3 all-in: a raise of 48
    assert h.all_in[3]
    assert legal(h) == (50, 98, 100)  # seat 4: min 50 + 48
    h.bet_or_raise_to(100)  # seat 4 all-in: a raise of 50
    assert legal(h) == (100, 150, 200)  # seat 0: min 100 + 50
    h.bet_or_raise_to(200)  # seat 0 all-in; only 100 of it can be called
    assert h.actor == 1
    assert legal(h) == (99, None, None)  # SB: 99 behind, short of 199
    h.fold()
    assert h.actor == 2
    assert legal(h) == (18, None, None)  # BB: 18 behind
    h.check_or_call()
    # Nobody left who can bet: the board is run out.
    assert h.street == Street.SHOWDOWN
    assert list(h.board) == parse_cards(board)
    assert_over(h)
    # Contributions after seat 0's uncalled 100 comes back: 100, 1, 20, 50, 100.
    # Main pot (to 20): 20 + 1 + 20 + 20 + 20 = 81, seats 0, 2, 3, 4.
    #   Seats 2 and 3 tie (A-K); 81 = 40 + 40 + 1 odd chip to the first tied
    #   winner left of the button (seat 2).
    # Side pot 1 (20..50): 30 x 3 = 90, seats 0, 3, 4: seat 3 (A-K) wins.
    # Side pot 2 (50..100): 50 x 2 = 100, seats 0, 4: seat 0 (QQ) beats A-high.
    assert pots(h) == [
        (81, frozenset({0, 2, 3, 4}), frozenset({2, 3})),
        (90, frozenset({0, 3, 4}), frozenset({3})),
        (100, frozenset({0, 4}), frozenset({0})),
    ]
    assert h.pot == 271
    # Final stacks: seat 0: 200 - 200 + 100 (returned) + 100 = 200;
    # seat 1: 99; seat 2: 0 + 41; seat 3: 0 + 40 + 90 = 130; seat 4: 0.
    assert h.stacks == [200, 99, 41, 130, 0]
    assert h.payoffs == [0, -1, 21, 80, -100]


def test_odd_chip_goes_left_of_the_button_not_to_the_lowest_seat():
    # Three players, button seat 1: SB seat 2, BB seat 0, seat 1 acts first.
    hole = ["AhKd", "QsQd", "AcKs"]  # seats 0 and 2 tie
    board = "Ad 7c 4s 2h 9c"
    h = deal(NL(), [100] * 3, button=1, hole=hole, board=board)
    assert h.bets == [2, 0, 1]
    assert h.actor == 1
    h.bet_or_raise_to(5)
    assert legal(h) == (4, 8, 100)  # SB: 5 - 1; min 5 + 3
    h.check_or_call()
    assert legal(h) == (3, 8, 100)  # BB: 5 - 2
    h.check_or_call()
    assert h.street == Street.FLOP
    assert h.pot == 15
    assert h.actor == 2  # first live player left of the button (seat 1)
    h.bet_or_raise_to(2)
    h.check_or_call()  # seat 0
    h.fold()  # seat 1
    assert h.street == Street.TURN
    check_down(h)
    assert h.street == Street.SHOWDOWN
    assert_over(h)
    # Pot 5 x 3 + 2 x 2 = 19; seat 1's 5 stays in it. Split 9 + 9, the odd
    # chip to the first tied winner left of the button: seat 2, then seat 0.
    assert pots(h) == [(19, frozenset({0, 2}), frozenset({0, 2}))]
    assert h.stacks == [102, 95, 103]  # 100 - 7 + 9; 100 - 5; 100 - 7 + 10
    assert h.payoffs == [2, -5, 3]


def test_three_way_split_two_odd_chips():
    # A royal flush on the board: everyone still in ties.
    hole = ["2c3c", "4d5d", "6h7h", "8c9c"]
    board = "As Ks Qs Js Ts"
    # Four players, button seat 2: SB seat 3, BB seat 0, first seat 1.
    h = deal(NL(), [100] * 4, button=2, hole=hole, board=board)
    play(h, "c", "c", "c", "c")  # 4 x 2 = 8
    assert h.street == Street.FLOP
    assert h.actor == 3
    h.bet_or_raise_to(2)
    h.fold()  # seat 0
    play(h, "c", "c")  # seats 1 and 2
    check_down(h)
    assert_over(h)
    # Pot 8 + 3 x 2 = 14 among seats 1, 2, 3: 4 each and 2 odd chips, one
    # each to the first tied winners left of the button (seat 2): seat 3,
    # (seat 0 is not a winner), seat 1.
    assert pots(h) == [(14, frozenset({1, 2, 3}), frozenset({1, 2, 3}))]
    assert h.stacks == [98, 101, 100, 101]  # 100 - 4 + 5, 100 - 4 + 4
    assert h.payoffs == [-2, 1, 0, 1]


def test_folded_players_chips_stay_in_the_pots_they_fed():
    # NL 1/2, three players. Seat 0 is all-in for 20; seat 1 raises big and
    # seat 2 folds after putting in 40, more than seat 0's level.
    h = deal(NL(), [20, 200, 200])
    h.bet_or_raise_to(20)  # seat 0 all-in
    h.bet_or_raise_to(40)  # SB re-raises: 40 - 20 = 20 >= the 18 raised
    h.check_or_call()  # BB calls 38
    assert h.street == Street.FLOP
    assert h.actor == 1
    h.bet_or_raise_to(50)
    h.fold()  # seat 2 folds: its 40 stays in the pots
    assert_over(h)
    assert h.street == Street.SHOWDOWN  # seat 0 is all-in: cards are shown
    # Contributions: 20, 40 (+50 uncalled, returned), 40.
    # Main (to 20): 60, seats 0, 1: AA (seat 0) wins.
    # Side (20..40): 20 + 20 = 40, seat 1 only (seat 2 folded): seat 1.
    assert pots(h) == [
        (60, frozenset({0, 1}), frozenset({0})),
        (40, frozenset({1}), frozenset({1})),
    ]
    assert h.pot == 100
    assert h.payoffs == [40, 0, -40]


def test_uncontested_preflop_no_showdown():
    h = deal(NL(), [100] * 3)
    h.bet_or_raise_to(6)
    h.fold()
    h.fold()
    assert_over(h)
    assert h.street == Street.PREFLOP  # keeps the street it ended on
    assert list(h.board) == []
    # Seat 0's uncalled 4 comes back: wins 1 + 2, keeps its own 2.
    assert h.payoffs == [3, -1, -2]
    assert h.stacks == [103, 99, 98]
    assert h.pot == 5
    assert sum(p.amount for p in h.pots) == 5
    assert all(tuple(p.winners) == (0,) for p in h.pots)
    assert h.legal_actions() is None
    # Acting after the end is illegal.
    for act in (h.fold, h.check_or_call):
        with pytest.raises(IllegalActionError):
            act()
    with pytest.raises(IllegalActionError):
        h.bet_or_raise_to(10)
    # Nobody showed: the others' views do not reveal seat 0's cards.
    v = h.view(1)
    assert 0 not in v.shown


def test_uncontested_on_the_flop():
    h = deal(NL(), [100] * 3)
    play(h, "c", "c", "c")
    h.bet_or_raise_to(4)  # seat 1
    h.fold()
    h.fold()
    assert_over(h)
    assert h.street == Street.FLOP
    assert list(h.board) == parse_cards("2c 2h 3d")
    # Seat 1 wins the 6 preflop chips; its 4 comes back.
    assert h.payoffs == [-2, 4, -2]
    assert h.pot == 6
    assert [tuple(p.winners) for p in h.pots] == [(1,)] * len(h.pots)


def test_all_in_heads_up_runs_out_the_board_and_returns_excess():
    h = deal(NL(), [30, 100], button=0)
    h.bet_or_raise_to(30)  # button all-in
    assert h.legal_actions().call_amount == 28
    h.check_or_call()
    assert_over(h)
    assert h.street == Street.SHOWDOWN
    assert len(h.board) == 5
    # 30 each; AA wins 60.
    assert h.payoffs == [30, -30]
    assert h.pot == 60


def test_short_stack_wins_main_pot_only():
    # Seat 2 (QQ) covers nobody; seat 0 (AA) is the short stack.
    h = deal(NL(), [10, 100, 100])
    h.bet_or_raise_to(10)  # all-in
    play(h, "c", "c")  # SB 9, BB 8
    assert h.street == Street.FLOP
    h.bet_or_raise_to(20)  # seat 1
    h.check_or_call()  # seat 2
    check_down(h)
    assert_over(h)
    # Main 30 (seats 0-2): AA; side 40 (seats 1, 2): KK.
    assert pots(h) == [
        (30, frozenset({0, 1, 2}), frozenset({0})),
        (40, frozenset({1, 2}), frozenset({1})),
    ]
    assert h.payoffs == [20, 10, -30]


def test_showdown_reveals_cards_in_views():
    h = deal(NL(), [100] * 3)
    h.fold()  # seat 0 folds: its cards are never shown
    play(h, "c", "c")
    check_down(h)
    assert h.street == Street.SHOWDOWN
    v = h.view(2)
    assert list(v.hole_cards) == parse_cards("QsQd")
    assert list(v.shown[1]) == parse_cards("KsKd")
    assert 0 not in v.shown


def test_bet_called_all_in_for_less_returns_the_excess():
    h = deal(NL(), [200, 62, 200])
    play(h, "c", "c", "c")  # 2 each; seat 1 has 60 left
    h.check_or_call()  # seat 1 checks
    h.bet_or_raise_to(100)  # seat 2
    h.fold()  # seat 0
    assert h.legal_actions().call_amount == 60
    h.check_or_call()  # seat 1 all-in for 60: 40 of seat 2's bet is uncalled
    assert_over(h)
    # Contributions 2, 62, 62: pot 126; KK (seat 1) beats QQ (seat 2).
    assert h.pot == 126
    assert pots(h) == [(126, frozenset({1, 2}), frozenset({1}))]
    assert h.payoffs == [-2, 64, -62]
