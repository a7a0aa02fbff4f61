"""Deals of ``holecards.Hand``: seeds (docs/game.md rule choice 13), given
hole cards and boards, partial deals completed from a seed, the order of the
deal, and the largest table (22 seats).
"""

from __future__ import annotations

import pytest

import holecards as hc
from game_helpers import HOLE, NL, check_down, hist, legal, play  # noqa: E402
from holecards import Hand, parse_cards

Street = hc.Street
ActionKind = hc.ActionKind


# ---------------------------------------------------------------------------
# Seeds
# ---------------------------------------------------------------------------


def test_same_seed_same_deal():
    a = Hand(NL(), [100] * 4, seed=42)
    b = Hand(NL(), [100] * 4, seed=42)
    for s in range(4):
        assert list(a.hole_cards(s)) == list(b.hole_cards(s))
    check_down(a)
    check_down(b)
    assert len(a.board) == 5
    assert list(a.board) == list(b.board)
    assert a.payoffs == b.payoffs


def test_different_seeds_differ():
    deals = []
    for seed in (1, 2, 3):
        h = Hand(NL(), [100] * 4, seed=seed)
        check_down(h)
        deals.append(
            [str(c) for s in range(4) for c in h.hole_cards(s)] + [str(c) for c in h.board]
        )
    assert deals[0] != deals[1] and deals[1] != deals[2] and deals[0] != deals[2]


def test_unseeded_deals_differ():
    a = Hand(NL(), [100] * 6)
    b = Hand(NL(), [100] * 6)
    ca = [str(c) for s in range(6) for c in a.hole_cards(s)]
    cb = [str(c) for s in range(6) for c in b.hole_cards(s)]
    assert ca != cb  # 1 chance in ~10^20 of a false failure


def test_largest_seed_accepted():
    # The whole u64 range is a seed: the largest deals a hand of its own,
    # the same one each time; one past it is refused, naming the argument.
    def deal(seed: int) -> list:
        h = Hand(NL(), [100] * 2, seed=seed)
        check_down(h)
        return [str(c) for s in range(2) for c in h.hole_cards(s)] + [str(c) for c in h.board]

    top = deal(2**64 - 1)
    assert top == deal(2**64 - 1)
    assert len(set(top)) == 9
    assert top != deal(2**64 - 2) and top != deal(0)
    with pytest.raises(
        hc.ConfigError, match="seed must be an integer from 0 to 2\\*\\*64-1"
    ) as info:
        Hand(NL(), [100] * 2, seed=2**64)
    assert info.value.field == "seed"


def test_given_hole_cards_with_seeded_board():
    def make():
        return Hand(NL(), [100] * 3, seed=7, hole_cards=HOLE[:3])

    a, b = make(), make()
    check_down(a)
    check_down(b)
    assert list(a.board) == list(b.board)
    held = set(str(c) for x in HOLE[:3] for c in parse_cards(x))
    assert not held & set(str(c) for c in a.board)
    assert len(set(str(c) for c in a.board)) == 5


def test_partial_board_is_kept():
    h = Hand(NL(), [100] * 3, seed=9, hole_cards=HOLE[:3], board=parse_cards("Ah Kh Qh"))
    check_down(h)
    assert list(h.board)[:3] == parse_cards("Ah Kh Qh")
    assert len(h.board) == 5


# ---------------------------------------------------------------------------
# Partial deals, the order of the deal, run-outs
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


# ---------------------------------------------------------------------------
# 22 seats
# ---------------------------------------------------------------------------


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
