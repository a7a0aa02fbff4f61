"""Scenario tests of pots, side pots, uncalled chips, showdowns, odd chips
and uncontested hands (RULES.md, "All-in and side pots" and "Showdown and
payouts"; docs/game.md rule choices 11 and 12).

Given cards, numbers worked out by hand: method and conventions in game_helpers.py.
"""

from __future__ import annotations

import pytest

from game_helpers import (  # noqa: E402
    AA,
    JJ,
    KK,
    LOW,
    NL,
    QQ,
    ROYAL,
    TT,
    check_down,
    deal,
    legal,
    play,
    pot_sets,
    pots,
    winners,
)
from holecards import IllegalActionError, Street, parse_cards


def assert_over(h):
    assert h.is_over
    assert h.actor is None
    assert sum(h.stacks) == sum(h.starting_stacks)  # chips conserved
    assert sum(h.payoffs) == 0
    assert h.payoffs == [s - s0 for s, s0 in zip(h.stacks, h.starting_stacks)]


# ---------------------------------------------------------------------------
# Side pots and showdowns
# ---------------------------------------------------------------------------


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
    assert pot_sets(h) == [
        (81, frozenset({0, 2, 3, 4}), frozenset({2, 3})),
        (90, frozenset({0, 3, 4}), frozenset({3})),
        (100, frozenset({0, 4}), frozenset({0})),
    ]
    assert h.pot == 271
    # Final stacks: seat 0: 200 - 200 + 100 (returned) + 100 = 200;
    # seat 1: 99; seat 2: 0 + 41; seat 3: 0 + 40 + 90 = 130; seat 4: 0.
    assert h.stacks == [200, 99, 41, 130, 0]
    assert h.payoffs == [0, -1, 21, 80, -100]


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
    assert pot_sets(h) == [
        (60, frozenset({0, 1}), frozenset({0})),
        (40, frozenset({1}), frozenset({1})),
    ]
    assert h.pot == 100
    assert h.payoffs == [40, 0, -40]


def test_side_pots_fed_by_folded_players_at_several_levels():
    # NL 1/2, five seats, button 0. Seat 2 (BB) has 30, seat 3 has 60.
    h = deal(NL(), [1000, 1000, 30, 60, 1000], hole=[QQ, JJ, AA, KK, TT])
    h.bet_or_raise_to(10)  # seat 3
    play(h, "c", "c", "f", "c")  # seats 4, 0 call; SB folds its 1; BB calls
    assert h.street == Street.FLOP and h.pot == 41  # 4*10 + 1
    assert h.actor == 2
    h.bet_or_raise_to(20)  # seat 2 all-in bet
    assert legal(h) == (20, 40, 50)  # min 20 + 20; seat 3 has 50 behind
    h.bet_or_raise_to(50)  # seat 3 all-in (a raise of 30)
    h.check_or_call()  # seat 4 calls 50
    assert legal(h) == (50, 80, 990)  # min 50 + 30
    h.bet_or_raise_to(200)  # seat 0
    h.fold()  # seat 4 folds its 60
    # 200 - 50 = 150 uncalled comes back to seat 0.
    assert h.is_over
    assert h.contributions == [60, 1, 30, 60, 60]
    # Live levels 30 and 60: 30 + 1 + 30 + 30 + 30 = 121 {0,2,3};
    # 30 + 30 + 30 = 90 {0,3}.
    assert pots(h) == [(121, (0, 2, 3)), (90, (0, 3))]
    assert winners(h) == [(2,), (3,)]
    assert h.payoffs == [-60, -1, 121 - 30, 90 - 60, -60]


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
    assert pot_sets(h) == [
        (30, frozenset({0, 1, 2}), frozenset({0})),
        (40, frozenset({1, 2}), frozenset({1})),
    ]
    assert h.payoffs == [20, 10, -30]


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


def test_fold_on_the_flop_against_an_all_in_player_still_goes_to_showdown():
    h = deal(NL(), [20, 100, 100], hole=[KK, QQ, AA])
    h.bet_or_raise_to(20)  # seat 0 all-in
    play(h, "c", "c")  # SB calls 19, BB calls 18
    assert h.street == Street.FLOP and h.actor == 1
    h.bet_or_raise_to(10)
    h.fold()  # AA folds
    # Seat 1's 10 is uncalled; seats 0 and 1 still hold the 60 main pot.
    assert h.is_over and h.street == Street.SHOWDOWN
    assert pots(h) == [(60, (0, 1))]
    assert h.payoffs == [40, -20, -20]
    assert set(h.view(2).shown) == {0, 1}  # the folded AA is never shown


def test_last_player_able_to_act_folds_leaving_only_all_in_players():
    h = deal(NL(), [20, 20, 100], hole=[KK, QQ, AA])
    h.bet_or_raise_to(20)  # seat 0 all-in
    h.check_or_call()  # SB all-in for 19 more
    assert h.actor == 2 and legal(h) == (18, None, None)
    h.fold()
    assert h.is_over and h.street == Street.SHOWDOWN and len(h.board) == 5
    assert pots(h) == [(42, (0, 1))]  # 20 + 20 + the BB's 2
    assert h.payoffs == [22, -20, -2]


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


# ---------------------------------------------------------------------------
# Odd chips
# ---------------------------------------------------------------------------


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
    assert pot_sets(h) == [(19, frozenset({0, 2}), frozenset({0, 2}))]
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
    assert pot_sets(h) == [(14, frozenset({1, 2, 3}), frozenset({1, 2, 3}))]
    assert h.stacks == [98, 101, 100, 101]  # 100 - 4 + 5, 100 - 4 + 4
    assert h.payoffs == [-2, 1, 0, 1]


@pytest.mark.parametrize("button", [0, 1])
def test_heads_up_odd_chip_goes_to_the_big_blind_left_of_the_button(button):
    # Big-blind ante 1 makes the pot odd: 1 + 2 + 2 = 5, split on a royal
    # board: 2 each, the odd chip to the seat left of the button, which
    # heads-up is the big blind. The BB put in 3 and gets 3; the button 2.
    h = deal(NL(big_blind_ante=1), [100, 100], button=button, hole=LOW[:2], board=ROYAL)
    play(h, "c", "c")
    check_down(h)
    assert pots(h) == [(5, (0, 1))]
    assert h.payoffs == [0, 0]


def test_odd_chips_across_two_side_pots_from_left_of_a_wrapped_button():
    # NL 1/2 ante 1, button 2: SB seat 3, BB seat 0, first to act seat 1.
    # A royal flush on the board: every pot is split.
    h = deal(NL(ante=1), [100, 11, 100, 100], button=2, hole=LOW[:4], board=ROYAL)
    assert h.actor == 1
    assert legal(h) == (2, 4, 10)
    h.bet_or_raise_to(10)  # seat 1 all-in (a raise of 8)
    play(h, "c", "c")  # seat 2 calls 10, SB calls 9
    assert legal(h) == (8, 18, 99)  # BB: min 10 + 8; 2 + 97 chips
    h.bet_or_raise_to(30)
    play(h, "c", "c")  # seats 2 and 3 call 30
    # Flop: seat 3, 0, (1 all-in), 2.
    play(h, "c", 5, "c", "c")
    # Turn: seat 3 checks, seat 0 bets 10, seat 2 calls, seat 3 folds.
    play(h, "c", 10, "c", "f")
    play(h, "c", "c")  # river
    assert h.is_over and h.street == Street.SHOWDOWN
    assert h.contributions == [46, 11, 46, 36]
    # Main: 11*4 = 44 {0,1,2}; side: 35 + 35 + 25 = 95 {0,2}.
    assert pots(h) == [(44, (0, 1, 2)), (95, (0, 2))]
    assert winners(h) == [(0, 1, 2), (0, 2)]
    # 44 = 3*14 + 2: odd chips from left of the button (3, 0, 1, 2) go to
    # seats 0 and 1. 95 = 2*47 + 1: the odd chip to seat 0.
    assert h.payoffs == [15 + 48 - 46, 15 - 11, 14 + 47 - 46, -36]


# ---------------------------------------------------------------------------
# Uncalled chips
# ---------------------------------------------------------------------------


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
    assert pot_sets(h) == [(126, frozenset({1, 2}), frozenset({1}))]
    assert h.payoffs == [-2, 64, -62]


def test_uncalled_chips_with_a_tie_for_the_top_bet():
    # NL 1/2, button 0, four seats.
    h = deal(NL(), [50, 100, 100, 20], hole=[QQ, KK, JJ, AA])
    assert legal(h) == (2, 4, 20)
    h.bet_or_raise_to(20)  # seat 3 all-in (a raise of 18)
    assert legal(h) == (20, 38, 50)  # min 20 + 18
    h.bet_or_raise_to(50)  # seat 0 all-in (a raise of 30)
    h.check_or_call()  # seat 1 calls 50 - 1 = 49
    h.fold()  # BB folds its 2
    # Top bet 50 is matched by seat 1: nothing comes back.
    assert h.is_over
    assert h.contributions == [50, 50, 2, 20]
    # Levels 20 and 50: 20*3 + 2 = 62 {0,1,3}; 30*2 = 60 {0,1}.
    assert pots(h) == [(62, (0, 1, 3)), (60, (0, 1))]
    assert winners(h) == [(3,), (1,)]
    assert h.payoffs == [-50, 60 - 50, -2, 62 - 20]
    assert h.stacks == [0, 110, 98, 62]


def test_uncalled_chips_come_back_down_to_a_folded_players_bet():
    h = deal(NL(), [100, 100, 100])
    h.bet_or_raise_to(10)  # seat 0
    assert legal(h) == (9, 18, 100)
    h.bet_or_raise_to(30)  # SB
    play(h, "f", "f")  # BB, then seat 0 fold
    # Seat 0's 10 is the most anyone else put in: 30 - 10 = 20 comes back.
    assert h.is_over and h.street == Street.PREFLOP
    assert h.contributions == [10, 10, 2]
    assert pots(h) == [(22, (1,))]
    assert h.payoffs == [-10, 12, -2]


# ---------------------------------------------------------------------------
# Uncontested hands
# ---------------------------------------------------------------------------


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
