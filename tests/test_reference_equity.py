"""Self-tests of the plain-Python equity oracle (tests/reference_equity.py):
against eval7's evaluator on random river and turn spots, and on small spots
worked out by hand. No holecards import: the oracle must stand on its own.
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from typing import Any, List, Sequence

import pytest
from hypothesis import HealthCheck, given, settings

from reference_equity import (
    DECK_TEXT,
    all_combos,
    hand_range,
    one_card_range,
    reference_equity,
    split_cards,
)
from strategies import known_hands_spot

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# ---------------------------------------------------------------------------
# Against eval7 (a different evaluator, and a separately written count)


def _eval7_counts(hands: Sequence[str], board: Sequence[str], dead: Sequence[str]) -> Any:
    """wins, ties, shares, boards of known hands, every board completion,
    with eval7.evaluate (higher is better)."""
    eval7: Any = pytest.importorskip("eval7")
    holes = [[eval7.Card(c) for c in split_cards(h)] for h in hands]
    known = set(split_cards("".join(hands))) | set(board) | set(dead)
    left = [eval7.Card(c) for c in DECK_TEXT if c not in known]
    start = [eval7.Card(c) for c in board]
    n = len(hands)
    wins, ties, shares, boards = [0] * n, [0] * n, [Fraction(0)] * n, 0
    for extra in itertools.combinations(left, 5 - len(board)):
        full = start + list(extra)
        scores = [eval7.evaluate(h + full) for h in holes]
        top = max(scores)
        best = [p for p in range(n) if scores[p] == top]
        boards += 1
        for p in best:
            if len(best) == 1:
                wins[p] += 1
            else:
                ties[p] += 1
            shares[p] += Fraction(1, len(best))
    return wins, ties, [s / boards for s in shares], boards


def _check_against_eval7(hands: List[str], board: List[str], dead: List[str]) -> None:
    got = reference_equity([hand_range(h) for h in hands], board, dead)
    wins, ties, equities, boards = _eval7_counts(hands, board, dead)
    assert got.wins == wins
    assert got.ties == ties
    assert got.equities == equities
    assert got.boards == boards
    assert sum(got.equities) == 1


@SETTINGS
@given(known_hands_spot(2, 10, 5))
def test_river_known_hands_match_eval7(spot: Any) -> None:
    _check_against_eval7(*spot)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(known_hands_spot(2, 4, 4))
def test_turn_known_hands_match_eval7(spot: Any) -> None:
    _check_against_eval7(*spot)


# ---------------------------------------------------------------------------
# Small spots worked out by hand


def test_royal_flush_on_board_is_a_tie_for_everyone() -> None:
    board = split_cards("AsKsQsJsTs")
    for hands in (
        ["2c3d", "AhAd"],
        ["2c3d", "AhAd", "7h7c"],
        ["2c3d", "AhAd", "7h7c", "9s8s", "KdQd"],
    ):
        got = reference_equity([hand_range(h) for h in hands], board)
        n = len(hands)
        assert got.boards == 1
        assert got.wins == [0] * n
        assert got.ties == [1] * n
        assert got.equities == [Fraction(1, n)] * n


def test_river_nuts_wins_alone() -> None:
    # Ts9h makes the royal flush with As Ks Qs Js; nobody else can.
    got = reference_equity(
        [hand_range(h) for h in ("Ts9h", "AhAd", "Kd2s")], split_cards("AsKsQsJs2d")
    )
    assert got.wins == [1, 0, 0]
    assert got.ties == [0, 0, 0]
    assert got.equities == [1, 0, 0]


def test_two_way_tie_among_three() -> None:
    # 2c 2d 5h 9s Jc: AhKd and AsKc both play 2-2-A-K-J; 3h4d plays 2-2-J-9-5.
    got = reference_equity(
        [hand_range(h) for h in ("AhKd", "AsKc", "3h4d")], split_cards("2c2d5h9sJc")
    )
    assert got.wins == [0, 0, 0]
    assert got.ties == [1, 1, 0]
    assert got.equities == [Fraction(1, 2), Fraction(1, 2), 0]


def test_turn_by_hand() -> None:
    # AhKh vs QsQd on 2c 7d 9h 3s: no straight or flush can come; AK wins on
    # the 3 aces and 3 kings left, QQ on the other 38 of the 44 rivers.
    got = reference_equity([hand_range("AhKh"), hand_range("QsQd")], split_cards("2c7d9h3s"))
    assert (got.wins, got.ties, got.boards) == ([6, 38], [0, 0], 44)
    assert got.equities == [Fraction(6, 44), Fraction(38, 44)]
    # Ad and Ac dead: 42 rivers, AK wins on As, Kc, Kd, Ks.
    got = reference_equity(
        [hand_range("AhKh"), hand_range("QsQd")], split_cards("2c7d9h3s"), ["Ad", "Ac"]
    )
    assert (got.wins, got.ties, got.boards) == ([4, 38], [0, 0], 42)


def test_colliding_ranges_count_every_non_colliding_pair_with_its_weight() -> None:
    # River Qc Qh 4s 5d 9c. Player 1: AhAs or KhKs; player 2: AhQd, AsQd or
    # 7c7d. The non-colliding pairs and player 1's result:
    #   AhAs-7c7d: AA QQ beats QQ 77 -> win
    #   KhKs-AhQd, KhKs-AsQd: trip queens beat KK QQ -> loss
    #   KhKs-7c7d: KK QQ beats QQ 77 -> win
    # Equal weights: 2 wins of 4 deals. With KhKs at weight 1/2 the deals
    # weigh 1, 1/2, 1/2, 1/2: (1 + 1/2) / (5/2) = 3/5.
    board = split_cards("QcQh4s5d9c")
    p2 = [(("Ah", "Qd"), 1), (("As", "Qd"), 1), (("7c", "7d"), 1)]
    got = reference_equity([[(("Ah", "As"), 1), (("Kh", "Ks"), 1)], p2], board)
    assert (got.wins, got.ties, got.boards) == ([2, 2], [0, 0], 4)
    assert got.equities == [Fraction(1, 2), Fraction(1, 2)]
    got = reference_equity([[(("Ah", "As"), 1), (("Kh", "Ks"), "0.5")], p2], board)
    assert got.boards == Fraction(5, 2)
    assert got.wins == [Fraction(3, 2), 1]
    assert got.equities == [Fraction(3, 5), Fraction(2, 5)]


def test_weights_scale_counts_not_equities() -> None:
    board = split_cards("2c7d9h3s")
    plain = reference_equity([hand_range("AhKh"), hand_range("QsQd")], board)
    half = reference_equity([hand_range("AhKh", "0.5"), hand_range("QsQd", 0.25)], board)
    assert half.equities == plain.equities
    assert half.boards == plain.boards / 8
    assert half.wins == [w / 8 for w in plain.wins]


def test_turn_example_hand_vs_range() -> None:
    # AhKh vs TT+, AQs+ on 2c 7d 9h 3s (the example of tests/test_equity.py):
    # 30 villain combos survive the blockers (TT, JJ, QQ: 6 each; KK, AA: 3
    # each; AQs, AKs: 3 each), 44 rivers each.
    villain = [
        ((a, b), 1)
        for a, b in itertools.combinations(DECK_TEXT, 2)
        if (a[0] == b[0] and a[0] in "TJQKA")
        or (a[1] == b[1] and {a[0], b[0]} in ({"A", "Q"}, {"A", "K"}))
    ]
    assert len(villain) == 5 * 6 + 2 * 4
    got = reference_equity([hand_range("AhKh"), villain], split_cards("2c7d9h3s"))
    assert got.boards == 30 * 44
    assert (got.wins[0], got.ties[0]) == (240, 132)
    assert round(float(got.equities[0]), 4) == 0.2318


def test_one_card_and_random_ranges() -> None:
    assert len(all_combos()) == 1326
    assert len(one_card_range("Ah")) == 51
    # Ah plus an unknown card vs KsKd on As Ad 2c 3d 4h: the unknown card is
    # any of the 44 cards not seen, so the counts are the sums over the 44
    # spots with that card known.
    board = split_cards("AsAd2c3d4h")
    got = reference_equity([one_card_range("Ah"), hand_range("KsKd")], board)
    assert got.boards == 44
    seen = board + ["Ah", "Ks", "Kd"]
    brute = [
        reference_equity([hand_range("Ah" + c), hand_range("KsKd")], board)
        for c in DECK_TEXT
        if c not in seen
    ]
    assert len(brute) == 44
    assert got.wins[0] == sum(r.wins[0] for r in brute)
    assert got.ties[0] == sum(r.ties[0] for r in brute)


def test_no_possible_deal_raises() -> None:
    with pytest.raises(ValueError):
        reference_equity([hand_range("AhKh"), hand_range("AhQd")], [])
    with pytest.raises(ValueError):
        reference_equity([hand_range("AhKh"), hand_range("QsQd")], split_cards("Ah2c3d"))
    with pytest.raises(ValueError):
        reference_equity([hand_range("AhKh"), hand_range("QsQd")], split_cards("2c3d4h5s6s7s"))
