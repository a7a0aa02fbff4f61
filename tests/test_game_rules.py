"""Scenario tests of the betting rules of ``holecards.Hand``.

Every hand is dealt with given hole cards and a given board, so nothing is
random. Every expected number is worked out by hand from ``RULES.md`` (and
the WSOP rule books where RULES.md points at them); the arithmetic is in the
comments. Nothing here asks the engine to compute an expectation.

Conventions used in the comments: NL/PL/FL = no-limit/pot-limit/fixed-limit,
"1/2" = small blind 1, big blind 2; seats are clockwise; "la(seat)" is that
seat's legal actions written as (call_amount, min_raise_to, max_raise_to).
"""

from __future__ import annotations

import pytest

import holecards as hc
from holecards import ConfigError, Hand, IllegalActionError, Rules, parse_cards
from game_helpers import check_down, FL, legal, NL, PL, play  # noqa: E402

Street = hc.Street
ActionKind = hc.ActionKind

# Seat i holds the i-th best hand on the default board: each pair plus the
# board's deuces is two pair (AA22 > KK22 > ... > 7722), kicker the 6. No
# straight is possible (nobody holds a 5) and no flush (board suits c h d c s).
HOLE = ["AsAd", "KsKd", "QsQd", "JsJd", "TsTd", "9s9d", "8s8d", "7s7d"]
BOARD = "2c 2h 3d 4c 6s"


def cards(text):
    return parse_cards(text)


def deal(rules, stacks, button=0, hole=None, board=BOARD):
    n = len(stacks)
    return Hand(
        rules,
        list(stacks),
        button=button,
        hole_cards=list(hole) if hole is not None else HOLE[:n],
        board=cards(board),
    )


def flags(h):
    """(can_fold, can_check) for the actor."""
    la = h.legal_actions()
    return (la.can_fold, la.can_check)


def hist(h):
    return [(a.seat, a.kind, a.amount) for a in h.history]


def state(h):
    return dict(
        actor=h.actor,
        street=h.street,
        stacks=list(h.stacks),
        bets=list(h.bets),
        contributions=list(h.contributions),
        pot=h.pot,
        folded=list(h.folded),
        all_in=list(h.all_in),
        board=[str(c) for c in h.board],
        history=hist(h),
        is_over=h.is_over,
    )


def assert_illegal(h, action, *args, mentions=()):
    """The action raises IllegalActionError naming `mentions`, and changes nothing."""
    before = state(h)
    before_legal = legal(h)
    with pytest.raises(IllegalActionError) as info:
        action(*args)
    msg = str(info.value)
    for m in mentions:
        assert m in msg, f"{m!r} not in error message {msg!r}"
    assert state(h) == before
    assert legal(h) == before_legal


# ---------------------------------------------------------------------------
# Heads-up order
# ---------------------------------------------------------------------------


def test_heads_up_button_posts_small_blind_and_acts_first_preflop_last_after():
    h = deal(NL(), [100, 100], button=0)
    # Button (seat 0) posts SB 1, seat 1 posts BB 2.
    assert hist(h) == [
        (0, ActionKind.POST_SMALL_BLIND, 1),
        (1, ActionKind.POST_BIG_BLIND, 2),
    ]
    assert h.stacks == [99, 98]
    assert h.bets == [1, 2]
    assert h.contributions == [1, 2]
    assert h.pot == 3
    assert h.street == Street.PREFLOP
    assert list(h.board) == []
    assert h.actor == 0  # the button acts first preflop
    assert flags(h) == (True, False)
    # call 2-1 = 1; min raise to 2+2 = 4; max = 99 behind + 1 in = 100
    assert legal(h) == (1, 4, 100)
    h.check_or_call()
    assert h.actor == 1
    assert flags(h) == (False, True)  # BB may check; no free fold
    assert legal(h) == (0, 4, 100)  # max = 98 behind + 2 in
    h.check_or_call()
    # Flop: the non-button acts first.
    assert h.street == Street.FLOP
    assert list(h.board) == cards("2c 2h 3d")
    assert h.bets == [0, 0]
    assert h.stacks == [98, 98]
    assert h.pot == 4
    assert h.actor == 1
    assert legal(h) == (0, 2, 98)  # min bet = BB 2, max = all 98 chips
    h.check_or_call()
    assert h.actor == 0  # the button acts last
    h.check_or_call()
    assert h.street == Street.TURN
    assert list(h.board) == cards("2c 2h 3d 4c")
    assert h.actor == 1
    play(h, "c")
    assert h.actor == 0
    play(h, "c")
    assert h.street == Street.RIVER
    assert list(h.board) == cards(BOARD)
    assert h.actor == 1
    play(h, "c")
    assert h.actor == 0
    play(h, "c")
    assert h.street == Street.SHOWDOWN
    assert h.is_over and h.actor is None
    # AA22 beats KK22: seat 0 wins the 4-chip pot, 2 of it seat 1's.
    assert h.payoffs == [2, -2]
    assert h.stacks == [102, 98]
    assert hist(h)[2:] == [
        (0, ActionKind.CALL, 1),
        (1, ActionKind.CHECK, 0),
    ] + [(s, ActionKind.CHECK, 0) for _ in range(3) for s in (1, 0)]


def test_heads_up_button_on_seat_one():
    h = deal(NL(), [100, 100], button=1)
    # Seat 1 is the button: posts SB 1 and acts first; seat 0 posts BB 2.
    assert h.stacks == [98, 99]
    assert h.bets == [2, 1]
    assert h.actor == 1
    assert legal(h) == (1, 4, 100)
    h.bet_or_raise_to(6)
    # Seat 0 faces 6 with 2 in: call 4; the raise was 6-2 = 4, min to 6+4 = 10.
    assert h.actor == 0
    assert legal(h) == (4, 10, 100)
    h.check_or_call()
    assert h.street == Street.FLOP
    assert h.actor == 0  # non-button first after the flop
    h.check_or_call()
    assert h.actor == 1


# ---------------------------------------------------------------------------
# Order with three or more players
# ---------------------------------------------------------------------------


def test_four_players_blinds_left_of_button_and_action_order():
    h = deal(NL(), [100] * 4, button=0)
    # SB seat 1, BB seat 2, first to act seat 3 (left of the BB).
    assert hist(h) == [
        (1, ActionKind.POST_SMALL_BLIND, 1),
        (2, ActionKind.POST_BIG_BLIND, 2),
    ]
    assert h.stacks == [100, 99, 98, 100]
    assert h.actor == 3
    h.check_or_call()
    assert h.actor == 0
    h.check_or_call()
    assert h.actor == 1
    assert legal(h) == (1, 4, 100)  # SB owes 2-1 = 1
    h.check_or_call()
    assert h.actor == 2
    assert legal(h) == (0, 4, 100)
    h.check_or_call()
    assert h.street == Street.FLOP
    assert h.pot == 8  # 4 x 2
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
    assert hist(h) == [
        (3, ActionKind.POST_SMALL_BLIND, 1),
        (0, ActionKind.POST_BIG_BLIND, 2),
    ]
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
    assert h.bets == [1, 2, 0]
    assert h.actor == 2
    play(h, "c", "c", "c")
    assert h.street == Street.FLOP
    assert h.actor == 0


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
    assert h.street == Street.TURN
    assert h.actor == 2


def test_action_skips_all_in_players():
    h = deal(NL(), [100, 100, 100, 10], button=0)
    assert h.actor == 3
    assert legal(h) == (2, 4, 10)  # max = all 10 chips
    h.bet_or_raise_to(10)  # all-in, a full raise (8 >= 2)
    assert h.all_in == [False, False, False, True]
    assert h.stacks[3] == 0
    assert legal(h) == (10, 18, 100)  # 10 + 8 = 18
    h.check_or_call()
    assert legal(h) == (9, 18, 100)  # SB: 10 - 1
    h.check_or_call()
    assert legal(h) == (8, 18, 100)  # BB: 10 - 2
    h.check_or_call()
    assert h.street == Street.FLOP
    assert h.pot == 40
    assert h.actor == 1
    h.check_or_call()
    assert h.actor == 2
    h.check_or_call()
    assert h.actor == 0  # seat 3 is all-in and skipped
    h.check_or_call()
    assert h.street == Street.TURN
    assert h.actor == 1


# ---------------------------------------------------------------------------
# The big blind's option
# ---------------------------------------------------------------------------


def test_big_blind_option_check_closes_the_round():
    h = deal(NL(), [100] * 3, button=0)
    play(h, "c", "c")  # seat 0 calls 2, SB completes 1
    assert h.actor == 2
    assert h.street == Street.PREFLOP
    assert flags(h) == (False, True)
    # nothing owed; raise to 2+2 = 4 or more; max 98 behind + 2 in = 100
    assert legal(h) == (0, 4, 100)
    h.check_or_call()
    assert h.street == Street.FLOP
    assert h.pot == 6
    assert h.actor == 1
    assert hist(h)[-1] == (2, ActionKind.CHECK, 0)


def test_big_blind_option_raise_reopens():
    h = deal(NL(), [100] * 3, button=0)
    play(h, "c", "c")
    h.bet_or_raise_to(6)  # BB raises 4 more
    assert hist(h)[-1] == (2, ActionKind.RAISE, 6)
    assert h.actor == 0
    # call 6-2 = 4; raise size 6-2 = 4 -> min to 10; max 98+2 = 100
    assert legal(h) == (4, 10, 100)
    h.check_or_call()
    assert h.actor == 1
    assert legal(h) == (4, 10, 100)
    h.check_or_call()
    assert h.street == Street.FLOP
    assert h.pot == 18  # 3 x 6
    assert h.stacks == [94, 94, 94]


def test_cannot_fold_when_check_is_free():
    h = deal(NL(), [100] * 3, button=0)
    play(h, "c", "c")
    assert flags(h) == (False, True)
    # game.md: folding for free is not offered; acting illegally changes nothing.
    assert_illegal(h, h.fold)


# ---------------------------------------------------------------------------
# No-limit sizes
# ---------------------------------------------------------------------------


def test_no_limit_min_raise_2_8_14():
    h = deal(NL(), [200] * 4, button=0)
    assert h.actor == 3
    assert flags(h) == (True, False)
    assert legal(h) == (2, 4, 200)  # min raise = BB 2 on top of 2
    h.bet_or_raise_to(8)  # a raise of 6
    assert h.actor == 0
    assert legal(h) == (8, 14, 200)  # 8 + 6 = 14
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
    assert h.actor == 2
    assert legal(h) == (28, 46, 200)  # call 30-2; min 30+16 = 46


def test_no_limit_min_bet_is_big_blind_postflop_and_max_is_all_chips():
    h = deal(NL(5, 10), [500] * 3, button=0)
    play(h, "c", "c", "c")  # everyone in for 10
    assert h.street == Street.FLOP
    assert h.actor == 1
    assert flags(h) == (False, True)
    assert legal(h) == (0, 10, 490)  # min bet = BB 10; max = 490 behind
    assert_illegal(h, h.bet_or_raise_to, 9, mentions=["10"])
    assert_illegal(h, h.bet_or_raise_to, 491, mentions=["490"])
    h.bet_or_raise_to(10)
    assert hist(h)[-1] == (1, ActionKind.BET, 10)
    assert h.actor == 2
    assert legal(h) == (10, 20, 490)  # 10 + 10
    h.bet_or_raise_to(30)  # raise of 20
    assert h.actor == 0
    assert legal(h) == (30, 50, 490)  # 30 + 20
    h.bet_or_raise_to(490)  # all-in
    assert h.all_in[0]
    # Seat 1 has 480 behind and 10 in: calling 480 uses every chip, so
    # betting is closed to it.
    assert h.actor == 1
    assert legal(h) == (480, None, None)
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
    assert h.pot == 38
    assert h.contributions == [18, 18, 2]
    assert h.stacks == [82, 82, 98]


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
    assert h.actor == 1
    assert legal(h) == (11, 18, 200)
    h.check_or_call()
    assert h.actor == 2
    assert legal(h) == (10, 18, 200)  # the BB has only posted, not acted
    h.check_or_call()
    # Seat 3 raised to 8 and faces only the incomplete raise: call or fold.
    assert h.actor == 3
    assert flags(h) == (True, False)
    assert legal(h) == (4, None, None)
    assert_illegal(h, h.bet_or_raise_to, 18)
    assert_illegal(h, h.bet_or_raise_to, 200)
    h.check_or_call()
    assert h.street == Street.FLOP
    assert h.stacks == [0, 188, 188, 188]
    assert h.contributions == [12, 12, 12, 12]
    assert h.pot == 48
    assert h.actor == 1


def test_full_raise_after_incomplete_all_in_reopens():
    h = deal(NL(), [12, 200, 200, 200], button=0)
    play(h, 8, 12)  # seat 3 to 8, seat 0 all-in to 12
    h.bet_or_raise_to(18)  # seat 1: a full raise of 6 over 12
    assert legal(h) == (16, 24, 200)  # BB: 18 - 2; 18 + 6
    h.fold()
    # Seat 3 faces a full raise now: may re-raise.
    assert h.actor == 3
    assert legal(h) == (10, 24, 200)


def test_several_short_all_ins_that_make_a_full_raise_reopen_wsop_96():
    # WSOP tournament rule 96a: A bets 500, B raises to 1,000, C calls, D is
    # all-in for 1,300, E all-in for 1,700; after A calls, B and C may raise,
    # the minimum being the last complete raise (500): to 2,200.
    # Seats 0..4 = A..E, button on E (seat 4), so A acts first postflop.
    h = deal(
        NL(50, 100),
        [5000, 5000, 5000, 1400, 1800],
        button=4,
    )
    # Preflop: SB A (50), BB B (100); C, D, E call, A completes, B checks.
    play(h, "c", "c", "c", "c", "c")
    assert h.street == Street.FLOP
    assert h.stacks == [4900, 4900, 4900, 1300, 1700]
    assert h.actor == 0
    assert legal(h) == (0, 100, 4900)
    h.bet_or_raise_to(500)  # A
    assert legal(h) == (500, 1000, 4900)
    h.bet_or_raise_to(1000)  # B: full raise of 500
    assert legal(h) == (1000, 1500, 4900)
    h.check_or_call()  # C
    # D: 1300 chips, more than the call (1000) and short of 1500.
    assert h.actor == 3
    assert legal(h) == (1000, 1300, 1300)
    h.bet_or_raise_to(1300)
    # E: 1700 chips, short of a full raise to 1300 + 500 = 1800.
    assert h.actor == 4
    assert legal(h) == (1300, 1700, 1700)
    h.bet_or_raise_to(1700)
    # A has not acted since B's full raise: call 1700 - 500, raise to 2200.
    assert h.actor == 0
    assert legal(h) == (1200, 2200, 4900)
    h.check_or_call()
    # B: 1700 is 700 over the 1000 B made, more than a full raise (500),
    # so the betting is reopened; minimum 1700 + 500 = 2200 (rule 96a).
    assert h.actor == 1
    assert legal(h) == (700, 2200, 4900)
    h.check_or_call()
    assert h.actor == 2
    assert legal(h) == (700, 2200, 4900)
    h.check_or_call()
    assert h.street == Street.TURN
    # preflop 5 x 100; flop 3 x 1700 + 1300 + 1700
    assert h.pot == 500 + 5100 + 3000
    assert h.actor == 0


def test_single_short_all_in_does_not_reopen_wsop_96():
    h = deal(
        NL(50, 100),
        [5000, 5000, 5000, 1400, 1800],
        button=4,
    )
    play(h, "c", "c", "c", "c", "c")
    play(h, 500, 1000, "c")  # A bets, B raises to 1000, C calls
    h.bet_or_raise_to(1300)  # D all-in, 300 more: incomplete
    h.fold()  # E
    # A has not acted since B's raise: min 1300 + 500 = 1800.
    assert h.actor == 0
    assert legal(h) == (800, 1800, 4900)
    h.check_or_call()
    # B and C already acted and face only the incomplete 300: call or fold.
    assert h.actor == 1
    assert legal(h) == (300, None, None)
    assert_illegal(h, h.bet_or_raise_to, 1800)
    h.check_or_call()
    assert h.actor == 2
    assert legal(h) == (300, None, None)


def test_player_with_less_than_the_call_calls_all_in_for_less():
    h = deal(NL(), [5, 100, 100, 100], button=0)
    h.bet_or_raise_to(10)  # seat 3
    assert h.actor == 0
    assert flags(h) == (True, False)
    assert legal(h) == (5, None, None)  # all 5 chips; no raise possible
    assert_illegal(h, h.bet_or_raise_to, 20)
    h.check_or_call()
    assert h.all_in[0]
    assert h.stacks[0] == 0
    assert h.bets == [5, 1, 2, 10]
    assert hist(h)[-1] == (0, ActionKind.CALL, 5)
    assert h.actor == 1
    assert legal(h) == (9, 18, 100)  # the short call changes nothing for others


# ---------------------------------------------------------------------------
# Pot-limit
# ---------------------------------------------------------------------------


def test_pot_limit_first_raiser_and_small_blind_facing_a_raise():
    h = deal(PL(), [100] * 3, button=0)
    # Seat 0: call 2, pot 3 -> 2 + (3 + 2) = 7; min 2 + 2 = 4.
    assert legal(h) == (2, 4, 7)
    assert_illegal(h, h.bet_or_raise_to, 8, mentions=["7"])
    h.bet_or_raise_to(7)
    # SB: 1 in, call 6; pot 1 + 2 + 7 = 10; after the call 16;
    # max = 7 + 16 = 23 (chips added 6 + 16 = 22, plus the 1 in).
    # min = 7 + 5 (the raise 7-2) = 12.
    assert h.actor == 1
    assert legal(h) == (6, 12, 23)
    assert_illegal(h, h.bet_or_raise_to, 24, mentions=["23"])
    h.bet_or_raise_to(23)
    # BB: 2 in, call 21; pot 23 + 2 + 7 = 32; after the call 53;
    # max = 23 + 53 = 76; min = 23 + 16 = 39.
    assert h.actor == 2
    assert legal(h) == (21, 39, 76)
    h.bet_or_raise_to(76)
    # Seat 0: 7 in, call 69, 93 behind; max would be 76 + (76+23+7 + 69) =
    # 251 > 100 chips, so max 100; min 76 + 53 = 129 > 100, so all-in only.
    assert legal(h) == (69, 100, 100)


def test_pot_limit_postflop_bet_and_raise():
    h = deal(PL(), [100] * 3, button=0)
    play(h, "c", "c", "c")
    assert h.street == Street.FLOP
    assert h.pot == 6
    assert legal(h) == (0, 2, 6)  # bet up to the pot, at least the BB
    h.bet_or_raise_to(6)
    # call 6, pot 12 -> 18 after calling; max 6 + 18 = 24; min 6 + 6 = 12
    assert legal(h) == (6, 12, 24)


def test_pot_limit_heads_up_button():
    h = deal(PL(), [100, 100], button=0)
    # Button SB: call 1, pot 3 -> 4; max 2 + 4 = 6.
    assert legal(h) == (1, 4, 6)


def test_pot_limit_with_antes():
    h = deal(PL(ante=1), [100] * 3, button=0)
    # Antes 3 + blinds 3 = 6 in the pot; call 2 -> 8; max 2 + 8 = 10.
    assert h.pot == 6
    assert legal(h) == (2, 4, 10)
    h.bet_or_raise_to(10)
    # SB: call 9; pot 6 + 10 = 16 -> 25; max 10 + 25 = 35; min 10 + 8 = 18.
    assert legal(h) == (9, 18, 35)


def test_pot_limit_with_big_blind_ante():
    h = deal(PL(big_blind_ante=2), [100] * 3, button=0)
    # BB ante 2 + blinds 1 + 2 = 5; call 2 -> 7; max 2 + 7 = 9.
    assert h.pot == 5
    assert legal(h) == (2, 4, 9)


def test_pot_limit_ten_fifteen_blinds():
    h = deal(PL(10, 15), [1000] * 3, button=0)
    # call 15; pot 25 -> 40; max 15 + 40 = 55; min 15 + 15 = 30.
    assert legal(h) == (15, 30, 55)


# ---------------------------------------------------------------------------
# Fixed limit
# ---------------------------------------------------------------------------


def test_fixed_limit_bet_sizes_and_default_cap():
    h = deal(FL(), [100] * 4, button=0)
    assert h.actor == 3
    assert flags(h) == (True, False)
    assert legal(h) == (2, 4, 4)  # one small bet (2) on top of the BB
    assert_illegal(h, h.bet_or_raise_to, 5, mentions=["4"])
    assert_illegal(h, h.bet_or_raise_to, 6)
    h.bet_or_raise_to(4)  # raise 1
    assert legal(h) == (4, 6, 6)
    h.bet_or_raise_to(6)  # raise 2
    assert legal(h) == (5, 8, 8)  # SB has 1 in
    h.bet_or_raise_to(8)  # raise 3
    assert legal(h) == (6, 10, 10)  # BB has 2 in
    h.bet_or_raise_to(10)  # raise 4: one bet (the BB) and four raises
    assert h.actor == 3
    assert legal(h) == (6, None, None)  # capped
    assert_illegal(h, h.bet_or_raise_to, 12)
    h.check_or_call()
    assert legal(h) == (4, None, None)
    h.check_or_call()
    assert legal(h) == (2, None, None)
    h.check_or_call()
    assert h.street == Street.FLOP
    assert h.pot == 40
    assert h.stacks == [90] * 4
    # Flop: small bet 2.
    assert h.actor == 1
    assert legal(h) == (0, 2, 2)
    play(h, 2, "c", "c", "c")
    assert h.street == Street.TURN
    # Turn: big bet 4.
    assert h.actor == 1
    assert legal(h) == (0, 4, 4)
    h.bet_or_raise_to(4)
    assert legal(h) == (4, 8, 8)
    h.bet_or_raise_to(8)
    assert legal(h) == (8, 12, 12)
    h.fold()  # seat 3
    h.check_or_call()  # seat 0
    assert legal(h) == (4, 12, 12)  # seat 1
    h.check_or_call()
    assert h.street == Street.RIVER
    assert legal(h) == (0, 4, 4)
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
    assert h.street == Street.TURN
    assert legal(h) == (0, 20, 20)


def test_fixed_limit_raise_cap_none():
    h = deal(FL(raise_cap=None), [100] * 4, button=0)
    play(h, 4, 6, 8, 10)
    assert legal(h) == (6, 12, 12)  # a fifth raise is allowed
    h.bet_or_raise_to(12)
    assert legal(h) == (6, 14, 14)


def test_fixed_limit_raise_cap_three():
    h = deal(FL(raise_cap=3), [100] * 4, button=0)
    play(h, 4, 6, 8)  # three raises
    assert h.actor == 2
    assert legal(h) == (6, None, None)


def test_fixed_limit_heads_up_is_uncapped_wsop_127():
    h = deal(FL(), [100, 100], button=0)
    assert legal(h) == (1, 4, 4)
    play(h, 4, 6, 8, 10)  # four raises: 0 to 4, 1 to 6, 0 to 8, 1 to 10
    assert h.actor == 0
    assert legal(h) == (2, 12, 12)  # seat 0 has 8 in: call 2; a fifth raise
    h.bet_or_raise_to(12)
    assert legal(h) == (2, 14, 14)


def test_fixed_limit_heads_up_cap_when_switched_off():
    h = deal(FL(heads_up_uncapped=False), [100, 100], button=0)
    play(h, 4, 6, 8, 10)
    assert h.actor == 0
    assert legal(h) == (2, None, None)  # 8 in, call 2; capped


def test_fixed_limit_round_that_becomes_heads_up_stays_capped_wsop_127():
    h = deal(FL(), [100] * 3, button=0)
    h.fold()  # seat 0: the round began with three players
    play(h, 4, 6, 8, 10)  # SB and BB: four raises
    assert h.actor == 1
    assert legal(h) == (2, None, None)
    h.check_or_call()
    # The flop begins heads-up: uncapped.
    assert h.street == Street.FLOP
    assert h.actor == 1
    play(h, 2, 4, 6, 8, 10)  # a bet and four raises
    assert h.actor == 2
    assert legal(h) == (2, 12, 12)


def test_fixed_limit_all_in_player_does_not_count_toward_heads_up():
    h = deal(FL(), [2, 100, 100], button=0)
    assert legal(h) == (2, None, None)  # seat 0 calls with its last 2 chips
    h.check_or_call()
    assert h.all_in[0]
    play(h, "c", "c")
    # The flop begins with two players who are not all-in: uncapped.
    assert h.street == Street.FLOP
    assert h.actor == 1
    play(h, 2, 4, 6, 8, 10)
    assert legal(h) == (2, 12, 12)


def test_fixed_limit_half_bet_all_in_bet_is_a_full_bet_wsop_129():
    # FL 10/20: the flop is a 20 round; half a bet is 10.
    h = deal(FL(10, 20), [200, 35, 200], button=0)
    play(h, "c", "c", "c")  # everyone in for 20; seat 1 has 15 left
    assert h.street == Street.FLOP
    assert h.actor == 1
    assert legal(h) == (0, 15, 15)  # all-in bet only
    h.bet_or_raise_to(15)
    # 15 >= 10 is a full bet; the raise is one bet on top: 15 + 20 = 35.
    assert h.actor == 2
    assert legal(h) == (15, 35, 35)
    h.bet_or_raise_to(35)
    assert legal(h) == (35, 55, 55)
    h.check_or_call()
    assert h.street == Street.TURN
    assert h.actor == 2  # seat 1 is all-in
    assert legal(h) == (0, 40, 40)  # big bet


def test_fixed_limit_half_bet_all_in_raise_reopens_wsop_129():
    h = deal(FL(10, 20), [200, 200, 50], button=0)
    play(h, "c", "c", "c")  # seat 2 has 30 left
    h.bet_or_raise_to(20)  # seat 1 bets
    assert legal(h) == (20, 30, 30)  # seat 2: all-in raise only
    h.bet_or_raise_to(30)  # 10 more = half a bet: a full raise
    assert h.actor == 0
    assert legal(h) == (30, 50, 50)  # 30 + 20
    h.check_or_call()
    # Seat 1 bet 20, faces 30: the betting is reopened.
    assert h.actor == 1
    assert legal(h) == (10, 50, 50)


def test_fixed_limit_under_half_all_in_raise_does_not_reopen_wsop_129():
    h = deal(FL(10, 20), [200, 200, 45], button=0)
    play(h, "c", "c", "c")  # seat 2 has 25 left
    h.bet_or_raise_to(20)  # seat 1 bets
    assert legal(h) == (20, 25, 25)
    h.bet_or_raise_to(25)  # 5 more, under half a bet
    # Seat 0 has not acted: fold, call, or complete to a full raise, 20 + 20.
    assert h.actor == 0
    assert legal(h) == (25, 40, 40)
    h.check_or_call()
    # Seat 1 already acted and faces only the short raise: call or fold.
    assert h.actor == 1
    assert legal(h) == (5, None, None)
    assert_illegal(h, h.bet_or_raise_to, 45)
    h.check_or_call()
    assert h.street == Street.TURN


def test_fixed_limit_completion_after_under_half_raise_reopens():
    h = deal(FL(10, 20), [200, 200, 45], button=0)
    play(h, "c", "c", "c", 20, 25)
    h.bet_or_raise_to(40)  # seat 0 completes to a full raise
    # Seat 1 faces a full raise of its bet: call 20, raise to 60.
    assert h.actor == 1
    assert legal(h) == (20, 60, 60)


def test_fixed_limit_under_half_all_in_bet_may_be_completed_wsop_129():
    h = deal(FL(10, 20), [200, 25, 200], button=0)
    play(h, "c", "c", "c")  # seat 1 has 5 left
    assert legal(h) == (0, 5, 5)
    h.bet_or_raise_to(5)  # under half a bet
    # Seat 2 has not acted: call 5 or complete to the full bet of 20.
    assert h.actor == 2
    assert legal(h) == (5, 20, 20)
    h.check_or_call()
    assert h.actor == 0
    assert legal(h) == (5, 20, 20)


def test_fixed_limit_chips_between_call_and_raise_are_an_all_in_raise():
    h = deal(FL(), [5, 100, 100, 100], button=0)
    h.bet_or_raise_to(4)  # seat 3
    # Seat 0: 5 chips, call 4, a full raise would be 6: all-in to 5 only.
    assert legal(h) == (4, 5, 5)


# ---------------------------------------------------------------------------
# Straddles
# ---------------------------------------------------------------------------


def test_straddle_action_starts_left_of_it_and_straddler_has_option():
    h = deal(NL(straddles=(4,)), [100] * 5, button=0)
    # SB seat 1, BB seat 2, straddle seat 3 (left of the BB).
    assert hist(h) == [
        (1, ActionKind.POST_SMALL_BLIND, 1),
        (2, ActionKind.POST_BIG_BLIND, 2),
        (3, ActionKind.POST_STRADDLE, 4),
    ]
    assert h.stacks == [100, 99, 98, 96, 100]
    assert h.actor == 4
    # Default: the straddle acts as the big blind, so min raise to 4 + 4 = 8.
    assert legal(h) == (4, 8, 100)
    play(h, "c", "c")  # seats 4, 0
    assert legal(h) == (3, 8, 100)  # SB
    h.check_or_call()
    assert legal(h) == (2, 8, 100)  # BB
    h.check_or_call()
    # The straddler's option.
    assert h.actor == 3
    assert h.street == Street.PREFLOP
    assert flags(h) == (False, True)
    assert legal(h) == (0, 8, 100)
    h.check_or_call()
    assert h.street == Street.FLOP
    assert h.pot == 20
    assert h.actor == 1
    assert legal(h) == (0, 2, 96)  # postflop the minimum bet is the BB


def test_straddle_min_raise_default_after_a_raise():
    h = deal(NL(straddles=(4,)), [100] * 5, button=0)
    h.bet_or_raise_to(8)  # a raise of 4
    assert legal(h) == (8, 12, 100)


def test_straddle_min_raise_big_blind_option_wsop_161():
    rules = NL(straddles=(4,), straddle_min_raise="big_blind")
    h = deal(rules, [100] * 5, button=0)
    # The straddle counts as a raise of 2 over the BB: min raise to 4 + 2 = 6
    # (rule 161: three big blinds).
    assert h.actor == 4
    assert legal(h) == (4, 6, 100)
    h.bet_or_raise_to(6)
    # Last raise 2 (and never less than the BB 2): min 6 + 2 = 8.
    assert legal(h) == (6, 8, 100)


def test_re_straddle_no_limit():
    h = deal(NL(straddles=(4, 8)), [100] * 6, button=0)
    assert hist(h)[2:] == [
        (3, ActionKind.POST_STRADDLE, 4),
        (4, ActionKind.POST_STRADDLE, 8),
    ]
    assert h.actor == 5
    assert legal(h) == (8, 16, 100)  # the last straddle acts as the BB
    play(h, "c", "c")  # seats 5, 0
    assert legal(h) == (7, 16, 100)  # SB 8-1
    h.check_or_call()
    assert legal(h) == (6, 16, 100)  # BB 8-2
    h.check_or_call()
    assert legal(h) == (4, 16, 100)  # first straddler 8-4
    h.check_or_call()
    assert h.actor == 4  # the re-straddler has the option
    assert flags(h) == (False, True)
    assert legal(h) == (0, 16, 100)
    h.check_or_call()
    assert h.street == Street.FLOP
    assert h.pot == 48
    assert h.actor == 1
    assert legal(h) == (0, 2, 92)


def test_re_straddle_big_blind_option():
    rules = NL(straddles=(4, 8), straddle_min_raise="big_blind")
    h = deal(rules, [100] * 6, button=0)
    # RULES.md: in this mode a straddle counts as a raise of one big blind,
    # so the next raise need only add one big blind: 8 + 2 = 10.
    assert legal(h) == (8, 10, 100)


def test_fixed_limit_straddle_does_not_count_toward_cap_wsop_126():
    h = deal(FL(straddles=(4,)), [100] * 4, button=0)
    assert h.bets == [0, 1, 2, 4]
    assert h.actor == 0
    assert legal(h) == (4, 6, 6)  # one small bet over the straddle
    # The BB is the bet; the straddle does not count: four raises 6, 8, 10, 12.
    play(h, 6, 8, 10, 12)
    assert h.actor == 0
    assert legal(h) == (6, None, None)


@pytest.mark.parametrize(
    "make",
    [
        lambda: Rules.fixed_limit(small_blind=1, big_blind=2, straddles=(4, 6)),
        lambda: Rules.fixed_limit(small_blind=1, big_blind=2, straddles=(4, 8)),
        lambda: Rules.pot_limit(small_blind=1, big_blind=2, straddles=(4, 8)),
        # A fixed-limit straddle must be exactly big_blind + small_bet = 4.
        lambda: Rules.fixed_limit(small_blind=1, big_blind=2, straddles=(5,)),
        lambda: Rules.fixed_limit(small_blind=1, big_blind=2, straddles=(6,)),
        # No-limit: at least twice the BB; a re-straddle a legal raise.
        lambda: Rules.no_limit(small_blind=1, big_blind=2, straddles=(3,)),
        lambda: Rules.no_limit(small_blind=1, big_blind=2, straddles=(4, 5)),
        lambda: Rules.no_limit(small_blind=1, big_blind=2, straddles=(4, 4)),
        lambda: Rules.no_limit(small_blind=1, big_blind=2, straddles=(4,),
                               straddle_min_raise="triple"),
    ],
)
def test_straddle_config_errors(make):
    with pytest.raises(ConfigError):
        make()


def test_straddle_needs_enough_players():
    with pytest.raises(ConfigError):
        Hand(NL(straddles=(4,)), [100, 100], seed=1)
    with pytest.raises(ConfigError):
        Hand(NL(straddles=(4, 8)), [100] * 3, seed=1)  # at most 3 - 2 = 1
    Hand(NL(straddles=(4, 8)), [100] * 4, seed=1)  # 4 - 2 = 2: fine


# ---------------------------------------------------------------------------
# Antes and short forced bets
# ---------------------------------------------------------------------------


def test_uniform_ante():
    h = deal(NL(ante=1), [100] * 3, button=0)
    posts = hist(h)
    antes = sorted(p for p in posts if p[1] == ActionKind.POST_ANTE)
    assert antes == [(s, ActionKind.POST_ANTE, 1) for s in range(3)]
    # Antes are posted first.
    assert all(p[1] == ActionKind.POST_ANTE for p in posts[:3])
    assert posts[3:] == [
        (1, ActionKind.POST_SMALL_BLIND, 1),
        (2, ActionKind.POST_BIG_BLIND, 2),
    ]
    assert h.stacks == [99, 98, 97]
    assert h.contributions == [1, 2, 3]
    assert h.bets == [0, 1, 2]  # antes are not part of the street's bets
    assert h.pot == 6
    assert h.actor == 0
    assert legal(h) == (2, 4, 99)  # max = all 99 chips left
    play(h, "c", "c", "c")
    assert h.street == Street.FLOP
    assert h.pot == 9
    check_down(h)
    assert h.payoffs == [6, -3, -3]


def test_big_blind_ante():
    h = deal(NL(big_blind_ante=3), [100] * 3, button=0)
    assert (2, ActionKind.POST_ANTE, 3) in hist(h)
    assert hist(h)[0] == (2, ActionKind.POST_ANTE, 3)  # antes before blinds
    assert h.stacks == [100, 99, 95]  # BB: ante 3 + blind 2
    assert h.contributions == [0, 1, 5]
    assert h.bets == [0, 1, 2]
    assert h.pot == 6
    assert legal(h) == (2, 4, 100)


def test_player_who_cannot_cover_the_ante_is_all_in():
    h = deal(NL(ante=5), [3, 100, 100], button=0)
    # Seat 0 antes its 3 chips; seats 1, 2 ante 5 and post 1 and 2.
    assert h.all_in == [True, False, False]
    assert h.stacks == [0, 94, 93]
    assert h.contributions == [3, 6, 7]
    assert h.pot == 16
    assert h.actor == 1  # seat 0 is all-in and skipped
    assert legal(h) == (1, 4, 95)  # max = 94 behind + 1 in
    play(h, "c", "c")
    assert h.street == Street.FLOP
    assert h.actor == 1
    check_down(h)
    # Contributions 3, 7, 7. Main pot 3 x 3 = 9 (all); side 4 + 4 = 8 (1, 2).
    # Seat 0 (AA) wins 9, seat 1 (KK) wins 8.
    assert h.payoffs == [6, 1, -7]
    pots = [(p.amount, frozenset(p.eligible), frozenset(p.winners)) for p in h.pots]
    assert pots == [
        (9, frozenset({0, 1, 2}), frozenset({0})),
        (8, frozenset({1, 2}), frozenset({1})),
    ]


def test_short_small_blind_posts_what_it_has():
    h = deal(NL(5, 10), [100, 3, 100], button=0)
    assert (1, ActionKind.POST_SMALL_BLIND, 3) in hist(h)
    assert h.all_in == [False, True, False]
    assert h.stacks == [100, 0, 90]
    assert h.bets == [0, 3, 10]
    assert h.actor == 0
    assert legal(h) == (10, 20, 100)
    h.check_or_call()
    assert h.actor == 2  # the SB is all-in
    assert legal(h) == (0, 20, 100)  # max = 90 behind + 10 in
    h.check_or_call()
    assert h.street == Street.FLOP
    assert h.actor == 2
    check_down(h)
    # Contributions 10, 3, 10: main 9, side 14; AA (seat 0) wins both.
    assert h.payoffs == [13, -3, -10]


def test_short_big_blind_posts_what_it_has_others_call_the_full_blind():
    # RULES.md is silent on what the others must call. Cardroom practice (and
    # WSOP tournament rules on a stud bring-in posted all-in for less: "all
    # other Participants must enter for at least the full amount") is the
    # full big blind.
    h = deal(NL(5, 10), [100, 100, 4], button=0)
    assert (2, ActionKind.POST_BIG_BLIND, 4) in hist(h)
    assert h.all_in == [False, False, True]
    assert h.stacks == [100, 95, 0]
    assert h.actor == 0
    assert legal(h) == (10, 20, 100)


# ---------------------------------------------------------------------------
# Unusual blinds
# ---------------------------------------------------------------------------


def test_equal_blinds():
    h = deal(NL(2, 2), [100] * 3, button=0)
    assert h.bets == [0, 2, 2]
    assert h.actor == 0
    assert legal(h) == (2, 4, 100)
    h.check_or_call()
    # The SB has matched the 2 already: it may check, but the round goes on
    # to the BB's option.
    assert h.actor == 1
    assert flags(h) == (False, True)
    assert legal(h) == (0, 4, 100)
    h.check_or_call()
    assert h.street == Street.PREFLOP
    assert h.actor == 2
    assert legal(h) == (0, 4, 100)
    h.check_or_call()
    assert h.street == Street.FLOP
    assert h.pot == 6
    assert legal(h) == (0, 2, 98)


def test_ten_fifteen_blinds():
    h = deal(NL(10, 15), [1000] * 3, button=0)
    assert h.bets == [0, 10, 15]
    assert legal(h) == (15, 30, 1000)  # min raise 15 + 15
    h.check_or_call()
    assert legal(h) == (5, 30, 1000)
    h.check_or_call()
    assert legal(h) == (0, 30, 1000)
    h.check_or_call()
    assert h.street == Street.FLOP
    assert h.pot == 45
    assert legal(h) == (0, 15, 985)  # min bet = BB 15


# ---------------------------------------------------------------------------
# More corner cases
# ---------------------------------------------------------------------------


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
    assert h.actor == 2
    assert legal(h) == (1, 5, 100)  # the BB has only posted: it may raise
    h.check_or_call()
    assert h.street == Street.FLOP
    assert h.pot == 12


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
    assert h.actor == 3
    assert legal(h) == (1, None, None)


def test_all_in_bet_below_the_big_blind_postflop():
    # NL 1/2; seat 1 has 1 chip left on the flop and bets it.
    h = deal(NL(), [100, 3, 100], button=0)
    play(h, "c", "c", "c")
    assert h.actor == 1
    assert legal(h) == (0, 1, 1)  # short of the minimum bet: all-in only
    h.bet_or_raise_to(1)
    # A raise adds at least the big blind (RULES.md: "never less than the big
    # blind"): 1 + 2 = 3.
    assert h.actor == 2
    assert legal(h) == (1, 3, 98)


def test_heads_up_small_blind_all_in_for_the_blind():
    # Button posts its only chip as the small blind; the BB's extra chip is
    # uncalled. Nobody can bet: the board runs out at once.
    h = deal(NL(), [1, 100], button=0)
    assert h.all_in[0]
    assert h.is_over
    assert h.street == Street.SHOWDOWN
    assert h.payoffs == [1, -1]  # AA wins the 1 + 1 matched
    assert h.stacks == [2, 99]


def test_both_blinds_all_in():
    h = deal(NL(), [100, 1, 2], button=0)
    assert h.all_in == [False, True, True]
    assert h.actor == 0
    assert h.legal_actions().call_amount == 2
    h.check_or_call()
    assert h.is_over
    # Main 1 x 3 = 3 (all); side 1 + 1 = 2 (seats 0, 2): AA wins both.
    pots = [(p.amount, frozenset(p.eligible), frozenset(p.winners)) for p in h.pots]
    assert pots == [
        (3, frozenset({0, 1, 2}), frozenset({0})),
        (2, frozenset({0, 2}), frozenset({0})),
    ]
    assert h.payoffs == [3, -1, -2]


def test_walk_to_the_big_blind():
    h = deal(NL(), [100] * 3, button=0)
    play(h, "f", "f")
    assert h.is_over
    assert h.street == Street.PREFLOP
    assert h.payoffs == [0, -1, 1]


def test_pot_limit_after_a_straddle():
    h = deal(PL(straddles=(4,)), [100] * 5, button=0)
    # call 4; pot 1 + 2 + 4 = 7 -> 11 after the call; max 4 + 11 = 15;
    # min 4 + 4 = 8 (the straddle acts as the big blind).
    assert legal(h) == (4, 8, 15)


def test_straddle_option_min_raise_big_blind_mode():
    rules = NL(straddles=(4,), straddle_min_raise="big_blind")
    h = deal(rules, [100] * 5, button=0)
    play(h, "c", "c", "c", "c")
    assert h.actor == 3
    assert legal(h) == (0, 6, 100)  # 4 + 2, as for everyone else


def test_fixed_limit_short_all_in_raise_does_not_count_toward_the_cap():
    # FL 10/20, five players, button 0: SB seat 1 (85 chips), BB seat 2.
    h = deal(FL(10, 20), [1000, 85, 1000, 1000, 1000], button=0)
    play(h, 40, 60, 80)  # seats 3, 4, 0: three raises over the BB's bet
    assert h.actor == 1
    assert legal(h) == (70, 85, 85)  # SB: 10 in, 75 behind
    h.bet_or_raise_to(85)  # all-in 5 over 80: under half a bet, not a raise
    # The BB has not acted: may complete to 80 + 20 = 100, the fourth raise.
    assert h.actor == 2
    assert legal(h) == (65, 100, 100)
    h.bet_or_raise_to(100)
    # One bet and four raises (40, 60, 80, 100): capped.
    assert h.actor == 3
    assert legal(h) == (60, None, None)


def test_short_straddle_posts_what_it_has_others_call_the_full_straddle():
    # Same reading as for a short big blind (RULES.md silent; cardroom
    # practice): a straddle posted all-in for less still has to be called in
    # full, 4, and the minimum raise stays 8.
    h = deal(NL(straddles=(4,)), [100, 100, 100, 3, 100], button=0)
    assert (3, ActionKind.POST_STRADDLE, 3) in hist(h)
    assert h.all_in[3]
    assert h.actor == 4
    assert legal(h) == (4, 8, 100)


def test_short_all_ins_reopen_only_for_players_they_raised_by_a_full_raise():
    # NL 50/100, four players, button seat 3 (D): SB A (0), BB B (1).
    # Everyone calls preflop; on the flop A bets 100, B is all-in for 150,
    # C calls 150, D is all-in for 230 (80 more: incomplete again).
    # A last acted at 100 and now faces 230: 130 more, at least a full raise
    # (100), so the betting is reopened for A (WSOP tournament rule 96a).
    # C last acted at 150 and faces only 80 more: call or fold.
    h = deal(NL(50, 100), [5000, 250, 5000, 330], button=3)
    play(h, "c", "c", "c", "c")
    assert h.street == Street.FLOP
    assert h.stacks == [4900, 150, 4900, 230]
    assert h.actor == 0
    h.bet_or_raise_to(100)
    assert legal(h) == (100, 150, 150)  # B: all-in to 150 only
    h.bet_or_raise_to(150)
    assert legal(h) == (150, 250, 4900)  # C: last full raise 100 -> 250
    h.check_or_call()
    assert legal(h) == (150, 230, 230)  # D: 230 < 250: all-in only
    h.bet_or_raise_to(230)
    assert h.actor == 0
    assert legal(h) == (130, 330, 4900)  # A: reopened, min 230 + 100
    h.check_or_call()
    assert h.actor == 2
    assert legal(h) == (80, None, None)  # C: not reopened
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
    assert h.actor == 0
    assert legal(h) == (90, None, None)
    h.check_or_call()
    assert legal(h) == (40, None, None)  # C


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
    assert h.street == Street.TURN
    assert h.actor == 1
    assert legal(h) == (0, 4, 4)  # 4 chips left: exactly the big bet
    h2 = deal(FL(), [100, 4, 100], button=0)
    play(h2, "c", "c", "c", "c", "c", "c")
    assert legal(h2) == (0, 2, 2)  # 2 chips: all-in bet only
    h2.bet_or_raise_to(2)  # 2 = half of 4: a full bet
    assert legal(h2) == (2, 6, 6)  # raise one big bet on top: 2 + 4


def test_equal_blinds_heads_up():
    h = deal(NL(2, 2), [100, 100], button=0)
    # The button posts the (equal) small blind and acts first: nothing owed.
    assert h.actor == 0
    assert flags(h) == (False, True)
    assert legal(h) == (0, 4, 100)
    h.check_or_call()
    assert h.street == Street.PREFLOP
    assert h.actor == 1  # the big blind's option
    h.check_or_call()
    assert h.street == Street.FLOP
    assert h.actor == 1


# ---------------------------------------------------------------------------
# Audit fixes: several small all-ins in limit, choiceless decisions,
# pot-limit straddles with antes, straddles that cannot raise, Progressive
# sizes that must grow
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
    assert h.actor == 4
    assert legal(h) == (38, 58, 58)
    h.check_or_call()
    # Back to seat 0, who bet 20: the wager to it grew by 18 >= 10, so the
    # betting is reopened: call 18, or raise to 58.
    assert h.actor == 0
    assert legal(h) == (18, 58, 58)
    h.bet_or_raise_to(58)
    # Seat 1 called 20: call 38, or raise once more to 78 (the bet, the
    # all-ins' raise, 58 and 78 make a bet and three raises, within the cap).
    assert h.actor == 1
    assert legal(h) == (38, 78, 78)
    kinds = [a.kind for a in h.history if a.street == Street.FLOP]
    assert kinds == [ActionKind.BET, ActionKind.CALL, ActionKind.RAISE, ActionKind.RAISE, ActionKind.CALL, ActionKind.RAISE]


def test_fixed_limit_small_all_ins_reopen_only_for_whom_they_add_half_a_bet():
    # Stacks 1000, 49, 1000, 58, 1000; flop: seat 0 bets 20, seat 1 is all in
    # to 29 (under half a bet), seat 2 calls 29, seat 3 all in to 38, seat 4
    # calls 38.
    h = _limit_multi_all_in_flop([1000, 49, 1000, 58, 1000])
    play(h, 20, 29, "c", 38, "c")
    # To seat 0 (bet 20) the wager grew by 18: reopened, a raise goes to 58.
    assert h.actor == 0
    assert legal(h) == (18, 58, 58)
    h.check_or_call()
    # To seat 2 (called 29) it grew by 9, under half a bet: call or fold only.
    assert h.actor == 2
    assert legal(h) == (9, None, None)
    assert_illegal(h, h.bet_or_raise_to, 58, mentions=("not reopened",))
    h.check_or_call()
    assert h.street == Street.TURN


def test_fixed_limit_single_under_half_all_in_still_does_not_reopen():
    # Unchanged single all-in case: bet 20, one all-in to 29: 9 over, under
    # half a bet; the bettor may only call 9.
    h = _limit_multi_all_in_flop([1000, 49, 1000, 1000, 1000])
    play(h, 20, 29, "c", "c", "c")
    assert h.actor == 0
    assert legal(h) == (9, None, None)


def test_fixed_limit_cap_zero_big_blind_is_not_asked_to_check():
    # FL 1/2 with raise_cap=0: the big blind is the round's bet and no raise
    # is allowed. Three seats, button 0: seat 0 calls 2, seat 1 completes;
    # the big blind could only check, so it is not asked (rule choice 5) and
    # the flop comes at once, seat 1 first.
    h = deal(FL(raise_cap=0), [100, 100, 100], button=0)
    assert h.actor == 0
    assert legal(h) == (2, None, None)
    play(h, "c", "c")
    assert h.street == Street.FLOP
    assert h.actor == 1
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


def test_pot_limit_straddle_maximum_counts_the_antes():
    # PL 1/2, ante 1, six seats: before the straddle the pot is 6 antes + 1
    # + 2 = 9; the straddler calls 2 and raises the pot, 9 + 2 = 11: a
    # straddle to at most 2 + 11 = 13.
    rules = PL(ante=1, straddles=(13,))
    h = deal(rules, [100] * 6, button=0)
    assert (3, ActionKind.POST_STRADDLE, 13) in hist(h)
    # Seat 4 then faces 13: the pot is 9 + 13 = 22; pot-sized raise to
    # 13 + (22 + 13) = 48; the minimum, the straddle acting as the big
    # blind, is 13 + 13 = 26.
    assert h.actor == 4
    assert legal(h) == (13, 26, 48)
    with pytest.raises(ConfigError, match="13"):
        deal(PL(ante=1, straddles=(14,)), [100] * 6, button=0)
    # At three seats the same ante gives a pot of 6: at most 2 + 8 = 10.
    deal(PL(ante=1, straddles=(10,)), [100] * 3, button=0)
    with pytest.raises(ConfigError, match="10"):
        deal(PL(ante=1, straddles=(11,)), [100] * 3, button=0)


def test_pot_limit_straddle_maximum_counts_a_big_blind_ante():
    # PL 1/2 with a big-blind ante of 2: pot 1 + 2 + 2 = 5, call 2, raise 7:
    # a straddle to at most 9, at any table size.
    h = deal(PL(big_blind_ante=2, straddles=(9,)), [100] * 4, button=0)
    assert (3, ActionKind.POST_STRADDLE, 9) in hist(h)
    with pytest.raises(ConfigError, match="9"):
        PL(big_blind_ante=2, straddles=(10,))
    # Without antes the maximum is unchanged: 1/2, pot 3, straddle to 7.
    PL(straddles=(7,))
    with pytest.raises(ConfigError, match="7"):
        PL(straddles=(8,))


def test_straddler_who_cannot_raise_the_big_blind_posts_no_straddle():
    # NL 1/2, straddle 4, four seats, button 0: blinds on 1 and 2, the
    # straddle would be seat 3's. Seat 3 has 2 chips: it cannot put in more
    # than the big blind, so it cannot raise, and a straddle is a raise
    # (WSOP live-action rules 161 and 170): no straddle. Action starts left
    # of the big blind, with seat 3 itself, who may call 2 all-in, no more.
    h = deal(NL(straddles=(4,)), [100, 100, 100, 2], button=0)
    assert ActionKind.POST_STRADDLE not in [a.kind for a in h.history]
    assert h.actor == 3
    assert legal(h) == (2, None, None)
    h.check_or_call()
    # The minimum raise is the usual one over the big blind: to 4.
    assert h.actor == 0
    assert legal(h) == (2, 4, 100)


def test_straddler_left_with_the_big_blind_after_the_ante_posts_no_straddle():
    # NL 1/2 with a 1-chip ante: seat 3 starts with 3, antes 1, keeps 2 = the
    # big blind: no straddle. With 4 it keeps 3 and posts a short straddle
    # of 3 (all-in, more than the big blind), which the others must call in
    # full (4), with a minimum raise to 8 (rule choice 1).
    h = deal(NL(ante=1, straddles=(4,)), [100, 100, 100, 3], button=0)
    assert ActionKind.POST_STRADDLE not in [a.kind for a in h.history]
    assert h.actor == 3 and legal(h) == (2, None, None)
    h = deal(NL(ante=1, straddles=(4,)), [100, 100, 100, 4], button=0)
    assert (3, ActionKind.POST_STRADDLE, 3) in hist(h)
    assert h.actor == 0 and legal(h) == (4, 8, 99)


def test_re_straddler_who_cannot_raise_the_straddle_posts_no_re_straddle():
    # NL 1/2, straddles 4 and 8, five seats, button 0: blinds 1 and 2,
    # straddle seat 3, re-straddle seat 4, who has only 4 chips: it cannot
    # go above the straddle, so there is no re-straddle. Action starts left
    # of the straddle with seat 4: call 4 all-in. The minimum raise follows
    # the straddle actually posted: to 8 (the straddle acts as the big blind).
    h = deal(NL(straddles=(4, 8)), [100, 100, 100, 100, 4], button=0)
    assert [a.seat for a in h.history if a.kind == ActionKind.POST_STRADDLE] == [3]
    assert h.actor == 4
    assert legal(h) == (4, None, None)
    h.check_or_call()
    assert h.actor == 0 and legal(h) == (4, 8, 100)
    # With straddle_min_raise="big_blind" the straddle counts as a raise of
    # one big blind: the next raise goes to 4 + 2 = 6.
    h = deal(NL(straddles=(4, 8), straddle_min_raise="big_blind"), [100, 100, 100, 100, 4], button=0)
    h.check_or_call()
    assert h.actor == 0 and legal(h) == (4, 6, 100)


@pytest.mark.parametrize("bets", [(50, 50, 100, 150), (50, 100, 100, 150), (50, 100, 150, 150), (50, 100, 90, 200)])
def test_progressive_bets_must_grow(bets):
    # The seed text: the four bet sizes "get progressively bigger".
    with pytest.raises(ConfigError, match="grow"):
        Rules.progressive(ante=10, bets=bets)
