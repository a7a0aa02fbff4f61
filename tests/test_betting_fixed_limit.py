"""Scenario tests of fixed-limit betting in ``holecards.Hand``: bet sizes,
the raise cap (a bet and four raises; WSOP rule 126), heads-up uncapped
(rule 127), the half-bet rule for all-ins (rule 129), alone, several in a
row and in the middle of capped rounds; docs/game.md rule choice 9.

Given cards, numbers worked out by hand: method and conventions in game_helpers.py.
"""

from __future__ import annotations

import pytest

from game_helpers import FL, assert_illegal, check_down, deal, expect, legal, play  # noqa: E402
from holecards import ActionKind, Street

# ---------------------------------------------------------------------------
# Bet sizes and the cap
# ---------------------------------------------------------------------------


def test_fixed_limit_bet_sizes_and_default_cap():
    h = deal(FL(), [100] * 4, button=0)
    # legal: one small bet (2) on top of the BB
    expect(h, actor=3, flags=(True, False), legal=(2, 4, 4))
    assert_illegal(h, h.bet_or_raise_to, 5, mentions=["4"])
    assert_illegal(h, h.bet_or_raise_to, 6)
    h.bet_or_raise_to(4)  # raise 1
    assert legal(h) == (4, 6, 6)
    h.bet_or_raise_to(6)  # raise 2
    assert legal(h) == (5, 8, 8)  # SB has 1 in
    h.bet_or_raise_to(8)  # raise 3
    assert legal(h) == (6, 10, 10)  # BB has 2 in
    h.bet_or_raise_to(10)  # raise 4: one bet (the BB) and four raises
    # legal: capped
    expect(h, actor=3, legal=(6, None, None))
    assert_illegal(h, h.bet_or_raise_to, 12)
    h.check_or_call()
    assert legal(h) == (4, None, None)
    h.check_or_call()
    assert legal(h) == (2, None, None)
    h.check_or_call()
    expect(h, street=Street.FLOP, pot=40, stacks=[90] * 4)
    # Flop: small bet 2.
    expect(h, actor=1, legal=(0, 2, 2))
    play(h, 2, "c", "c", "c")
    assert h.street == Street.TURN
    # Turn: big bet 4.
    expect(h, actor=1, legal=(0, 4, 4))
    h.bet_or_raise_to(4)
    assert legal(h) == (4, 8, 8)
    h.bet_or_raise_to(8)
    assert legal(h) == (8, 12, 12)
    h.fold()  # seat 3
    h.check_or_call()  # seat 0
    assert legal(h) == (4, 12, 12)  # seat 1
    h.check_or_call()
    expect(h, street=Street.RIVER, legal=(0, 4, 4))
    check_down(h)
    # Contributions: seats 0-2: 10 + 2 + 8 = 20; seat 3: 10 + 2 = 12.
    # Pot 72, seat 0 (AA) wins: +52.
    assert h.payoffs == [52, -20, -20, -12]
    assert sum(h.stacks) == 400


def test_fixed_limit_custom_bet_sizes():
    h = deal(FL(5, 10, small_bet=10, big_bet=20), [500] * 3, button=0)
    assert legal(h) == (10, 20, 20)
    play(h, "c", "c", "c")
    assert legal(h) == (0, 10, 10)
    play(h, "c", "c", "c")
    expect(h, street=Street.TURN, legal=(0, 20, 20))


def test_fixed_limit_raise_cap_none():
    h = deal(FL(raise_cap=None), [100] * 4, button=0)
    play(h, 4, 6, 8, 10)
    assert legal(h) == (6, 12, 12)  # a fifth raise is allowed
    h.bet_or_raise_to(12)
    assert legal(h) == (6, 14, 14)


def test_fixed_limit_raise_cap_three():
    h = deal(FL(raise_cap=3), [100] * 4, button=0)
    play(h, 4, 6, 8)  # three raises
    expect(h, actor=2, legal=(6, None, None))


def test_fixed_limit_straddle_does_not_count_toward_cap_wsop_126():
    h = deal(FL(straddles=(4,)), [100] * 4, button=0)
    # legal: one small bet over the straddle
    expect(h, bets=[0, 1, 2, 4], actor=0, legal=(4, 6, 6))
    # The BB is the bet; the straddle does not count: four raises 6, 8, 10, 12.
    play(h, 6, 8, 10, 12)
    expect(h, actor=0, legal=(6, None, None))


def test_fixed_limit_cap_zero_big_blind_is_not_asked_to_check():
    # FL 1/2 with raise_cap=0: the big blind is the round's bet and no raise
    # is allowed. Three seats, button 0: seat 0 calls 2, seat 1 completes;
    # the big blind could only check, so it is not asked (rule choice 5) and
    # the flop comes at once, seat 1 first.
    h = deal(FL(raise_cap=0), [100, 100, 100], button=0)
    expect(h, actor=0, legal=(2, None, None))
    play(h, "c", "c")
    expect(h, street=Street.FLOP, actor=1)
    assert h.pot == 6 and h.bets == [0, 0, 0]
    assert [a.seat for a in h.history if a.kind == ActionKind.CHECK] == []
    # Postflop the first bet is allowed (it is not a raise), then no raise.
    assert legal(h) == (0, 2, 2)
    h.bet_or_raise_to(2)
    assert legal(h) == (2, None, None)


def test_fixed_limit_cap_zero_straddler_is_not_asked_to_check():
    # FL 1/2, straddle 4 (big blind + small bet), raise_cap=0; four seats,
    # button 0: blinds on 1 and 2, straddle on 3, seat 0 first. Everyone
    # calls 4; the straddler could only check and is not asked.
    h = deal(FL(raise_cap=0, straddles=(4,)), [100, 100, 100, 100], button=0)
    assert h.actor == 0
    play(h, "c", "c", "c")
    assert h.street == Street.FLOP and h.pot == 16


# ---------------------------------------------------------------------------
# Heads-up uncapped
# ---------------------------------------------------------------------------


def test_fixed_limit_heads_up_is_uncapped_wsop_127():
    h = deal(FL(), [100, 100], button=0)
    assert legal(h) == (1, 4, 4)
    play(h, 4, 6, 8, 10)  # four raises: 0 to 4, 1 to 6, 0 to 8, 1 to 10
    # legal: seat 0 has 8 in: call 2; a fifth raise
    expect(h, actor=0, legal=(2, 12, 12))
    h.bet_or_raise_to(12)
    assert legal(h) == (2, 14, 14)


def test_fixed_limit_heads_up_cap_when_switched_off():
    h = deal(FL(heads_up_uncapped=False), [100, 100], button=0)
    play(h, 4, 6, 8, 10)
    # legal: 8 in, call 2; capped
    expect(h, actor=0, legal=(2, None, None))


def test_fixed_limit_round_that_becomes_heads_up_stays_capped_wsop_127():
    h = deal(FL(), [100] * 3, button=0)
    h.fold()  # seat 0: the round began with three players
    play(h, 4, 6, 8, 10)  # SB and BB: four raises
    expect(h, actor=1, legal=(2, None, None))
    h.check_or_call()
    # The flop begins heads-up: uncapped.
    expect(h, street=Street.FLOP, actor=1)
    play(h, 2, 4, 6, 8, 10)  # a bet and four raises
    expect(h, actor=2, legal=(2, 12, 12))


def test_fixed_limit_all_in_player_does_not_count_toward_heads_up():
    h = deal(FL(), [2, 100, 100], button=0)
    assert legal(h) == (2, None, None)  # seat 0 calls with its last 2 chips
    h.check_or_call()
    assert h.all_in[0]
    play(h, "c", "c")
    # The flop begins with two players who are not all-in: uncapped.
    expect(h, street=Street.FLOP, actor=1)
    play(h, 2, 4, 6, 8, 10)
    assert legal(h) == (2, 12, 12)


def test_fixed_limit_round_starting_with_two_players_not_all_in_is_uncapped():
    # FL 1/2, button 0; the SB (seat 1) has 4 and goes all-in preflop.
    h = deal(FL(), [1000, 4, 1000])
    h.check_or_call()  # seat 0 calls 2
    assert legal(h) == (1, 4, 4)
    h.bet_or_raise_to(4)  # seat 1 all-in raise (2 over 2: a full raise)
    assert legal(h) == (2, 6, 6)
    h.bet_or_raise_to(6)  # BB re-raises
    h.check_or_call()  # seat 0 calls 6
    # actor: seat 1 is all-in
    expect(h, street=Street.FLOP, actor=2)
    # The flop starts with two players not all-in: no cap (rule 127).
    play(h, 2, 4, 6, 8, 10)  # a bet and four raises
    expect(h, actor=0, legal=(2, 12, 12))
    h.bet_or_raise_to(12)  # a fifth raise
    assert legal(h) == (2, 14, 14)


# ---------------------------------------------------------------------------
# The half-bet rule
# ---------------------------------------------------------------------------


def test_fixed_limit_half_bet_all_in_bet_is_a_full_bet_wsop_129():
    # FL 10/20: the flop is a 20 round; half a bet is 10.
    h = deal(FL(10, 20), [200, 35, 200], button=0)
    play(h, "c", "c", "c")  # everyone in for 20; seat 1 has 15 left
    # legal: all-in bet only
    expect(h, street=Street.FLOP, actor=1, legal=(0, 15, 15))
    h.bet_or_raise_to(15)
    # 15 >= 10 is a full bet; the raise is one bet on top: 15 + 20 = 35.
    expect(h, actor=2, legal=(15, 35, 35))
    h.bet_or_raise_to(35)
    assert legal(h) == (35, 55, 55)
    h.check_or_call()
    # actor: seat 1 is all-in
    # legal: big bet
    expect(h, street=Street.TURN, actor=2, legal=(0, 40, 40))


def test_fixed_limit_half_bet_all_in_raise_reopens_wsop_129():
    h = deal(FL(10, 20), [200, 200, 50], button=0)
    play(h, "c", "c", "c")  # seat 2 has 30 left
    h.bet_or_raise_to(20)  # seat 1 bets
    assert legal(h) == (20, 30, 30)  # seat 2: all-in raise only
    h.bet_or_raise_to(30)  # 10 more = half a bet: a full raise
    # legal: 30 + 20
    expect(h, actor=0, legal=(30, 50, 50))
    h.check_or_call()
    # Seat 1 bet 20, faces 30: the betting is reopened.
    expect(h, actor=1, legal=(10, 50, 50))


def test_fixed_limit_under_half_all_in_raise_does_not_reopen_wsop_129():
    h = deal(FL(10, 20), [200, 200, 45], button=0)
    play(h, "c", "c", "c")  # seat 2 has 25 left
    h.bet_or_raise_to(20)  # seat 1 bets
    assert legal(h) == (20, 25, 25)
    h.bet_or_raise_to(25)  # 5 more, under half a bet
    # Seat 0 has not acted: fold, call, or complete to a full raise, 20 + 20.
    expect(h, actor=0, legal=(25, 40, 40))
    h.check_or_call()
    # Seat 1 already acted and faces only the short raise: call or fold.
    expect(h, actor=1, legal=(5, None, None))
    assert_illegal(h, h.bet_or_raise_to, 45)
    h.check_or_call()
    assert h.street == Street.TURN


def test_fixed_limit_completion_after_under_half_raise_reopens():
    h = deal(FL(10, 20), [200, 200, 45], button=0)
    play(h, "c", "c", "c", 20, 25)
    h.bet_or_raise_to(40)  # seat 0 completes to a full raise
    # Seat 1 faces a full raise of its bet: call 20, raise to 60.
    expect(h, actor=1, legal=(20, 60, 60))


def test_fixed_limit_under_half_all_in_bet_may_be_completed_wsop_129():
    h = deal(FL(10, 20), [200, 25, 200], button=0)
    play(h, "c", "c", "c")  # seat 1 has 5 left
    assert legal(h) == (0, 5, 5)
    h.bet_or_raise_to(5)  # under half a bet
    # Seat 2 has not acted: call 5 or complete to the full bet of 20.
    expect(h, actor=2, legal=(5, 20, 20))
    h.check_or_call()
    expect(h, actor=0, legal=(5, 20, 20))


def test_fixed_limit_chips_between_call_and_raise_are_an_all_in_raise():
    h = deal(FL(), [5, 100, 100, 100], button=0)
    h.bet_or_raise_to(4)  # seat 3
    # Seat 0: 5 chips, call 4, a full raise would be 6: all-in to 5 only.
    assert legal(h) == (4, 5, 5)


def test_fixed_limit_exact_call_on_a_big_bet_round_closes_raising():
    # FL 1/2: the turn is a 4 round, half a bet is 2.
    h = deal(FL(), [100, 8, 100], button=0)
    play(h, "c", "c", "c")  # 2 each; seat 1 has 6 left
    play(h, 2, "c", "c")  # flop: 2 each; seat 1 has 4 left
    assert h.street == Street.TURN
    h.check_or_call()  # seat 1 checks
    h.bet_or_raise_to(4)  # seat 2 bets the big bet
    h.check_or_call()  # seat 0 calls
    # Seat 1 has 4 chips: exactly the call: no raise.
    assert legal(h) == (4, None, None)


def test_fixed_limit_half_big_bet_all_in_is_a_full_bet():
    h = deal(FL(), [100, 6, 100], button=0)
    play(h, "c", "c", "c", "c", "c", "c")  # preflop 2 each, flop checked
    # legal: 4 chips left: exactly the big bet
    expect(h, street=Street.TURN, actor=1, legal=(0, 4, 4))
    h2 = deal(FL(), [100, 4, 100], button=0)
    play(h2, "c", "c", "c", "c", "c", "c")
    assert legal(h2) == (0, 2, 2)  # 2 chips: all-in bet only
    h2.bet_or_raise_to(2)  # 2 = half of 4: a full bet
    assert legal(h2) == (2, 6, 6)  # raise one big bet on top: 2 + 4


@pytest.mark.parametrize(
    "stack, expect_s0, expect_s1",
    [
        # all-in bet 7 on a 15 round: 2*7 = 14 < 15, not a bet; seat 0 may
        # complete to 15; that is the first bet, so the checker may raise to 30.
        (22, (7, 15, 15), (15, 30, 30)),
        # all-in bet 8: 2*8 = 16 >= 15, a full bet; next raise 8 + 15 = 23,
        # then 23 + 15 = 38.
        (23, (8, 23, 23), (23, 38, 38)),
    ],
)
def test_fixed_limit_half_bet_rule_with_an_odd_bet_size(stack, expect_s0, expect_s1):
    # FL 5/15: small bet 15. Three seats, button 0; all call 15 preflop.
    h = deal(FL(5, 15), [1000, 1000, stack])
    play(h, "c", "c", "c")
    assert h.street == Street.FLOP and h.actor == 1
    h.check_or_call()  # seat 1 checks
    assert h.actor == 2
    all_in = stack - 15
    assert legal(h) == (0, all_in, all_in)
    h.bet_or_raise_to(all_in)
    assert legal(h) == expect_s0
    h.bet_or_raise_to(expect_s0[1])
    expect(h, actor=1, legal=expect_s1)


def test_fixed_limit_exactly_half_a_bet_all_in_is_a_full_bet():
    # FL 10/20, flop bet 20. Seat 2 has 10 behind after preflop: an all-in of
    # exactly half a bet is a full bet (rule 129): next raise 10 + 20 = 30.
    h = deal(FL(10, 20), [1000, 1000, 30])
    play(h, "c", "c", "c", "c", 10)
    expect(h, actor=0, legal=(10, 30, 30))
    # With 9 behind it is not: seat 0 may complete to 20.
    h = deal(FL(10, 20), [1000, 1000, 29])
    play(h, "c", "c", "c", "c", 9)
    assert legal(h) == (9, 20, 20)


# ---------------------------------------------------------------------------
# All-ins and the cap
# ---------------------------------------------------------------------------


def test_fixed_limit_short_all_in_raise_does_not_count_toward_the_cap():
    # FL 10/20, five players, button 0: SB seat 1 (85 chips), BB seat 2.
    h = deal(FL(10, 20), [1000, 85, 1000, 1000, 1000], button=0)
    play(h, 40, 60, 80)  # seats 3, 4, 0: three raises over the BB's bet
    # legal: SB: 10 in, 75 behind
    expect(h, actor=1, legal=(70, 85, 85))
    h.bet_or_raise_to(85)  # all-in 5 over 80: under half a bet, not a raise
    # The BB has not acted: may complete to 80 + 20 = 100, the fourth raise.
    expect(h, actor=2, legal=(65, 100, 100))
    h.bet_or_raise_to(100)
    # One bet and four raises (40, 60, 80, 100): capped.
    expect(h, actor=3, legal=(60, None, None))


def test_fixed_limit_half_bet_all_in_raise_counts_toward_the_cap():
    # FL 5/10 (small bet 10), cap 4, six seats, button 0 with 35 chips.
    h = deal(FL(5, 10), [35] + [1000] * 5)
    expect(h, actor=3, legal=(10, 20, 20))
    play(h, 20, 30, "c")  # seat 3 raise 1, seat 4 raise 2, seat 5 calls
    # legal: short of 40: the all-in raise only
    expect(h, actor=0, legal=(30, 35, 35))
    h.bet_or_raise_to(35)  # 5 over 30 = half a bet: a full raise (raise 3)
    # legal: SB has 5 in; next raise 35 + 10
    expect(h, actor=1, legal=(30, 45, 45))
    h.bet_or_raise_to(45)  # raise 4: the cap
    expect(h, actor=2, legal=(35, None, None))


def test_fixed_limit_under_half_all_in_raise_does_not_count_toward_the_cap():
    h = deal(FL(5, 10), [34] + [1000] * 5)
    play(h, 20, 30, "c")
    assert legal(h) == (30, 34, 34)
    h.bet_or_raise_to(34)  # 4 over 30 < 5: not a full raise, not counted
    assert legal(h) == (29, 40, 40)  # complete to 30 + 10
    h.bet_or_raise_to(40)  # raise 3
    assert legal(h) == (30, 50, 50)  # BB has 10 in
    h.bet_or_raise_to(50)  # raise 4
    # legal: capped
    expect(h, actor=3, legal=(30, None, None))


def test_fixed_limit_cap_counts_from_the_completed_bet():
    # As above with an all-in bet of 7: the completion to 15 is the round's
    # first bet, so four raises follow: 30, 45, 60, 75; then the cap.
    h = deal(FL(5, 15), [1000, 1000, 22])
    play(h, "c", "c", "c", "c", 7, 15)
    play(h, 30, 45, 60, 75)  # seats 1, 0, 1, 0 (seat 2 is all-in)
    expect(h, actor=1, legal=(15, None, None))


# ---------------------------------------------------------------------------
# Several small all-ins in a row
# ---------------------------------------------------------------------------


def _limit_multi_all_in_flop(stacks):
    # FL 10/20 (bets of 20 preflop and on the flop; half a bet is 10), five
    # seats, button 4: seat 0 posts 10, seat 1 posts 20, seat 2 is first.
    h = deal(FL(10, 20), stacks, button=4)
    play(h, "c", "c", "c", "c", "c")  # 2, 3, 4 call 20; 0 completes; 1 checks
    assert h.street == Street.FLOP and h.pot == 100
    assert h.actor == 0
    return h


def test_fixed_limit_several_small_all_ins_act_as_a_raise_wsop_129():
    # Stacks 1000, 1000, 49, 58, 1000: after 20 preflop seat 2 has 29, seat 3
    # has 38. Flop: seat 0 bets 20, seat 1 calls; seat 2 is all in to 29 (9
    # over the bet, under half a bet: no raise), seat 3 all in to 38.
    h = _limit_multi_all_in_flop([1000, 1000, 49, 58, 1000])
    play(h, 20, "c")
    assert legal(h) == (20, 29, 29)
    h.bet_or_raise_to(29)
    assert legal(h) == (29, 38, 38)
    h.bet_or_raise_to(38)
    # Rule 129: "multiple all-in wagers, each too small to qualify as a raise,
    # still act as a raise ... if the resulting wager size to a participant
    # qualifies": to seat 4 the wager is 38, 18 over the bet of 20, half a
    # bet or more, so it is a raise and the next raise goes one full bet on
    # top: 38 + 20 = 58 (as "a $15 all-in bet is raised to $35").
    expect(h, actor=4, legal=(38, 58, 58))
    h.check_or_call()
    # Back to seat 0, who bet 20: the wager to it grew by 18 >= 10, so the
    # betting is reopened: call 18, or raise to 58.
    expect(h, actor=0, legal=(18, 58, 58))
    h.bet_or_raise_to(58)
    # Seat 1 called 20: call 38, or raise once more to 78 (the bet, the
    # all-ins' raise, 58 and 78 make a bet and three raises, within the cap).
    expect(h, actor=1, legal=(38, 78, 78))
    kinds = [a.kind for a in h.history if a.street == Street.FLOP]
    assert kinds == [
        ActionKind.BET,
        ActionKind.CALL,
        ActionKind.RAISE,
        ActionKind.RAISE,
        ActionKind.CALL,
        ActionKind.RAISE,
    ]


def test_fixed_limit_small_all_ins_reopen_only_for_whom_they_add_half_a_bet():
    # Stacks 1000, 49, 1000, 58, 1000; flop: seat 0 bets 20, seat 1 is all in
    # to 29 (under half a bet), seat 2 calls 29, seat 3 all in to 38, seat 4
    # calls 38.
    h = _limit_multi_all_in_flop([1000, 49, 1000, 58, 1000])
    play(h, 20, 29, "c", 38, "c")
    # To seat 0 (bet 20) the wager grew by 18: reopened, a raise goes to 58.
    expect(h, actor=0, legal=(18, 58, 58))
    h.check_or_call()
    # To seat 2 (called 29) it grew by 9, under half a bet: call or fold only.
    expect(h, actor=2, legal=(9, None, None))
    assert_illegal(h, h.bet_or_raise_to, 58, mentions=("not reopened",))
    h.check_or_call()
    assert h.street == Street.TURN


def test_fixed_limit_single_under_half_all_in_still_does_not_reopen():
    # Unchanged single all-in case: bet 20, one all-in to 29: 9 over, under
    # half a bet; the bettor may only call 9.
    h = _limit_multi_all_in_flop([1000, 49, 1000, 1000, 1000])
    play(h, 20, 29, "c", "c", "c")
    expect(h, actor=0, legal=(9, None, None))


def test_fixed_limit_under_half_all_in_does_not_reopen_for_a_player_who_called_the_previous_all_in():
    # FL 10/20 (small bet 20), button 0. Everyone calls 20 preflop.
    h = deal(FL(10, 20), [1000, 1000, 49, 1000, 58])
    play(h, "c", "c", "c", "c", "c")
    assert h.street == Street.FLOP and h.actor == 1
    assert h.stacks == [980, 980, 29, 980, 38]
    h.bet_or_raise_to(20)  # seat 1 bets 20
    h.bet_or_raise_to(29)  # seat 2 all-in: 9 over 20 < 10, incomplete
    h.check_or_call()  # seat 3 calls 29: it has acted facing 29
    h.bet_or_raise_to(38)  # seat 4 all-in: 9 over 29 < 10, incomplete
    play(h, "c", "c")  # seat 0 and seat 1 call 38
    assert h.actor == 3
    # Seat 3 faces 38 - 29 = 9 more, less than half a bet: call or fold only.
    assert legal(h) == (9, None, None)
