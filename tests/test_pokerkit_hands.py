"""The new games' showdown rules against pokerkit 0.7.7's hand classes:
``OmahaHoldemHand`` (two hole cards and three board cards),
``OmahaEightOrBetterLowHand`` (the eight-or-better low of two and three) and
``ShortDeckHoldemHand`` (a flush above a full house, A-6-7-8-9 the lowest
straight, a straight above three of a kind). On random hands, each pair of
hands must compare the same way in both libraries (greater, equal or
smaller; pokerkit also calls the stronger hand, and the better low, the
greater), and a low must qualify in both or in neither. Four-, five- and
six-card Omaha hands. pokerkit is a test dependency.
"""

from __future__ import annotations

import random

import pytest

import holecards as hc

pokerkit = pytest.importorskip("pokerkit")

SPOTS = 1000


def _text(indices: list[int]) -> str:
    return "".join(str(hc.Card(c)) for c in indices)


def _cmp(a: object, b: object) -> int:
    return (a > b) - (a < b)  # type: ignore[operator]


def _deal(rng: random.Random, pool: list[int], hole: int, board: int) -> tuple[str, str]:
    cards = rng.sample(pool, hole + board)
    return _text(cards[:hole]), _text(cards[hole:])


@pytest.mark.parametrize("hole_cards", [4, 5, 6])
def test_omaha_high_and_low_compare_as_pokerkit(hole_cards: int) -> None:
    rng = random.Random(7)
    # a low-heavy deck half the time, so that lows and their ties come often
    decks = [list(range(52)), list(range(28)) + list(range(48, 52))]
    prev = None
    for i in range(SPOTS):
        hole, board = _deal(rng, decks[i % 2], hole_cards, 5)
        ours = hc.evaluate_omaha(hole, board)
        theirs = pokerkit.OmahaHoldemHand.from_game(hole, board)
        our_low = hc.evaluate_omaha_low8(hole, board)
        try:
            their_low = pokerkit.OmahaEightOrBetterLowHand.from_game(hole, board)
        except ValueError:  # pokerkit: no valid low
            their_low = None
        assert (our_low is None) == (their_low is None), (hole, board, our_low)
        if prev is not None:
            p_ours, p_theirs, p_our_low, p_their_low = prev
            assert _cmp(ours, p_ours) == _cmp(theirs, p_theirs), (hole, board)
            if our_low is not None and p_our_low is not None:
                assert _cmp(our_low, p_our_low) == _cmp(their_low, p_their_low), (hole, board)
        prev = (ours, theirs, our_low, their_low)


def test_short_deck_compares_as_pokerkit() -> None:
    rng = random.Random(8)
    short = list(range(16, 52))
    prev = None
    for _ in range(SPOTS):
        hole, board = _deal(rng, short, 2, 5)
        ours = hc.evaluate_short_deck(hole + board)
        theirs = pokerkit.ShortDeckHoldemHand.from_game(hole, board)
        if prev is not None:
            assert _cmp(ours, prev[0]) == _cmp(theirs, prev[1]), (hole, board, ours, prev[0])
        prev = (ours, theirs)
