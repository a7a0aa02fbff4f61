"""Scenario tests of pot-limit betting in ``holecards.Hand``: the maximum
bet or raise (the current bet plus the pot after the call, antes, dead money
and straddles included; docs/game.md rule choice 8) and the largest
straddle the rules accept.

Given cards, numbers worked out by hand: method and conventions in game_helpers.py.
"""

from __future__ import annotations

import pytest

import holecards as hc
from game_helpers import PL, assert_illegal, deal, expect, hist, legal, play  # noqa: E402
from holecards import ActionKind, ConfigError, IllegalActionError, Street

# ---------------------------------------------------------------------------
# Pot-limit maximum
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
    expect(h, actor=1, legal=(6, 12, 23))
    assert_illegal(h, h.bet_or_raise_to, 24, mentions=["23"])
    h.bet_or_raise_to(23)
    # BB: 2 in, call 21; pot 23 + 2 + 7 = 32; after the call 53;
    # max = 23 + 53 = 76; min = 23 + 16 = 39.
    expect(h, actor=2, legal=(21, 39, 76))
    h.bet_or_raise_to(76)
    # Seat 0: 7 in, call 69, 93 behind; max would be 76 + (76+23+7 + 69) =
    # 251 > 100 chips, so max 100; min 76 + 53 = 129 > 100, so all-in only.
    assert legal(h) == (69, 100, 100)


def test_pot_limit_postflop_bet_and_raise():
    h = deal(PL(), [100] * 3, button=0)
    play(h, "c", "c", "c")
    # legal: bet up to the pot, at least the BB
    expect(h, street=Street.FLOP, pot=6, legal=(0, 2, 6))
    h.bet_or_raise_to(6)
    # call 6, pot 12 -> 18 after calling; max 6 + 18 = 24; min 6 + 6 = 12
    assert legal(h) == (6, 12, 24)


def test_pot_limit_heads_up_button():
    h = deal(PL(), [100, 100], button=0)
    # Button SB: call 1, pot 3 -> 4; max 2 + 4 = 6.
    assert legal(h) == (1, 4, 6)


def test_pot_limit_ten_fifteen_blinds():
    h = deal(PL(10, 15), [1000] * 3, button=0)
    # call 15; pot 25 -> 40; max 15 + 40 = 55; min 15 + 15 = 30.
    assert legal(h) == (15, 30, 55)


# ---------------------------------------------------------------------------
# Antes and straddles in the pot
# ---------------------------------------------------------------------------


def test_pot_limit_with_antes():
    h = deal(PL(ante=1), [100] * 3, button=0)
    # Antes 3 + blinds 3 = 6 in the pot; call 2 -> 8; max 2 + 8 = 10.
    expect(h, pot=6, legal=(2, 4, 10))
    h.bet_or_raise_to(10)
    # SB: call 9; pot 6 + 10 = 16 -> 25; max 10 + 25 = 35; min 10 + 8 = 18.
    assert legal(h) == (9, 18, 35)


def test_pot_limit_with_big_blind_ante():
    h = deal(PL(big_blind_ante=2), [100] * 3, button=0)
    # BB ante 2 + blinds 1 + 2 = 5; call 2 -> 7; max 2 + 7 = 9.
    expect(h, pot=5, legal=(2, 4, 9))


def test_pot_limit_after_a_straddle():
    h = deal(PL(straddles=(4,)), [100] * 5, button=0)
    # call 4; pot 1 + 2 + 4 = 7 -> 11 after the call; max 4 + 11 = 15;
    # min 4 + 4 = 8 (the straddle acts as the big blind).
    assert legal(h) == (4, 8, 15)


@pytest.mark.parametrize("mode, min_to", [("straddle", 8), ("big_blind", 6)])
def test_pot_limit_maximum_with_antes_and_a_straddle(mode, min_to):
    # PL 1/2 ante 1 straddle 4, five seats, button 0.
    h = deal(PL(ante=1, straddles=(4,), straddle_min_raise=mode), [100] * 5)
    # pot: 12
    expect(h, pot=5 + 1 + 2 + 4, actor=4)
    # Max: call 4, then raise the pot 12 + 4 = 16 -> to 4 + 16 = 20.
    assert legal(h) == (4, min_to, 20)
    with pytest.raises(IllegalActionError):
        h.bet_or_raise_to(21)
    h.bet_or_raise_to(20)  # a raise of 16
    assert h.pot == 32
    # Seat 0: call 20; pot after the call 32 + 20 = 52; max 20 + 52 = 72;
    # min 20 + 16 = 36.
    expect(h, actor=0, legal=(20, 36, 72))


def test_pot_limit_maximum_with_big_blind_ante_and_a_straddle():
    # PL 1/2, big-blind ante 2, straddle 4, four seats, button 0.
    h = deal(PL(big_blind_ante=2, straddles=(4,)), [100] * 4)
    # pot: 9
    expect(h, pot=2 + 1 + 2 + 4, actor=0)
    # Max 4 + (9 + 4) = 17 (the dead money counts in the pot).
    assert legal(h) == (4, 8, 17)


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
    expect(h, actor=4, legal=(13, 26, 48))
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


def test_the_straddle_maximum_does_not_overflow() -> None:
    # 22 seats (the largest table the rules are checked against) of an
    # ante of 838,488,366,986,797,801: 22 x ante = 2**64 + 6, past 64 bits.
    # The maximum is 2 + (1 + 2 + 22 x ante + 2) = 2**64 + 13: any straddle
    # of at most 2**60 chips is under it, none refused by a wrapped sum.
    ante = 838_488_366_986_797_801
    assert 22 * ante == 2**64 + 6
    r = hc.Rules.pot_limit(small_blind=1, big_blind=2, ante=ante, straddles=[1000])
    assert list(r.straddles) == [1000]
    # an ante of 2**60 at 16 seats: 16 x 2**60 = 2**64 (wrapped: 0, a
    # maximum of 7, and the hand refused); the straddle of 1,000 is well
    # under the true maximum (every stack goes in on the ante)
    r = hc.Rules.pot_limit(small_blind=1, big_blind=2, ante=2**60, straddles=[1000])
    hand = hc.Hand(r, [2**60 // 16] * 16, button=15, seed=1)
    assert hand.history[0].kind.name == "POST_ANTE"
