"""Adversarial audit of ``holecards.Hand`` against RULES.md and docs/game.md.

Edge cases the other ``test_game_*`` files do not reach: forced bets posted
short in combination, straddles and re-straddles, fixed-limit caps and the
half-bet rule with all-ins in the middle, side pots fed by folded players at
several levels, odd chips across side pots, Progressive Hold'em with all-ins,
seeded partial deals, 22 seats, what a ``SeatView`` can reveal, pickling a
finished hand, and a random walk checking that ``legal_actions`` agrees with
what the engine accepts.

Every expected number is worked out by hand from RULES.md (and the WSOP rule
books where RULES.md cites them); the arithmetic is in the comments. Tests
that expose an engine bug are marked ``xfail(strict=True)`` with the rule
they break.

Conventions: NL/PL/FL = no-limit/pot-limit/fixed-limit; "1/2" = small blind
1, big blind 2; ``legal(h)`` is the actor's (call_amount, min_raise_to,
max_raise_to).
"""

from __future__ import annotations

import pickle
import random

import pytest

import holecards as hc
from holecards import ConfigError, Hand, IllegalActionError, Rules, parse_cards
from game_helpers import check_down, FL, legal, NL, PL, play  # noqa: E402

Street = hc.Street
ActionKind = hc.ActionKind

# On the default board every pocket pair makes two pair with the board's
# deuces (AA22 > KK22 > ... ), kicker the 6; nobody holds a 5 (no straight)
# and the board has no three of a suit (no flush).
AA, KK, QQ, JJ, TT, NN = "AsAd", "KsKd", "QsQd", "JsJd", "TsTd", "9s9d"
HOLE = [AA, KK, QQ, JJ, TT, NN, "8s8d", "7s7d"]
BOARD = "2c 2h 3d 4c 6s"
# A royal flush on the board: every player plays the board, so every pot is
# split among its eligible players (hole cards below hold no spade).
ROYAL = "As Ks Qs Js Ts"
LOW = ["2c3d", "4c5d", "6c7d", "8c9d", "2d3c", "4d5c"]


def deal(rules, stacks, button=0, hole=None, board=BOARD):
    n = len(stacks)
    return Hand(
        rules,
        list(stacks),
        button=button,
        hole_cards=list(hole) if hole is not None else HOLE[:n],
        board=parse_cards(board),
    )


def hist(h):
    return [(a.seat, a.kind, a.amount) for a in h.history]


def pots(h):
    return [(p.amount, tuple(p.eligible)) for p in h.pots]


def winners(h):
    return [tuple(p.winners) for p in h.pots]


def PROG():
    return Rules.progressive(ante=5, bets=(50, 100, 150, 200))


# ---------------------------------------------------------------------------
# Forced bets posted short, in combination
# ---------------------------------------------------------------------------


def test_ante_small_blind_and_big_blind_all_short_four_way():
    # NL 1/2 ante 1, button 0: SB seat 1 has 1 chip (all-in on the ante, so
    # its small blind is 0), BB seat 2 has 2 (ante 1, then 1 of its 2 BB).
    h = deal(NL(ante=1), [100, 1, 2, 100], hole=[JJ, AA, KK, QQ])
    # Antes from left of the button: 1, 2, 3, 0; then the blinds.
    assert [a for a in hist(h) if a[1] == ActionKind.POST_ANTE] == [
        (1, ActionKind.POST_ANTE, 1),
        (2, ActionKind.POST_ANTE, 1),
        (3, ActionKind.POST_ANTE, 1),
        (0, ActionKind.POST_ANTE, 1),
    ]
    assert h.stacks == [99, 0, 0, 99]
    assert h.bets == [0, 0, 1, 0]
    assert h.contributions == [1, 1, 2, 1]
    assert h.pot == 5
    assert h.all_in == [False, True, True, False]
    # UTG (seat 3) still owes the full BB of 2 (docs rule 1); min raise 2+2=4;
    # max = all 99 chips.
    assert h.actor == 3
    assert legal(h) == (2, 4, 99)
    play(h, "c", "c")  # seats 3 and 0 call 2; the blinds are all-in
    assert h.street == Street.FLOP
    # Left of the button: seats 1 and 2 are all-in, so seat 3 acts first.
    assert h.actor == 3
    assert h.contributions == [3, 1, 2, 3]
    assert h.pot == 9  # 4 antes + 1 (BB) + 2 + 2
    # Levels 1, 2, 3: 1*4 = 4 {all}; 1*3 = 3 {0,2,3}; 1*2 = 2 {0,3}.
    assert pots(h) == [(4, (0, 1, 2, 3)), (3, (0, 2, 3)), (2, (0, 3))]
    check_down(h)
    # AA (seat 1) takes the main pot, KK (seat 2) the first side pot, QQ
    # (seat 3) the second; JJ (seat 0) nothing.
    assert winners(h) == [(1,), (2,), (3,)]
    assert h.payoffs == [-3, 4 - 1, 3 - 2, 2 - 3]


def test_big_blind_ante_then_big_blind_posted_short():
    # NL 1/2, big-blind ante 2, button 0. BB seat 2 has 3 chips: the ante (2,
    # dead) first, then 1 of its big blind, all-in.
    h = deal(NL(big_blind_ante=2), [100, 100, 3], hole=[QQ, KK, AA])
    assert hist(h) == [
        (2, ActionKind.POST_ANTE, 2),
        (1, ActionKind.POST_SMALL_BLIND, 1),
        (2, ActionKind.POST_BIG_BLIND, 1),
    ]
    assert h.stacks == [100, 99, 0]
    assert h.bets == [0, 1, 1]
    assert h.contributions == [0, 1, 3]  # dead money shown against the BB
    assert h.pot == 4
    assert h.actor == 0
    assert legal(h) == (2, 4, 100)  # the full BB is owed; min raise 2+2
    play(h, "c", "c")  # button calls 2, SB completes 1; the BB is all-in
    assert h.street == Street.FLOP and h.actor == 1
    assert h.pot == 7  # 2 dead + 2 + 2 + 1
    # Live levels 1 and 2: main 1+1+1 + 2 dead = 5 {0,1,2}; side 1+1 = 2 {0,1}.
    assert pots(h) == [(5, (0, 1, 2)), (2, (0, 1))]
    check_down(h)
    assert winners(h) == [(2,), (1,)]
    # Seat 2 wins 5 for 3 put in; seat 1 wins 2 for 2; seat 0 loses its 2.
    assert h.payoffs == [-2, 0, 2]


def test_heads_up_big_blind_all_in_for_the_big_blind_ante():
    # Heads-up NL 1/2, big-blind ante 2, button 0 (small blind). The BB (seat
    # 1) has exactly 2: the ante puts it all-in with nothing live. The button
    # already covers every bet actually made (0), so it is not asked to act
    # (docs rule 5); its small blind comes back uncalled and the two play for
    # the 2 dead chips (docs rule 2).
    h = deal(NL(big_blind_ante=2), [100, 2], hole=[AA, KK])
    assert h.is_over
    assert h.street == Street.SHOWDOWN
    assert len(h.board) == 5
    assert h.contributions == [0, 2]
    assert pots(h) == [(2, (0, 1))]
    assert winners(h) == [(0,)]
    assert h.payoffs == [2, -2]


def test_heads_up_antes_button_all_in_for_its_small_blind():
    # Heads-up NL 1/2 ante 1, button 1 (posts the SB). Antes start left of
    # the button: seat 0, then seat 1. Seat 1 has 2: ante 1, then SB 1, all-in.
    h = deal(NL(ante=1), [100, 2], button=1, hole=[KK, AA])
    assert hist(h) == [
        (0, ActionKind.POST_ANTE, 1),
        (1, ActionKind.POST_ANTE, 1),
        (1, ActionKind.POST_SMALL_BLIND, 1),
        (0, ActionKind.POST_BIG_BLIND, 2),
    ]
    # The BB covers the button's 1 already: not asked; 2 - 1 = 1 is returned.
    assert h.is_over
    assert h.contributions == [2, 2]
    assert h.pot == 4
    assert h.payoffs == [-2, 2]  # AA (seat 1) wins 4 for 2


def test_heads_up_antes_order_and_sizes():
    # Heads-up NL 1/2 ante 1, button 1. The button has 50 - 1 - 1 = 48 behind.
    h = deal(NL(ante=1), [50, 50], button=1, hole=[KK, AA])
    assert h.actor == 1
    assert legal(h) == (1, 4, 49)  # call 1; min 2+2; max 1 + 48
    h.check_or_call()
    assert h.actor == 0  # the BB's option
    assert legal(h) == (0, 4, 49)  # BB has 2 in and 47 behind
    h.check_or_call()
    assert h.street == Street.FLOP
    assert h.actor == 0  # heads-up the button acts last after the flop
    assert h.pot == 6  # 2 antes + 2 + 2
    assert legal(h) == (0, 2, 47)


def test_short_straddle_is_owed_in_full_and_the_excess_returned():
    # NL 1/2 straddle 4, button 0: SB 1, BB 2, straddle seat 3 has only 3.
    h = deal(NL(straddles=(4,)), [100, 100, 100, 3])
    assert hist(h) == [
        (1, ActionKind.POST_SMALL_BLIND, 1),
        (2, ActionKind.POST_BIG_BLIND, 2),
        (3, ActionKind.POST_STRADDLE, 3),
    ]
    assert h.actor == 0  # left of the straddle
    assert legal(h) == (4, 8, 100)  # the full straddle; min raise 4+4
    play(h, "f", "f")  # button and SB fold
    # The BB faces 3 actually bet (more than its 2): it must decide; it owes
    # the full straddle, 4 - 2 = 2, and cannot raise (nobody can answer).
    assert h.actor == 2
    assert legal(h) == (2, None, None)
    h.check_or_call()
    # 4 - 3 = 1 comes back to the BB; pot 1 + 3 + 3 = 7.
    assert h.is_over
    assert h.contributions == [0, 1, 3, 3]
    assert pots(h) == [(7, (2, 3))]
    assert h.payoffs == [0, -1, 7 - 3, -3]  # QQ (seat 2) beats JJ (seat 3)


def test_everyone_folds_to_the_straddle():
    h = deal(NL(straddles=(4,)), [100] * 5)
    assert h.actor == 4
    play(h, "f", "f", "f", "f")  # seats 4, 0, 1, 2
    assert h.is_over and h.street == Street.PREFLOP
    # The straddle's 4 - 2 = 2 is uncalled; it wins 1 + 2.
    assert h.contributions == [0, 1, 2, 2, 0]
    assert h.pot == 5
    assert h.payoffs == [0, -1, -2, 3, 0]


def test_straddle_position_wraps_around_the_table():
    # Five seats, button 3: SB 4, BB 0, straddle 1, first to act 2.
    h = deal(NL(straddles=(4,)), [100] * 5, button=3)
    assert hist(h) == [
        (4, ActionKind.POST_SMALL_BLIND, 1),
        (0, ActionKind.POST_BIG_BLIND, 2),
        (1, ActionKind.POST_STRADDLE, 4),
    ]
    assert h.actor == 2
    play(h, "c", "c", "c", "c")  # seats 2, 3, 4 (SB), 0 (BB) call 4
    assert h.actor == 1  # the straddle's option
    assert legal(h) == (0, 8, 100)


@pytest.mark.parametrize("make", [NL, PL, FL])
def test_heads_up_straddle_is_refused(make):
    rules = make(straddles=(4,))
    with pytest.raises(ConfigError):
        Hand(rules, [100, 100], seed=1)
    with pytest.raises(ConfigError):
        Hand(rules, [100, 100], button=1, seed=1)
    Hand(rules, [100, 100, 100], seed=1)  # three players: fine


def test_uniform_ante_all_in_wins_only_the_antes():
    # NL 1/2 ante 5, button 0. BB seat 2 has 3: all-in for 3 of its ante,
    # its big blind is 0; the others still owe the full 2 (docs rule 1).
    h = deal(NL(ante=5), [100, 100, 3], hole=[KK, QQ, AA])
    assert h.stacks == [95, 94, 0]
    assert h.contributions == [5, 6, 3]
    assert h.actor == 0
    assert legal(h) == (2, 4, 95)
    play(h, "c", "c")
    assert h.street == Street.FLOP and h.actor == 1
    check_down(h)
    # Totals 7, 7, 3: main 3*3 = 9 {0,1,2}; side 4+4 = 8 {0,1}.
    assert pots(h) == [(9, (0, 1, 2)), (8, (0, 1))]
    assert winners(h) == [(2,), (0,)]
    assert h.payoffs == [8 - 7, -7, 9 - 3]


# ---------------------------------------------------------------------------
# Straddles: minimum raises, re-straddles, pot-limit maximum
# ---------------------------------------------------------------------------


def test_re_straddle_must_be_a_legal_raise_in_the_default_straddle_mode():
    # Default mode: a raise over the straddle 4 adds at least 4 -> 8.
    with pytest.raises(ConfigError):
        NL(straddles=(4, 6))


def test_re_straddle_accepted_in_big_blind_mode_and_min_raise():
    # big_blind mode: the straddle 4 is a raise of 2, so 6 is a legal raise.
    rules = NL(straddles=(4, 6), straddle_min_raise="big_blind")
    h = deal(rules, [100] * 6)
    assert h.bets == [0, 1, 2, 4, 6, 0]
    assert h.actor == 5
    assert legal(h) == (6, 8, 100)  # last raise 6-4 = 2 (= the BB): 6+2


@pytest.mark.parametrize("mode, min_to", [("straddle", 20), ("big_blind", 12)])
def test_min_raise_after_re_straddle_4_10(mode, min_to):
    # straddle mode: the last straddle 10 acts as the BB: 10+10 = 20.
    # big_blind mode (RULES.md: a straddle counts as a raise of one big
    # blind, so the next raise need only add that): 10+2 = 12.
    h = deal(NL(straddles=(4, 10), straddle_min_raise=mode), [100] * 6)
    assert h.actor == 5
    assert legal(h) == (10, min_to, 100)
    h.bet_or_raise_to(min_to)
    # The raise added min_to - 10; the next one must add as much.
    assert legal(h) == (min_to, 2 * min_to - 10, 100)


@pytest.mark.parametrize("mode, min_to", [("straddle", 12), ("big_blind", 8)])
def test_min_raise_after_a_three_big_blind_straddle(mode, min_to):
    # Straddle 6 over BB 2: straddle mode 6+6 = 12; big_blind mode the next
    # raise adds one big blind (RULES.md): 6+2 = 8.
    h = deal(NL(straddles=(6,), straddle_min_raise=mode), [100] * 4)
    assert h.actor == 0
    assert legal(h) == (6, min_to, 100)


@pytest.mark.parametrize("mode, min_to", [("straddle", 8), ("big_blind", 6)])
def test_pot_limit_maximum_with_antes_and_a_straddle(mode, min_to):
    # PL 1/2 ante 1 straddle 4, five seats, button 0.
    h = deal(PL(ante=1, straddles=(4,), straddle_min_raise=mode), [100] * 5)
    assert h.pot == 5 + 1 + 2 + 4  # 12
    assert h.actor == 4
    # Max: call 4, then raise the pot 12 + 4 = 16 -> to 4 + 16 = 20.
    assert legal(h) == (4, min_to, 20)
    with pytest.raises(IllegalActionError):
        h.bet_or_raise_to(21)
    h.bet_or_raise_to(20)  # a raise of 16
    assert h.pot == 32
    # Seat 0: call 20; pot after the call 32 + 20 = 52; max 20 + 52 = 72;
    # min 20 + 16 = 36.
    assert h.actor == 0
    assert legal(h) == (20, 36, 72)


def test_pot_limit_maximum_with_big_blind_ante_and_a_straddle():
    # PL 1/2, big-blind ante 2, straddle 4, four seats, button 0.
    h = deal(PL(big_blind_ante=2, straddles=(4,)), [100] * 4)
    assert h.pot == 2 + 1 + 2 + 4  # 9
    assert h.actor == 0
    # Max 4 + (9 + 4) = 17 (the dead money counts in the pot).
    assert legal(h) == (4, 8, 17)


# ---------------------------------------------------------------------------
# Fixed limit: caps and the half-bet rule with all-ins in the middle
# ---------------------------------------------------------------------------


def test_fixed_limit_half_bet_all_in_raise_counts_toward_the_cap():
    # FL 5/10 (small bet 10), cap 4, six seats, button 0 with 35 chips.
    h = deal(FL(5, 10), [35] + [1000] * 5)
    assert h.actor == 3
    assert legal(h) == (10, 20, 20)
    play(h, 20, 30, "c")  # seat 3 raise 1, seat 4 raise 2, seat 5 calls
    assert h.actor == 0
    assert legal(h) == (30, 35, 35)  # short of 40: the all-in raise only
    h.bet_or_raise_to(35)  # 5 over 30 = half a bet: a full raise (raise 3)
    assert h.actor == 1
    assert legal(h) == (30, 45, 45)  # SB has 5 in; next raise 35 + 10
    h.bet_or_raise_to(45)  # raise 4: the cap
    assert h.actor == 2
    assert legal(h) == (35, None, None)


def test_fixed_limit_under_half_all_in_raise_does_not_count_toward_the_cap():
    h = deal(FL(5, 10), [34] + [1000] * 5)
    play(h, 20, 30, "c")
    assert legal(h) == (30, 34, 34)
    h.bet_or_raise_to(34)  # 4 over 30 < 5: not a full raise, not counted
    assert legal(h) == (29, 40, 40)  # complete to 30 + 10
    h.bet_or_raise_to(40)  # raise 3
    assert legal(h) == (30, 50, 50)  # BB has 10 in
    h.bet_or_raise_to(50)  # raise 4
    assert h.actor == 3
    assert legal(h) == (30, None, None)  # capped


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
    assert h.actor == 1
    assert legal(h) == expect_s1


def test_fixed_limit_cap_counts_from_the_completed_bet():
    # As above with an all-in bet of 7: the completion to 15 is the round's
    # first bet, so four raises follow: 30, 45, 60, 75; then the cap.
    h = deal(FL(5, 15), [1000, 1000, 22])
    play(h, "c", "c", "c", "c", 7, 15)
    play(h, 30, 45, 60, 75)  # seats 1, 0, 1, 0 (seat 2 is all-in)
    assert h.actor == 1
    assert legal(h) == (15, None, None)


def test_fixed_limit_exactly_half_a_bet_all_in_is_a_full_bet():
    # FL 10/20, flop bet 20. Seat 2 has 10 behind after preflop: an all-in of
    # exactly half a bet is a full bet (rule 129): next raise 10 + 20 = 30.
    h = deal(FL(10, 20), [1000, 1000, 30])
    play(h, "c", "c", "c", "c", 10)
    assert h.actor == 0
    assert legal(h) == (10, 30, 30)
    # With 9 behind it is not: seat 0 may complete to 20.
    h = deal(FL(10, 20), [1000, 1000, 29])
    play(h, "c", "c", "c", "c", 9)
    assert legal(h) == (9, 20, 20)


def test_fixed_limit_round_starting_with_two_players_not_all_in_is_uncapped():
    # FL 1/2, button 0; the SB (seat 1) has 4 and goes all-in preflop.
    h = deal(FL(), [1000, 4, 1000])
    h.check_or_call()  # seat 0 calls 2
    assert legal(h) == (1, 4, 4)
    h.bet_or_raise_to(4)  # seat 1 all-in raise (2 over 2: a full raise)
    assert legal(h) == (2, 6, 6)
    h.bet_or_raise_to(6)  # BB re-raises
    h.check_or_call()  # seat 0 calls 6
    assert h.street == Street.FLOP
    assert h.actor == 2  # seat 1 is all-in
    # The flop starts with two players not all-in: no cap (rule 127).
    play(h, 2, 4, 6, 8, 10)  # a bet and four raises
    assert h.actor == 0
    assert legal(h) == (2, 12, 12)
    h.bet_or_raise_to(12)  # a fifth raise
    assert legal(h) == (2, 14, 14)


# ---------------------------------------------------------------------------
# No-limit: all-ins, uncalled chips, side pots, odd chips
# ---------------------------------------------------------------------------


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


def test_first_player_after_the_flop_is_all_in():
    h = deal(NL(), [100, 5, 100])
    h.check_or_call()  # seat 0 calls 2
    assert legal(h) == (1, 4, 5)
    h.bet_or_raise_to(5)  # SB all-in: 3 over 2 is a full raise
    assert legal(h) == (3, 8, 100)  # BB: min 5 + 3
    h.check_or_call()
    assert legal(h) == (3, 8, 100)  # seat 0 was fully raised: may re-raise
    h.check_or_call()
    assert h.street == Street.FLOP
    assert h.actor == 2  # seat 1, first left of the button, is all-in
    assert legal(h) == (0, 2, 95)


def test_everyone_all_in_preflop_runs_out_the_same_board_as_checking_down():
    # Same seed and table size: the same deal, burns included, whether the
    # board is run out at once or dealt street by street.
    a = Hand(NL(), [10, 10, 10], seed=123)
    a.bet_or_raise_to(10)
    play(a, "c", "c")
    assert a.is_over and a.street == Street.SHOWDOWN
    assert len(a.board) == 5
    assert [x.kind for x in a.history[2:]] == [ActionKind.RAISE, ActionKind.CALL, ActionKind.CALL]
    assert sum(a.payoffs) == 0 and a.pot == 30
    b = Hand(NL(), [100, 100, 100], seed=123)
    check_down(b)
    assert b.street == Street.SHOWDOWN
    assert [str(c) for c in a.board] == [str(c) for c in b.board]
    for s in range(3):
        assert a.hole_cards(s) == b.hole_cards(s)


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
# Progressive Hold'em
# ---------------------------------------------------------------------------


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
    assert h.actor == 0
    assert legal(h) == (50, None, None)
    h.check_or_call()
    # 50 - 30 = 20 is uncalled; seat 1 stays all-in; the board runs out.
    assert h.is_over
    pot = 5 * n + 30 + 30
    assert h.pot == pot
    assert h.payoffs[1] == -35  # AA (seat 0) wins


# ---------------------------------------------------------------------------
# Deals: partial cards with a seed, 22 seats
# ---------------------------------------------------------------------------


def _all_cards(h):
    cards = [c for s in range(h.num_players) for c in h.hole_cards(s)]
    return cards + list(h.board)


def test_partial_hole_cards_and_board_with_a_seed_are_reproducible():
    def make(seed):
        h = Hand(NL(), [100] * 4, seed=seed, hole_cards=[None, "AsAd", None, None], board="Kc Qd")
        check_down(h)
        return h

    a, b, c = make(42), make(42), make(43)
    assert [str(x) for x in a.hole_cards(1)] == ["As", "Ad"]
    assert [str(x) for x in a.board[:2]] == ["Kc", "Qd"]
    assert len(a.board) == 5
    cards = _all_cards(a)
    assert len(set(cards)) == 8 + 5  # no duplicates with the given cards
    assert _all_cards(a) == _all_cards(b)
    assert _all_cards(a) != _all_cards(c)
    assert a.payoffs == b.payoffs


def test_hole_cards_given_board_from_the_seed():
    def make():
        return Hand(NL(), [100] * 3, seed=9, hole_cards=["AsAd", "KsKd", "QsQd"])

    a, b = make(), make()
    check_down(a)
    check_down(b)
    assert [str(x) for x in a.board] == [str(x) for x in b.board]
    given = {str(x) for x in parse_cards("AsAdKsKdQsQd")}
    assert not given & {str(x) for x in a.board}


def test_the_deal_starts_left_of_the_button():
    # docs rule 13: a seed fixes the cards drawn, in dealing order. Moving
    # the button one seat moves every hand one seat: the first card still
    # goes to the seat left of the button. The board does not move.
    a = Hand(NL(), [100] * 4, button=0, seed=77)
    b = Hand(NL(), [100] * 4, button=1, seed=77)
    for s in range(4):
        assert a.hole_cards(s) == b.hole_cards((s + 1) % 4)
    check_down(a)
    check_down(b)
    assert [str(c) for c in a.board] == [str(c) for c in b.board]


@pytest.mark.parametrize("button", [0, 21])
def test_twenty_two_seats(button):
    h = Hand(NL(), [100] * 22, button=button, seed=2024)
    cards = _all_cards(h)
    assert len(set(cards)) == 44  # preflop: 44 distinct hole cards
    sb, bb = (button + 1) % 22, (button + 2) % 22
    assert hist(h) == [(sb, ActionKind.POST_SMALL_BLIND, 1), (bb, ActionKind.POST_BIG_BLIND, 2)]
    assert h.actor == (button + 3) % 22
    for _ in range(21):  # twenty players call 2, then the SB completes
        h.check_or_call()
    assert h.actor == bb
    h.check_or_call()  # the BB checks its option
    assert h.street == Street.FLOP and h.pot == 44
    assert h.actor == sb
    check_down(h)
    assert len(set(_all_cards(h))) == 44 + 5  # 44 + 5 board (+ 3 burns) = 52
    assert sum(h.payoffs) == 0 and sum(h.stacks) == 2200


def test_twenty_two_seats_with_twenty_straddles_wrapping_onto_the_button():
    # No-limit straddles 4, 8, ..., 4 * 2**19 = 2**21: each a raise of the
    # previous straddle (a legal raise in either mode). 22 - 2 = 20 allowed.
    straddles = tuple(4 * 2**i for i in range(20))
    h = Hand(NL(straddles=straddles), [10**7] * 22, seed=5)
    # SB 1, BB 2, straddles on seats 3..21 and then 0 (the button).
    posts = hist(h)
    assert posts[:2] == [(1, ActionKind.POST_SMALL_BLIND, 1), (2, ActionKind.POST_BIG_BLIND, 2)]
    assert [p[0] for p in posts[2:]] == list(range(3, 22)) + [0]
    assert [p[2] for p in posts[2:]] == list(straddles)
    # Action starts left of the last straddle: the small blind.
    assert h.actor == 1
    top = 2**21
    assert legal(h) == (top - 1, 2 * top, 10**7)  # the straddle acts as the BB
    for _ in range(21):  # everyone else folds to the last straddle
        h.fold()
    assert h.is_over
    # Its 2**21 - 2**20 is uncalled; it wins 1 + 2 + (4 + ... + 4 * 2**18).
    assert h.payoffs[0] == 1 + 2 + sum(straddles[:19])
    assert h.payoffs[0] == 2**21 - 1
    assert sum(h.payoffs) == 0


# ---------------------------------------------------------------------------
# SeatView never leaks; pickling a finished hand
# ---------------------------------------------------------------------------


def _cards_in(value, out):
    if isinstance(value, hc.Card):
        out.add(str(value))
    elif isinstance(value, (list, tuple)):
        for v in value:
            _cards_in(v, out)
    elif isinstance(value, dict):
        for k, v in value.items():
            _cards_in(k, out)
            _cards_in(v, out)


def _visible(view):
    """Every card reachable from the view's public attributes."""
    out = set()
    for name in dir(view):
        if name.startswith("_"):
            continue
        value = getattr(view, name)
        if callable(value):
            try:
                value = value()
            except TypeError:
                continue
        _cards_in(value, out)
    return out


def _assert_views_hide(h):
    board = {str(c) for c in h.board}
    for seat in range(h.num_players):
        v = h.view(seat)
        allowed = board | {str(c) for c in h.hole_cards(seat)}
        if h.street == Street.SHOWDOWN:
            allowed |= {str(c) for s in range(h.num_players) if not h.folded[s] for c in h.hole_cards(s)}
        seen = _visible(v)
        assert seen <= allowed, (seat, seen - allowed)
        try:
            data = pickle.dumps(v)
        except TypeError:
            continue  # a view cannot be pickled: nothing leaks that way
        assert _visible(pickle.loads(data)) <= allowed


def test_views_never_show_other_cards_or_the_undealt_board():
    h = deal(NL(), [100] * 4, hole=[AA, KK, QQ, JJ])
    _assert_views_hide(h)
    play(h, "c", "c", "f", "c")  # seats 3, 0 call, SB folds, BB checks
    while not h.is_over:
        _assert_views_hide(h)
        h.check_or_call()
    assert h.street == Street.SHOWDOWN
    _assert_views_hide(h)
    # The folded SB's cards are never shown.
    assert set(h.view(0).shown) == {0, 2, 3}


def test_views_after_an_uncontested_hand_show_nothing():
    h = deal(NL(), [100] * 3, hole=[AA, KK, QQ])
    play(h, 10, "f", "f")
    assert h.is_over and h.street == Street.PREFLOP
    for seat in range(3):
        v = h.view(seat)
        assert dict(v.shown) == {}
        assert list(v.board) == []
        assert _visible(v) == {str(c) for c in h.hole_cards(seat)}


@pytest.mark.parametrize(
    "rules, stacks, moves",
    [
        # Showdown with a big blind all-in short after its big-blind ante.
        (NL(big_blind_ante=2), [100, 50, 3], ["c", "c"]),
        # A raise folded to, against that all-in big blind: showdown too.
        (NL(big_blind_ante=2), [100, 50, 3], [10, "f"]),
        # Won uncontested preflop.
        (NL(), [100, 50, 100], [10, "f", "f"]),
    ],
)
def test_pickling_a_finished_hand(rules, stacks, moves):
    h = deal(rules, stacks, hole=[AA, KK, QQ])
    play(h, *moves)
    check_down(h)
    assert h.is_over
    g = pickle.loads(pickle.dumps(h))
    assert g == h
    assert g.is_over and g.actor is None and g.legal_actions() is None
    assert g.payoffs == h.payoffs and g.stacks == h.stacks
    assert pots(g) == pots(h) and winners(g) == winners(h)
    assert g.street == h.street and [str(c) for c in g.board] == [str(c) for c in h.board]
    assert g.history == h.history
    for act in (g.fold, g.check_or_call, lambda: g.bet_or_raise_to(10)):
        with pytest.raises(IllegalActionError):
            act()
    assert g == h
    assert pickle.loads(pickle.dumps(g)) == h
    assert dict(g.view(1).shown) == dict(h.view(1).shown)


def test_pickling_a_hand_won_by_folds():
    h = deal(NL(), [100] * 3)
    play(h, 10, "f", "f")
    g = pickle.loads(pickle.dumps(h))
    assert g == h and g.payoffs == [3, -1, -2] and g.street == Street.PREFLOP


# ---------------------------------------------------------------------------
# legal_actions agrees with what the engine accepts (random walk)
# ---------------------------------------------------------------------------


def _random_rules(rng):
    kind = rng.choice(["nl", "nl", "pl", "fl", "prog"])
    n = rng.choice([2, 2, 3, 4, 5, 6, 9, 22])
    if kind == "prog":
        first = rng.randint(1, 20)
        bets = [first, first * 2, first * 3, first * 4]
        return Rules.progressive(ante=rng.randint(1, first), bets=bets), n, first * 4
    bb = rng.randint(1, 10)
    sb = rng.randint(0, bb)
    kw = {}
    r = rng.random()
    if r < 0.25:
        kw["ante"] = rng.randint(1, bb)
    elif r < 0.45:
        kw["big_blind_ante"] = rng.randint(1, 2 * bb)
    if n >= 3 and rng.random() < 0.3:
        if kind == "fl":
            kw["straddles"] = (2 * bb,)
        else:
            kw["straddles"] = (2 * bb,)
            if kind == "nl" and n >= 4 and rng.random() < 0.5:
                kw["straddles"] = (2 * bb, 4 * bb)
        kw["straddle_min_raise"] = rng.choice(["straddle", "big_blind"])
    if kind == "nl":
        return Rules.no_limit(small_blind=sb, big_blind=bb, **kw), n, bb
    if kind == "pl":
        return Rules.pot_limit(small_blind=sb, big_blind=bb, **kw), n, bb
    cap = rng.choice([None, 0, 3, 4])
    return (
        Rules.fixed_limit(small_blind=sb, big_blind=bb, raise_cap=cap,
                          heads_up_uncapped=rng.random() < 0.5, **kw),
        n,
        bb,
    )


def _snapshot(h):
    return (h.actor, h.street, list(h.stacks), list(h.bets), list(h.contributions),
            h.pot, list(h.folded), list(h.all_in), len(h.history))


def _reference_payoffs(h):
    """Payoffs from RULES.md alone: pots by live contribution level, dead
    money (a big-blind ante) in the main pot, best hand wins, odd chips from
    the button's left."""
    n = h.num_players
    rules = h.rules
    dead = sum(a.amount for a in h.history
               if a.kind == ActionKind.POST_ANTE and rules.big_blind_ante > 0)
    # the big blind: left of the button heads-up, else two seats left of it
    bb_seat = (h.button + (1 if n == 2 else 2)) % n
    live = list(h.contributions)
    if dead:
        live[bb_seat] -= dead
    alive = [s for s in range(n) if not h.folded[s]]
    won = [0] * n
    if h.street == Street.SHOWDOWN:
        board = list(h.board)
        value = {s: hc.evaluate(list(h.hole_cards(s)) + board) for s in alive}
    else:
        value = {s: 0 for s in alive}
    order = [(h.button + 1 + i) % n for i in range(n)]
    pots_ = []
    if dead and any(live[s] == 0 for s in alive):
        pots_.append((dead, alive))
        dead = 0
    prev = 0
    for level in sorted({live[s] for s in alive if live[s] > 0}):
        amount = sum(min(c, level) - min(c, prev) for c in live)
        pots_.append((amount, [s for s in alive if live[s] >= level]))
        prev = level
    if pots_:
        a, e = pots_[0]
        pots_[0] = (a + dead, e)
    for amount, elig in pots_:
        best = max(value[s] for s in elig)
        win = [s for s in order if s in elig and value[s] == best]
        share, odd = divmod(amount, len(win))
        for i, s in enumerate(win):
            won[s] += share + (1 if i < odd else 0)
    return [won[s] - h.contributions[s] for s in range(n)]


def test_legal_actions_agree_with_the_engine_random_walk():
    rng = random.Random(20240611)
    for _ in range(250):
        rules, n, scale = _random_rules(rng)
        stacks = [rng.choice([1, 2, 3, rng.randint(1, 5 * scale), rng.randint(10 * scale, 60 * scale)])
                  for _ in range(n)]
        try:
            h = Hand(rules, stacks, button=rng.randrange(n), seed=rng.randrange(2**32))
        except ConfigError:
            continue
        start = sum(stacks)
        progressive = rules.structure == hc.Structure.PROGRESSIVE
        steps = 0
        while not h.is_over:
            steps += 1
            assert steps < 500
            seat = h.actor
            la = h.legal_actions()
            assert la.seat == seat
            bet, stack = h.bets[seat], h.stacks[seat]
            assert not h.folded[seat] and not h.all_in[seat] and stack > 0
            assert 0 <= la.call_amount <= stack
            # After a call the seat has matched every bet actually made, or is all-in.
            assert bet + la.call_amount >= max(h.bets) or la.call_amount == stack
            if progressive:
                assert la.can_fold and not la.can_check and la.call_amount > 0
                assert la.min_raise_to is None and la.max_raise_to is None
            else:
                assert la.can_check == (la.call_amount == 0)
                assert la.can_fold == (la.call_amount > 0)
            assert (la.min_raise_to is None) == (la.max_raise_to is None)
            assert sum(h.stacks) + h.pot == start
            assert sum(p.amount for p in h.pots) == h.pot
            before = _snapshot(h)
            if la.min_raise_to is not None:
                lo, hi = la.min_raise_to, la.max_raise_to
                assert max(h.bets) < lo <= hi <= bet + stack
                assert la.call_amount < stack
                if rules.structure == hc.Structure.FIXED_LIMIT:
                    assert lo == hi
                for bad in (lo - 1, hi + 1):
                    if bad <= hi and bad >= lo:
                        continue
                    with pytest.raises(IllegalActionError):
                        h.bet_or_raise_to(bad)
                    assert _snapshot(h) == before
                for good in {lo, hi, rng.randint(lo, hi)}:
                    c = h.copy()
                    c.bet_or_raise_to(good)
                    assert c.bets[seat] == good
            else:
                with pytest.raises(IllegalActionError):
                    h.bet_or_raise_to(bet + stack)
                assert _snapshot(h) == before
            if not la.can_fold:
                with pytest.raises(IllegalActionError):
                    h.fold()
                assert _snapshot(h) == before
            if rng.random() < 0.05:
                assert pickle.loads(pickle.dumps(h)) == h
            # Act.
            r = rng.random()
            if la.can_fold and r < 0.2:
                h.fold()
            elif la.min_raise_to is not None and r < 0.5:
                h.bet_or_raise_to(rng.choice([la.min_raise_to, la.max_raise_to,
                                              rng.randint(la.min_raise_to, la.max_raise_to)]))
            else:
                h.check_or_call()
        assert h.actor is None and h.legal_actions() is None
        assert sum(h.stacks) == start and sum(h.payoffs) == 0
        assert sum(p.amount for p in h.pots) == h.pot
        for p in h.pots:
            assert p.winners and set(p.winners) <= set(p.eligible)
            assert not any(h.folded[s] for s in p.eligible)
        assert h.payoffs == _reference_payoffs(h), (rules, stacks, h.button, hist(h))
