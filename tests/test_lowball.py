"""Deuce-to-seven and ace-to-five lows against the plain-Python reference
(tests/reference_eval.py) under Hypothesis, their batch forms, and
pokerkit's StandardLowHand and RegularLowHand."""

from __future__ import annotations

import pickle

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import holecards as hc
import reference_eval as ref

SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])

RANKINGS = {
    "deuce-to-seven": (
        hc.evaluate_deuce_to_seven,
        hc.evaluate_deuce_to_seven_many,
        ref.deuce_to_seven5,
    ),
    "ace-to-five": (hc.evaluate_ace_to_five, hc.evaluate_ace_to_five_many, ref.ace_to_five5),
}


def ref_cards(indices):
    return [ref.from_index(i) for i in indices]


hands = st.integers(5, 7).flatmap(lambda n: st.permutations(range(52)).map(lambda p: list(p[:n])))


@SETTINGS
@given(hands, hands, st.sampled_from(sorted(RANKINGS)))
def test_lowball_orders_hands_as_the_reference(a, b, ranking):
    one, _, key = RANKINGS[ranking]
    ra, rb = one(a), one(b)
    ka, kb = ref.lowball_best(ref_cards(a), key), ref.lowball_best(ref_cards(b), key)
    # a smaller key is a better low: a greater rank
    assert (ra > rb, ra == rb) == (ka < kb, ka == kb)
    for hand, rank, k in [(a, ra, ka), (b, rb, kb)]:
        five = [int(c) for c in rank.best_five]
        assert set(five) <= set(hand) and key(ref_cards(five)) == k
        assert rank.ranking == ranking
        assert pickle.loads(pickle.dumps(rank)) == rank


@SETTINGS
@given(
    st.integers(5, 7).flatmap(
        lambda n: st.lists(
            st.permutations(range(52)).map(lambda p: list(p[:n])), min_size=1, max_size=20
        )
    ),
    st.sampled_from(sorted(RANKINGS)),
    st.sampled_from([None, 1, 2]),
)
def test_lowball_batch_matches_one_hand_at_a_time(rows, ranking, threads):
    one, many, _ = RANKINGS[ranking]
    values = many(np.array(rows, dtype=np.uint8), threads=threads)
    assert values.dtype == np.uint16
    assert values.tolist() == [one(r).value for r in rows]


def test_worked_lowball_hands_and_errors():
    number_one = hc.evaluate_deuce_to_seven("7c 5d 4h 3s 2c")
    assert number_one.value == 7462 and str(number_one) == "Seven-five low"
    assert hc.evaluate_deuce_to_seven("Kc 5d 4h 3s 2c") > hc.evaluate_deuce_to_seven(
        "Ac 5d 4h 3s 2c"
    )
    assert hc.evaluate_deuce_to_seven("8c 7d 6h 5s 4c").category == hc.Category.STRAIGHT
    wheel = hc.evaluate_ace_to_five("5c 4c 3c 2c Ac")
    assert wheel.value == 6175 and str(wheel) == "Five-four low"
    assert wheel.category == hc.Category.HIGH_CARD
    razz = hc.evaluate_ace_to_five("Kc Kd 7h 6s 4c 2d Ah")
    assert [str(c) for c in razz.best_five] == ["7h", "6s", "4c", "2d", "Ah"]
    assert str(hc.evaluate_ace_to_five("Ac Ad 2h 3s 4c")) == "One pair, aces"
    with pytest.raises(hc.CardError, match="5, 6 or 7 cards, not 4"):
        hc.evaluate_ace_to_five("2c 3c 4c 5c")
    with pytest.raises(hc.DuplicateCardError):
        hc.evaluate_deuce_to_seven(["2c", "2c", "3d", "4h", "5s"])
    rows = np.array([[0, 4, 8, 12, 16], [0, 0, 8, 12, 16]], dtype=np.uint8)
    with pytest.raises(hc.DuplicateCardError, match="1"):
        hc.evaluate_deuce_to_seven_many(rows)
    with pytest.raises(hc.CardError, match=r"\(n, 7\)"):
        hc.evaluate_ace_to_five_many(rows[:, :4])


@pytest.mark.parametrize("ranking", sorted(RANKINGS))
def test_lowball_compares_as_pokerkit_does(ranking):
    pokerkit = pytest.importorskip("pokerkit")
    theirs_type = (
        pokerkit.StandardLowHand if ranking == "deuce-to-seven" else pokerkit.RegularLowHand
    )
    _, many, _ = RANKINGS[ranking]
    rng = np.random.default_rng(7)
    rows = rng.permuted(np.tile(np.arange(52, dtype=np.uint8), (2_000, 1)), axis=1)[:, :5]
    ours = many(rows.copy()).astype(int)
    theirs = [
        theirs_type.from_game(pokerkit.Card.parse("".join(str(hc.Card(int(c))) for c in row)), ())
        for row in rows.tolist()
    ]
    for i in range(len(theirs) - 1):
        assert (ours[i] > ours[i + 1]) == (theirs[i] > theirs[i + 1])
        assert (ours[i] == ours[i + 1]) == (theirs[i] == theirs[i + 1])


def test_ranks_of_two_rankings_are_not_equal_and_do_not_order():
    cards = "2c 3d 4h 5s 7c"
    d27, a5 = hc.evaluate_deuce_to_seven(cards), hc.evaluate_ace_to_five(cards)
    assert d27 == hc.evaluate_deuce_to_seven(cards.split()[::-1])
    assert hash(d27) == hash(hc.evaluate_deuce_to_seven(cards.split()[::-1]))
    assert d27 != a5 and not (d27 == a5)
    for compare in (lambda x, y: x < y, lambda x, y: x >= y):
        with pytest.raises(TypeError, match=r"two rankings \(deuce-to-seven and ace-to-five\)"):
            compare(d27, a5)
    with pytest.raises(TypeError):
        sorted([d27, a5])
    # one ranking orders as before; other types are not equal
    assert hc.evaluate_deuce_to_seven("2c 3d 4h 5s 8c") < d27
    assert d27 != d27.value and d27 != hc.evaluate(cards)
