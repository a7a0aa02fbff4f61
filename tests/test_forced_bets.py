"""Scenario tests of the forced bets of ``holecards.Hand``: who posts the
antes, blinds and straddles and how much, in full or short (all-in for
less); the heads-up order; the big blind's and the straddler's option;
unusual blinds.

Given cards, numbers worked out by hand: method and conventions in game_helpers.py.
"""

from __future__ import annotations

import pytest

from game_helpers import (  # noqa: E402
    AA,
    BOARD,
    FL,
    JJ,
    KK,
    NL,
    PL,
    QQ,
    cards,
    check_down,
    deal,
    expect,
    hist,
    legal,
    play,
    pot_sets,
    pots,
    winners,
)
from holecards import ActionKind, ConfigError, Hand, Rules, Street

# The forced bets, as the history names them.
SB, BB = ActionKind.POST_SMALL_BLIND, ActionKind.POST_BIG_BLIND
STRADDLE, ANTE = ActionKind.POST_STRADDLE, ActionKind.POST_ANTE

# ---------------------------------------------------------------------------
# Heads-up order
# ---------------------------------------------------------------------------


def test_heads_up_button_posts_small_blind_and_acts_first_preflop_last_after():
    h = deal(NL(), [100, 100], button=0)
    # Button (seat 0) posts SB 1, seat 1 posts BB 2.
    assert hist(h) == [(0, SB, 1), (1, BB, 2)]
    expect(h, stacks=[99, 98], bets=[1, 2], contributions=[1, 2], pot=3, street=Street.PREFLOP)
    assert list(h.board) == []
    # actor: the button acts first preflop
    expect(h, actor=0, flags=(True, False))
    # call 2-1 = 1; min raise to 2+2 = 4; max = 99 behind + 1 in = 100
    assert legal(h) == (1, 4, 100)
    h.check_or_call()
    # flags: BB may check; no free fold
    # legal: max = 98 behind + 2 in
    expect(h, actor=1, flags=(False, True), legal=(0, 4, 100))
    h.check_or_call()
    # Flop: the non-button acts first.
    assert h.street == Street.FLOP
    assert list(h.board) == cards("2c 2h 3d")
    # legal: min bet = BB 2, max = all 98 chips
    expect(h, bets=[0, 0], stacks=[98, 98], pot=4, actor=1, legal=(0, 2, 98))
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
    assert hist(h)[2:] == [(0, ActionKind.CALL, 1), (1, ActionKind.CHECK, 0)] + [
        (s, ActionKind.CHECK, 0) for _ in range(3) for s in (1, 0)
    ]


def test_heads_up_button_on_seat_one():
    h = deal(NL(), [100, 100], button=1)
    # Seat 1 is the button: posts SB 1 and acts first; seat 0 posts BB 2.
    expect(h, stacks=[98, 99], bets=[2, 1], actor=1, legal=(1, 4, 100))
    h.bet_or_raise_to(6)
    # Seat 0 faces 6 with 2 in: call 4; the raise was 6-2 = 4, min to 6+4 = 10.
    expect(h, actor=0, legal=(4, 10, 100))
    h.check_or_call()
    # actor: non-button first after the flop
    expect(h, street=Street.FLOP, actor=0)
    h.check_or_call()
    assert h.actor == 1


def test_equal_blinds_heads_up():
    h = deal(NL(2, 2), [100, 100], button=0)
    # The button posts the (equal) small blind and acts first: nothing owed.
    expect(h, actor=0, flags=(False, True), legal=(0, 4, 100))
    h.check_or_call()
    # actor: the big blind's option
    expect(h, street=Street.PREFLOP, actor=1)
    h.check_or_call()
    expect(h, street=Street.FLOP, actor=1)


def test_heads_up_antes_order_and_sizes():
    # Heads-up NL 1/2 ante 1, button 1. The button has 50 - 1 - 1 = 48 behind.
    h = deal(NL(ante=1), [50, 50], button=1, hole=[KK, AA])
    # legal: call 1; min 2+2; max 1 + 48
    expect(h, actor=1, legal=(1, 4, 49))
    h.check_or_call()
    # actor: the BB's option
    # legal: BB has 2 in and 47 behind
    expect(h, actor=0, legal=(0, 4, 49))
    h.check_or_call()
    # actor: heads-up the button acts last after the flop
    # pot: 2 antes + 2 + 2
    expect(h, street=Street.FLOP, actor=0, pot=6, legal=(0, 2, 47))


def test_heads_up_antes_button_all_in_for_its_small_blind():
    # Heads-up NL 1/2 ante 1, button 1 (posts the SB). Antes start left of
    # the button: seat 0, then seat 1. Seat 1 has 2: ante 1, then SB 1, all-in.
    h = deal(NL(ante=1), [100, 2], button=1, hole=[KK, AA])
    assert hist(h) == [(0, ANTE, 1), (1, ANTE, 1), (1, SB, 1), (0, BB, 2)]
    # The BB covers the button's 1 already: not asked; 2 - 1 = 1 is returned.
    assert h.is_over
    expect(h, contributions=[2, 2], pot=4)
    assert h.payoffs == [-2, 2]  # AA (seat 1) wins 4 for 2


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


def test_heads_up_small_blind_all_in_for_the_blind():
    # Button posts its only chip as the small blind; the BB's extra chip is
    # uncalled. Nobody can bet: the board runs out at once.
    h = deal(NL(), [1, 100], button=0)
    assert h.all_in[0]
    assert h.is_over
    assert h.street == Street.SHOWDOWN
    assert h.payoffs == [1, -1]  # AA wins the 1 + 1 matched
    assert h.stacks == [2, 99]


# ---------------------------------------------------------------------------
# The big blind's option
# ---------------------------------------------------------------------------


def test_big_blind_option_check_closes_the_round():
    h = deal(NL(), [100] * 3, button=0)
    play(h, "c", "c")  # seat 0 calls 2, SB completes 1
    expect(h, actor=2, street=Street.PREFLOP, flags=(False, True))
    # nothing owed; raise to 2+2 = 4 or more; max 98 behind + 2 in = 100
    assert legal(h) == (0, 4, 100)
    h.check_or_call()
    expect(h, street=Street.FLOP, pot=6, actor=1)
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
    expect(h, actor=1, legal=(4, 10, 100))
    h.check_or_call()
    # pot: 3 x 6
    expect(h, street=Street.FLOP, pot=18, stacks=[94, 94, 94])


def test_walk_to_the_big_blind():
    h = deal(NL(), [100] * 3, button=0)
    play(h, "f", "f")
    assert h.is_over
    assert h.street == Street.PREFLOP
    assert h.payoffs == [0, -1, 1]


# ---------------------------------------------------------------------------
# Unusual blinds
# ---------------------------------------------------------------------------


def test_equal_blinds():
    h = deal(NL(2, 2), [100] * 3, button=0)
    expect(h, bets=[0, 2, 2], actor=0, legal=(2, 4, 100))
    h.check_or_call()
    # The SB has matched the 2 already: it may check, but the round goes on
    # to the BB's option.
    expect(h, actor=1, flags=(False, True), legal=(0, 4, 100))
    h.check_or_call()
    expect(h, street=Street.PREFLOP, actor=2, legal=(0, 4, 100))
    h.check_or_call()
    expect(h, street=Street.FLOP, pot=6, legal=(0, 2, 98))


def test_ten_fifteen_blinds():
    h = deal(NL(10, 15), [1000] * 3, button=0)
    # legal: min raise 15 + 15
    expect(h, bets=[0, 10, 15], legal=(15, 30, 1000))
    h.check_or_call()
    assert legal(h) == (5, 30, 1000)
    h.check_or_call()
    assert legal(h) == (0, 30, 1000)
    h.check_or_call()
    # legal: min bet = BB 15
    expect(h, street=Street.FLOP, pot=45, legal=(0, 15, 985))


# ---------------------------------------------------------------------------
# Antes
# ---------------------------------------------------------------------------


def test_uniform_ante():
    h = deal(NL(ante=1), [100] * 3, button=0)
    posts = hist(h)
    antes = sorted(p for p in posts if p[1] == ActionKind.POST_ANTE)
    assert antes == [(s, ActionKind.POST_ANTE, 1) for s in range(3)]
    # Antes are posted first.
    assert all(p[1] == ActionKind.POST_ANTE for p in posts[:3])
    assert posts[3:] == [(1, SB, 1), (2, BB, 2)]
    # bets: antes are not part of the street's bets
    # legal: max = all 99 chips left
    expect(h, stacks=[99, 98, 97], contributions=[1, 2, 3], bets=[0, 1, 2], pot=6)
    expect(h, actor=0)
    play(h, "c", "c", "c")
    expect(h, street=Street.FLOP, pot=9)
    check_down(h)
    assert h.payoffs == [6, -3, -3]


def test_big_blind_ante():
    h = deal(NL(big_blind_ante=3), [100] * 3, button=0)
    assert (2, ANTE, 3) in hist(h)
    assert hist(h)[0] == (2, ANTE, 3)  # antes before blinds
    # stacks: BB: ante 3 + blind 2
    expect(
        h, stacks=[100, 99, 95], contributions=[0, 1, 5], bets=[0, 1, 2], pot=6, legal=(2, 4, 100)
    )


def test_player_who_cannot_cover_the_ante_is_all_in():
    h = deal(NL(ante=5), [3, 100, 100], button=0)
    # Seat 0 antes its 3 chips; seats 1, 2 ante 5 and post 1 and 2.
    assert h.all_in == [True, False, False]
    # actor: seat 0 is all-in and skipped
    # legal: max = 94 behind + 1 in
    expect(h, stacks=[0, 94, 93], contributions=[3, 6, 7], pot=16, actor=1, legal=(1, 4, 95))
    play(h, "c", "c")
    expect(h, street=Street.FLOP, actor=1)
    check_down(h)
    # Contributions 3, 7, 7. Main pot 3 x 3 = 9 (all); side 4 + 4 = 8 (1, 2).
    # Seat 0 (AA) wins 9, seat 1 (KK) wins 8.
    assert h.payoffs == [6, 1, -7]
    assert pot_sets(h) == [
        (9, frozenset({0, 1, 2}), frozenset({0})),
        (8, frozenset({1, 2}), frozenset({1})),
    ]


def test_uniform_ante_all_in_wins_only_the_antes():
    # NL 1/2 ante 5, button 0. BB seat 2 has 3: all-in for 3 of its ante,
    # its big blind is 0; the others still owe the full 2 (docs rule 1).
    h = deal(NL(ante=5), [100, 100, 3], hole=[KK, QQ, AA])
    expect(h, stacks=[95, 94, 0], contributions=[5, 6, 3], actor=0, legal=(2, 4, 95))
    play(h, "c", "c")
    assert h.street == Street.FLOP and h.actor == 1
    check_down(h)
    # Totals 7, 7, 3: main 3*3 = 9 {0,1,2}; side 4+4 = 8 {0,1}.
    assert pots(h) == [(9, (0, 1, 2)), (8, (0, 1))]
    assert winners(h) == [(2,), (0,)]
    assert h.payoffs == [8 - 7, -7, 9 - 3]


# ---------------------------------------------------------------------------
# Forced bets posted short, alone and in combination
# ---------------------------------------------------------------------------


def test_short_small_blind_posts_what_it_has():
    h = deal(NL(5, 10), [100, 3, 100], button=0)
    assert (1, SB, 3) in hist(h)
    assert h.all_in == [False, True, False]
    expect(h, stacks=[100, 0, 90], bets=[0, 3, 10], actor=0, legal=(10, 20, 100))
    h.check_or_call()
    # actor: the SB is all-in
    # legal: max = 90 behind + 10 in
    expect(h, actor=2, legal=(0, 20, 100))
    h.check_or_call()
    expect(h, street=Street.FLOP, actor=2)
    check_down(h)
    # Contributions 10, 3, 10: main 9, side 14; AA (seat 0) wins both.
    assert h.payoffs == [13, -3, -10]


def test_short_big_blind_posts_what_it_has_others_call_the_full_blind():
    # RULES.md is silent on what the others must call. Cardroom practice (and
    # WSOP tournament rules on a stud bring-in posted all-in for less: "all
    # other Participants must enter for at least the full amount") is the
    # full big blind.
    h = deal(NL(5, 10), [100, 100, 4], button=0)
    assert (2, BB, 4) in hist(h)
    assert h.all_in == [False, False, True]
    expect(h, stacks=[100, 95, 0], actor=0, legal=(10, 20, 100))


def test_both_blinds_all_in():
    h = deal(NL(), [100, 1, 2], button=0)
    assert h.all_in == [False, True, True]
    assert h.actor == 0
    assert h.legal_actions().call_amount == 2
    h.check_or_call()
    assert h.is_over
    # Main 1 x 3 = 3 (all); side 1 + 1 = 2 (seats 0, 2): AA wins both.
    assert pot_sets(h) == [
        (3, frozenset({0, 1, 2}), frozenset({0})),
        (2, frozenset({0, 2}), frozenset({0})),
    ]
    assert h.payoffs == [3, -1, -2]


def test_ante_small_blind_and_big_blind_all_short_four_way():
    # NL 1/2 ante 1, button 0: SB seat 1 has 1 chip (all-in on the ante, so
    # its small blind is 0), BB seat 2 has 2 (ante 1, then 1 of its 2 BB).
    h = deal(NL(ante=1), [100, 1, 2, 100], hole=[JJ, AA, KK, QQ])
    # Antes from left of the button: 1, 2, 3, 0; then the blinds.
    assert [a for a in hist(h) if a[1] == ActionKind.POST_ANTE] == [
        (1, ANTE, 1),
        (2, ANTE, 1),
        (3, ANTE, 1),
        (0, ANTE, 1),
    ]
    expect(h, stacks=[99, 0, 0, 99], bets=[0, 0, 1, 0], contributions=[1, 1, 2, 1], pot=5)
    assert h.all_in == [False, True, True, False]
    # UTG (seat 3) still owes the full BB of 2 (docs rule 1); min raise 2+2=4;
    # max = all 99 chips.
    expect(h, actor=3, legal=(2, 4, 99))
    play(h, "c", "c")  # seats 3 and 0 call 2; the blinds are all-in
    assert h.street == Street.FLOP
    # Left of the button: seats 1 and 2 are all-in, so seat 3 acts first.
    # pot: 4 antes + 1 (BB) + 2 + 2
    expect(h, actor=3, contributions=[3, 1, 2, 3], pot=9)
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
    assert hist(h) == [(2, ANTE, 2), (1, SB, 1), (2, BB, 1)]
    # contributions: dead money shown against the BB
    # legal: the full BB is owed; min raise 2+2
    expect(h, stacks=[100, 99, 0], bets=[0, 1, 1], contributions=[0, 1, 3], pot=4)
    expect(h, actor=0)
    play(h, "c", "c")  # button calls 2, SB completes 1; the BB is all-in
    assert h.street == Street.FLOP and h.actor == 1
    assert h.pot == 7  # 2 dead + 2 + 2 + 1
    # Live levels 1 and 2: main 1+1+1 + 2 dead = 5 {0,1,2}; side 1+1 = 2 {0,1}.
    assert pots(h) == [(5, (0, 1, 2)), (2, (0, 1))]
    check_down(h)
    assert winners(h) == [(2,), (1,)]
    # Seat 2 wins 5 for 3 put in; seat 1 wins 2 for 2; seat 0 loses its 2.
    assert h.payoffs == [-2, 0, 2]


# ---------------------------------------------------------------------------
# Straddles: position, option, minimum raises, re-straddles
# ---------------------------------------------------------------------------


def test_straddle_action_starts_left_of_it_and_straddler_has_option():
    h = deal(NL(straddles=(4,)), [100] * 5, button=0)
    # SB seat 1, BB seat 2, straddle seat 3 (left of the BB).
    assert hist(h) == [(1, SB, 1), (2, BB, 2), (3, STRADDLE, 4)]
    expect(h, stacks=[100, 99, 98, 96, 100], actor=4)
    # Default: the straddle acts as the big blind, so min raise to 4 + 4 = 8.
    assert legal(h) == (4, 8, 100)
    play(h, "c", "c")  # seats 4, 0
    assert legal(h) == (3, 8, 100)  # SB
    h.check_or_call()
    assert legal(h) == (2, 8, 100)  # BB
    h.check_or_call()
    # The straddler's option.
    expect(h, actor=3, street=Street.PREFLOP, flags=(False, True), legal=(0, 8, 100))
    h.check_or_call()
    # legal: postflop the minimum bet is the BB
    expect(h, street=Street.FLOP, pot=20, actor=1, legal=(0, 2, 96))


def test_straddle_position_wraps_around_the_table():
    # Five seats, button 3: SB 4, BB 0, straddle 1, first to act 2.
    h = deal(NL(straddles=(4,)), [100] * 5, button=3)
    assert hist(h) == [(4, SB, 1), (0, BB, 2), (1, STRADDLE, 4)]
    assert h.actor == 2
    play(h, "c", "c", "c", "c")  # seats 2, 3, 4 (SB), 0 (BB) call 4
    # actor: the straddle's option
    expect(h, actor=1, legal=(0, 8, 100))


def test_everyone_folds_to_the_straddle():
    h = deal(NL(straddles=(4,)), [100] * 5)
    assert h.actor == 4
    play(h, "f", "f", "f", "f")  # seats 4, 0, 1, 2
    assert h.is_over and h.street == Street.PREFLOP
    # The straddle's 4 - 2 = 2 is uncalled; it wins 1 + 2.
    expect(h, contributions=[0, 1, 2, 2, 0], pot=5)
    assert h.payoffs == [0, -1, -2, 3, 0]


def test_straddle_min_raise_default_after_a_raise():
    h = deal(NL(straddles=(4,)), [100] * 5, button=0)
    h.bet_or_raise_to(8)  # a raise of 4
    assert legal(h) == (8, 12, 100)


def test_straddle_min_raise_big_blind_option_wsop_161():
    rules = NL(straddles=(4,), straddle_min_raise="big_blind")
    h = deal(rules, [100] * 5, button=0)
    # The straddle counts as a raise of 2 over the BB: min raise to 4 + 2 = 6
    # (rule 161: three big blinds).
    expect(h, actor=4, legal=(4, 6, 100))
    h.bet_or_raise_to(6)
    # Last raise 2 (and never less than the BB 2): min 6 + 2 = 8.
    assert legal(h) == (6, 8, 100)


def test_straddle_option_min_raise_big_blind_mode():
    rules = NL(straddles=(4,), straddle_min_raise="big_blind")
    h = deal(rules, [100] * 5, button=0)
    play(h, "c", "c", "c", "c")
    # legal: 4 + 2, as for everyone else
    expect(h, actor=3, legal=(0, 6, 100))


@pytest.mark.parametrize("mode, min_to", [("straddle", 12), ("big_blind", 8)])
def test_min_raise_after_a_three_big_blind_straddle(mode, min_to):
    # Straddle 6 over BB 2: straddle mode 6+6 = 12; big_blind mode the next
    # raise adds one big blind (RULES.md): 6+2 = 8.
    h = deal(NL(straddles=(6,), straddle_min_raise=mode), [100] * 4)
    expect(h, actor=0, legal=(6, min_to, 100))


def test_re_straddle_no_limit():
    h = deal(NL(straddles=(4, 8)), [100] * 6, button=0)
    assert hist(h)[2:] == [(3, STRADDLE, 4), (4, STRADDLE, 8)]
    # legal: the last straddle acts as the BB
    expect(h, actor=5, legal=(8, 16, 100))
    play(h, "c", "c")  # seats 5, 0
    assert legal(h) == (7, 16, 100)  # SB 8-1
    h.check_or_call()
    assert legal(h) == (6, 16, 100)  # BB 8-2
    h.check_or_call()
    assert legal(h) == (4, 16, 100)  # first straddler 8-4
    h.check_or_call()
    # actor: the re-straddler has the option
    expect(h, actor=4, flags=(False, True), legal=(0, 16, 100))
    h.check_or_call()
    expect(h, street=Street.FLOP, pot=48, actor=1, legal=(0, 2, 92))


def test_re_straddle_big_blind_option():
    rules = NL(straddles=(4, 8), straddle_min_raise="big_blind")
    h = deal(rules, [100] * 6, button=0)
    # RULES.md: in this mode a straddle counts as a raise of one big blind,
    # so the next raise need only add one big blind: 8 + 2 = 10.
    assert legal(h) == (8, 10, 100)


def test_re_straddle_must_be_a_legal_raise_in_the_default_straddle_mode():
    # Default mode: a raise over the straddle 4 adds at least 4 -> 8.
    with pytest.raises(ConfigError):
        NL(straddles=(4, 6))


def test_re_straddle_accepted_in_big_blind_mode_and_min_raise():
    # big_blind mode: the straddle 4 is a raise of 2, so 6 is a legal raise.
    rules = NL(straddles=(4, 6), straddle_min_raise="big_blind")
    h = deal(rules, [100] * 6)
    # legal: last raise 6-4 = 2 (= the BB): 6+2
    expect(h, bets=[0, 1, 2, 4, 6, 0], actor=5, legal=(6, 8, 100))


@pytest.mark.parametrize("mode, min_to", [("straddle", 20), ("big_blind", 12)])
def test_min_raise_after_re_straddle_4_10(mode, min_to):
    # straddle mode: the last straddle 10 acts as the BB: 10+10 = 20.
    # big_blind mode (RULES.md: a straddle counts as a raise of one big
    # blind, so the next raise need only add that): 10+2 = 12.
    h = deal(NL(straddles=(4, 10), straddle_min_raise=mode), [100] * 6)
    expect(h, actor=5, legal=(10, min_to, 100))
    h.bet_or_raise_to(min_to)
    # The raise added min_to - 10; the next one must add as much.
    assert legal(h) == (min_to, 2 * min_to - 10, 100)


# ---------------------------------------------------------------------------
# Straddles: configuration
# ---------------------------------------------------------------------------


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
        lambda: Rules.no_limit(
            small_blind=1, big_blind=2, straddles=(4,), straddle_min_raise="triple"
        ),
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


@pytest.mark.parametrize("make", [NL, PL, FL])
def test_heads_up_straddle_is_refused(make):
    rules = make(straddles=(4,))
    with pytest.raises(ConfigError):
        Hand(rules, [100, 100], seed=1)
    with pytest.raises(ConfigError):
        Hand(rules, [100, 100], button=1, seed=1)
    Hand(rules, [100, 100, 100], seed=1)  # three players: fine


# ---------------------------------------------------------------------------
# Straddles posted short, or not at all
# ---------------------------------------------------------------------------


def test_short_straddle_posts_what_it_has_others_call_the_full_straddle():
    # Same reading as for a short big blind (RULES.md silent; cardroom
    # practice): a straddle posted all-in for less still has to be called in
    # full, 4, and the minimum raise stays 8.
    h = deal(NL(straddles=(4,)), [100, 100, 100, 3, 100], button=0)
    assert (3, STRADDLE, 3) in hist(h)
    assert h.all_in[3]
    expect(h, actor=4, legal=(4, 8, 100))


def test_short_straddle_is_owed_in_full_and_the_excess_returned():
    # NL 1/2 straddle 4, button 0: SB 1, BB 2, straddle seat 3 has only 3.
    h = deal(NL(straddles=(4,)), [100, 100, 100, 3])
    assert hist(h) == [(1, SB, 1), (2, BB, 2), (3, STRADDLE, 3)]
    # actor: left of the straddle
    # legal: the full straddle; min raise 4+4
    expect(h, actor=0, legal=(4, 8, 100))
    play(h, "f", "f")  # button and SB fold
    # The BB faces 3 actually bet (more than its 2): it must decide; it owes
    # the full straddle, 4 - 2 = 2, and cannot raise (nobody can answer).
    expect(h, actor=2, legal=(2, None, None))
    h.check_or_call()
    # 4 - 3 = 1 comes back to the BB; pot 1 + 3 + 3 = 7.
    assert h.is_over
    assert h.contributions == [0, 1, 3, 3]
    assert pots(h) == [(7, (2, 3))]
    assert h.payoffs == [0, -1, 7 - 3, -3]  # QQ (seat 2) beats JJ (seat 3)


def test_straddler_who_cannot_raise_the_big_blind_posts_no_straddle():
    # NL 1/2, straddle 4, four seats, button 0: blinds on 1 and 2, the
    # straddle would be seat 3's. Seat 3 has 2 chips: it cannot put in more
    # than the big blind, so it cannot raise, and a straddle is a raise
    # (WSOP live-action rules 161 and 170): no straddle. Action starts left
    # of the big blind, with seat 3 itself, who may call 2 all-in, no more.
    h = deal(NL(straddles=(4,)), [100, 100, 100, 2], button=0)
    assert ActionKind.POST_STRADDLE not in [a.kind for a in h.history]
    expect(h, actor=3, legal=(2, None, None))
    h.check_or_call()
    # The minimum raise is the usual one over the big blind: to 4.
    expect(h, actor=0, legal=(2, 4, 100))


def test_straddler_left_with_the_big_blind_after_the_ante_posts_no_straddle():
    # NL 1/2 with a 1-chip ante: seat 3 starts with 3, antes 1, keeps 2 = the
    # big blind: no straddle. With 4 it keeps 3 and posts a short straddle
    # of 3 (all-in, more than the big blind), which the others must call in
    # full (4), with a minimum raise to 8 (rule choice 1).
    h = deal(NL(ante=1, straddles=(4,)), [100, 100, 100, 3], button=0)
    assert ActionKind.POST_STRADDLE not in [a.kind for a in h.history]
    assert h.actor == 3 and legal(h) == (2, None, None)
    h = deal(NL(ante=1, straddles=(4,)), [100, 100, 100, 4], button=0)
    assert (3, STRADDLE, 3) in hist(h)
    assert h.actor == 0 and legal(h) == (4, 8, 99)


def test_re_straddler_who_cannot_raise_the_straddle_posts_no_re_straddle():
    # NL 1/2, straddles 4 and 8, five seats, button 0: blinds 1 and 2,
    # straddle seat 3, re-straddle seat 4, who has only 4 chips: it cannot
    # go above the straddle, so there is no re-straddle. Action starts left
    # of the straddle with seat 4: call 4 all-in. The minimum raise follows
    # the straddle actually posted: to 8 (the straddle acts as the big blind).
    h = deal(NL(straddles=(4, 8)), [100, 100, 100, 100, 4], button=0)
    assert [a.seat for a in h.history if a.kind == ActionKind.POST_STRADDLE] == [3]
    expect(h, actor=4, legal=(4, None, None))
    h.check_or_call()
    assert h.actor == 0 and legal(h) == (4, 8, 100)
    # With straddle_min_raise="big_blind" the straddle counts as a raise of
    # one big blind: the next raise goes to 4 + 2 = 6.
    h = deal(
        NL(straddles=(4, 8), straddle_min_raise="big_blind"), [100, 100, 100, 100, 4], button=0
    )
    h.check_or_call()
    assert h.actor == 0 and legal(h) == (4, 6, 100)
