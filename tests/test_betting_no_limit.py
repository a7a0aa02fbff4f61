"""Scenario tests of no-limit betting in ``holecards.Hand``: minimum bets
and raises, the all-in maximum, short all-ins and when they reopen the
betting (WSOP tournament rule 96; docs/game.md rule choices 6 and 7).

Given cards, numbers worked out by hand: method and conventions in game_helpers.py.
"""

from __future__ import annotations

from game_helpers import (  # noqa: E402
    BOARD,
    NL,
    assert_illegal,
    cards,
    deal,
    expect,
    hist,
    legal,
    play,
    pots,
)
from holecards import ActionKind, Street

# ---------------------------------------------------------------------------
# No-limit sizes
# ---------------------------------------------------------------------------


def test_no_limit_min_raise_2_8_14():
    h = deal(NL(), [200] * 4, button=0)
    # legal: min raise = BB 2 on top of 2
    expect(h, actor=3, flags=(True, False), legal=(2, 4, 200))
    h.bet_or_raise_to(8)  # a raise of 6
    # legal: 8 + 6 = 14
    expect(h, actor=0, legal=(8, 14, 200))
    assert_illegal(h, h.bet_or_raise_to, 13, mentions=["14"])
    assert_illegal(h, h.bet_or_raise_to, 201, mentions=["200"])
    assert_illegal(h, h.bet_or_raise_to, 8)  # "raise" to the current bet
    h.bet_or_raise_to(14)
    assert hist(h)[-1] == (0, ActionKind.RAISE, 14)
    assert h.actor == 1
    # SB: call 14-1 = 13; the raise was 14-8 = 6 -> min to 20;
    # max = 199 behind + 1 in = 200.
    assert legal(h) == (13, 20, 200)
    h.bet_or_raise_to(30)  # a raise of 16
    # legal: call 30-2; min 30+16 = 46
    expect(h, actor=2, legal=(28, 46, 200))


def test_no_limit_min_bet_is_big_blind_postflop_and_max_is_all_chips():
    h = deal(NL(5, 10), [500] * 3, button=0)
    play(h, "c", "c", "c")  # everyone in for 10
    # legal: min bet = BB 10; max = 490 behind
    expect(h, street=Street.FLOP, actor=1, flags=(False, True), legal=(0, 10, 490))
    assert_illegal(h, h.bet_or_raise_to, 9, mentions=["10"])
    assert_illegal(h, h.bet_or_raise_to, 491, mentions=["490"])
    h.bet_or_raise_to(10)
    assert hist(h)[-1] == (1, ActionKind.BET, 10)
    # legal: 10 + 10
    expect(h, actor=2, legal=(10, 20, 490))
    h.bet_or_raise_to(30)  # raise of 20
    # legal: 30 + 20
    expect(h, actor=0, legal=(30, 50, 490))
    h.bet_or_raise_to(490)  # all-in
    assert h.all_in[0]
    # Seat 1 has 480 behind and 10 in: calling 480 uses every chip, so
    # betting is closed to it.
    expect(h, actor=1, legal=(480, None, None))
    h.check_or_call()
    assert h.all_in[1]
    # Seat 2 has 460 behind, 30 in: call 460 = all its chips.
    assert legal(h) == (460, None, None)
    h.fold()
    # Seats 0 and 1 are all-in: the board runs out. Contributions: 500, 500, 40.
    assert h.is_over
    assert h.street == Street.SHOWDOWN
    assert list(h.board) == cards(BOARD)
    # AA beats KK: seat 0 wins 500 + 500 + 40 = 1040.
    assert h.payoffs == [540, -500, -40]
    assert sum(h.stacks) == 1500


def test_all_in_bet_below_the_big_blind_postflop():
    # NL 1/2; seat 1 has 1 chip left on the flop and bets it.
    h = deal(NL(), [100, 3, 100], button=0)
    play(h, "c", "c", "c")
    # legal: short of the minimum bet: all-in only
    expect(h, actor=1, legal=(0, 1, 1))
    h.bet_or_raise_to(1)
    # A raise adds at least the big blind (RULES.md: "never less than the big
    # blind"): 1 + 2 = 3.
    expect(h, actor=2, legal=(1, 3, 98))


# ---------------------------------------------------------------------------
# Short all-ins in no-limit
# ---------------------------------------------------------------------------


def test_incomplete_all_in_raise_does_not_reopen_for_players_who_acted():
    h = deal(NL(), [12, 200, 200, 200], button=0)
    h.bet_or_raise_to(8)  # seat 3: a full raise of 6
    assert h.actor == 0
    # Seat 0 has 12: more than the call (8) but short of a full raise (14).
    assert legal(h) == (8, 12, 12)
    h.bet_or_raise_to(12)  # all-in, 4 more than 8: incomplete
    assert h.all_in[0]
    # Seat 1 has not acted: may raise; last full raise 6 -> min 12 + 6 = 18.
    expect(h, actor=1, legal=(11, 18, 200))
    h.check_or_call()
    # legal: the BB has only posted, not acted
    expect(h, actor=2, legal=(10, 18, 200))
    h.check_or_call()
    # Seat 3 raised to 8 and faces only the incomplete raise: call or fold.
    expect(h, actor=3, flags=(True, False), legal=(4, None, None))
    assert_illegal(h, h.bet_or_raise_to, 18)
    assert_illegal(h, h.bet_or_raise_to, 200)
    h.check_or_call()
    expect(h, stacks=[0, 188, 188, 188], contributions=[12, 12, 12, 12], pot=48)
    expect(h, street=Street.FLOP)


def test_full_raise_after_incomplete_all_in_reopens():
    h = deal(NL(), [12, 200, 200, 200], button=0)
    play(h, 8, 12)  # seat 3 to 8, seat 0 all-in to 12
    h.bet_or_raise_to(18)  # seat 1: a full raise of 6 over 12
    assert legal(h) == (16, 24, 200)  # BB: 18 - 2; 18 + 6
    h.fold()
    # Seat 3 faces a full raise now: may re-raise.
    expect(h, actor=3, legal=(10, 24, 200))


def test_several_short_all_ins_that_make_a_full_raise_reopen_wsop_96():
    # WSOP tournament rule 96a: A bets 500, B raises to 1,000, C calls, D is
    # all-in for 1,300, E all-in for 1,700; after A calls, B and C may raise,
    # the minimum being the last complete raise (500): to 2,200.
    # Seats 0..4 = A..E, button on E (seat 4), so A acts first postflop.
    h = deal(NL(50, 100), [5000, 5000, 5000, 1400, 1800], button=4)
    # Preflop: SB A (50), BB B (100); C, D, E call, A completes, B checks.
    play(h, "c", "c", "c", "c", "c")
    expect(
        h, street=Street.FLOP, stacks=[4900, 4900, 4900, 1300, 1700], actor=0, legal=(0, 100, 4900)
    )
    h.bet_or_raise_to(500)  # A
    assert legal(h) == (500, 1000, 4900)
    h.bet_or_raise_to(1000)  # B: full raise of 500
    assert legal(h) == (1000, 1500, 4900)
    h.check_or_call()  # C
    # D: 1300 chips, more than the call (1000) and short of 1500.
    expect(h, actor=3, legal=(1000, 1300, 1300))
    h.bet_or_raise_to(1300)
    # E: 1700 chips, short of a full raise to 1300 + 500 = 1800.
    expect(h, actor=4, legal=(1300, 1700, 1700))
    h.bet_or_raise_to(1700)
    # A has not acted since B's full raise: call 1700 - 500, raise to 2200.
    expect(h, actor=0, legal=(1200, 2200, 4900))
    h.check_or_call()
    # B: 1700 is 700 over the 1000 B made, more than a full raise (500),
    # so the betting is reopened; minimum 1700 + 500 = 2200 (rule 96a).
    expect(h, actor=1, legal=(700, 2200, 4900))
    h.check_or_call()
    expect(h, actor=2, legal=(700, 2200, 4900))
    h.check_or_call()
    assert h.street == Street.TURN
    # preflop 5 x 100; flop 3 x 1700 + 1300 + 1700
    expect(h, pot=500 + 5100 + 3000, actor=0)


def test_single_short_all_in_does_not_reopen_wsop_96():
    h = deal(NL(50, 100), [5000, 5000, 5000, 1400, 1800], button=4)
    play(h, "c", "c", "c", "c", "c")
    play(h, 500, 1000, "c")  # A bets, B raises to 1000, C calls
    h.bet_or_raise_to(1300)  # D all-in, 300 more: incomplete
    h.fold()  # E
    # A has not acted since B's raise: min 1300 + 500 = 1800.
    expect(h, actor=0, legal=(800, 1800, 4900))
    h.check_or_call()
    # B and C already acted and face only the incomplete 300: call or fold.
    expect(h, actor=1, legal=(300, None, None))
    assert_illegal(h, h.bet_or_raise_to, 1800)
    h.check_or_call()
    expect(h, actor=2, legal=(300, None, None))


def test_short_all_ins_reopen_only_for_players_they_raised_by_a_full_raise():
    # NL 50/100, four players, button seat 3 (D): SB A (0), BB B (1).
    # Everyone calls preflop; on the flop A bets 100, B is all-in for 150,
    # C calls 150, D is all-in for 230 (80 more: incomplete again).
    # A last acted at 100 and now faces 230: 130 more, at least a full raise
    # (100), so the betting is reopened for A (WSOP tournament rule 96a).
    # C last acted at 150 and faces only 80 more: call or fold.
    h = deal(NL(50, 100), [5000, 250, 5000, 330], button=3)
    play(h, "c", "c", "c", "c")
    expect(h, street=Street.FLOP, stacks=[4900, 150, 4900, 230], actor=0)
    h.bet_or_raise_to(100)
    assert legal(h) == (100, 150, 150)  # B: all-in to 150 only
    h.bet_or_raise_to(150)
    assert legal(h) == (150, 250, 4900)  # C: last full raise 100 -> 250
    h.check_or_call()
    assert legal(h) == (150, 230, 230)  # D: 230 < 250: all-in only
    h.bet_or_raise_to(230)
    # legal: A: reopened, min 230 + 100
    expect(h, actor=0, legal=(130, 330, 4900))
    h.check_or_call()
    # legal: C: not reopened
    expect(h, actor=2, legal=(80, None, None))
    assert_illegal(h, h.bet_or_raise_to, 330)
    h.check_or_call()
    assert h.street == Street.TURN


def test_two_short_all_ins_short_of_a_full_raise_do_not_reopen():
    # As above, but D is all-in for 190: A faces 90 more than its 100 bet,
    # less than a full raise (100): A may only call or fold.
    h = deal(NL(50, 100), [5000, 250, 5000, 290], button=3)
    play(h, "c", "c", "c", "c")
    play(h, 100, 150, "c")
    assert legal(h) == (150, 190, 190)
    h.bet_or_raise_to(190)
    expect(h, actor=0, legal=(90, None, None))
    h.check_or_call()
    assert legal(h) == (40, None, None)  # C


def test_incomplete_all_in_preflop_big_blind_keeps_its_option():
    h = deal(NL(), [100, 100, 100, 3], button=0)
    # Seat 3: 3 chips, call 2, a full raise would be 4: all-in to 3 only.
    assert legal(h) == (2, 3, 3)
    h.bet_or_raise_to(3)  # incomplete raise of 1
    # Nobody else has acted: each may raise by a full BB: 3 + 2 = 5.
    assert legal(h) == (3, 5, 100)
    h.check_or_call()
    assert legal(h) == (2, 5, 100)  # SB
    h.check_or_call()
    # legal: the BB has only posted: it may raise
    expect(h, actor=2, legal=(1, 5, 100))
    h.check_or_call()
    expect(h, street=Street.FLOP, pot=12)


def test_limper_facing_incomplete_all_in_may_only_call():
    h = deal(NL(), [3, 100, 100, 100], button=0)
    h.check_or_call()  # seat 3 limps for 2
    assert legal(h) == (2, 3, 3)  # seat 0: all-in to 3 only
    h.bet_or_raise_to(3)
    assert legal(h) == (2, 5, 100)  # SB has not acted
    h.check_or_call()
    assert legal(h) == (1, 5, 100)  # BB has not acted
    h.check_or_call()
    # Seat 3 acted (limped) and faces only the incomplete raise.
    expect(h, actor=3, legal=(1, None, None))


# ---------------------------------------------------------------------------
# Calling all-in
# ---------------------------------------------------------------------------


def test_player_with_less_than_the_call_calls_all_in_for_less():
    h = deal(NL(), [5, 100, 100, 100], button=0)
    h.bet_or_raise_to(10)  # seat 3
    # legal: all 5 chips; no raise possible
    expect(h, actor=0, flags=(True, False), legal=(5, None, None))
    assert_illegal(h, h.bet_or_raise_to, 20)
    h.check_or_call()
    assert h.all_in[0]
    assert h.stacks[0] == 0
    assert h.bets == [5, 1, 2, 10]
    assert hist(h)[-1] == (0, ActionKind.CALL, 5)
    # legal: the short call changes nothing for others
    expect(h, actor=1, legal=(9, 18, 100))


def test_all_in_exactly_for_the_call():
    h = deal(NL(), [100, 100, 50])
    h.bet_or_raise_to(50)  # seat 0
    h.fold()  # seat 1
    # The BB has 2 in and 48 behind: the call takes everything.
    assert h.actor == 2
    la = h.legal_actions()
    assert (la.call_amount, la.min_raise_to, la.max_raise_to) == (48, None, None)
    assert la.can_fold and not la.can_check
    h.check_or_call()
    assert h.history[-1].kind == ActionKind.CALL
    assert h.history[-1].amount == 48 and h.history[-1].all_in
    assert h.is_over and h.street == Street.SHOWDOWN
    assert h.contributions == [50, 1, 50]
    assert pots(h) == [(101, (0, 2))]
    assert h.payoffs == [51, -1, -50]
