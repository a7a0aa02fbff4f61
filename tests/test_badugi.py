"""Badugi against the plain-Python reference (tests/reference_eval.py)
under Hypothesis, its batch form, and pokerkit's BadugiHand."""

from __future__ import annotations

import pickle

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import holecards as hc
import reference_eval as ref

SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def ref_cards(indices):
    return [ref.from_index(i) for i in indices]


hands = st.permutations(range(52)).map(lambda p: list(p[:4]))


@SETTINGS
@given(hands, hands)
def test_badugi_orders_hands_as_the_reference(a, b):
    ra, rb = hc.evaluate_badugi(a), hc.evaluate_badugi(b)
    ka, kb = ref.badugi(ref_cards(a)), ref.badugi(ref_cards(b))
    assert (ra > rb, ra == rb) == (ka > kb, ka == kb)
    for hand, rank, key in [(a, ra, ka), (b, rb, kb)]:
        played = [int(c) for c in rank.cards]
        assert set(played) <= set(hand) and rank.size == len(played) == key[0]
        assert ref.badugi(ref_cards(played)) == key
        assert pickle.loads(pickle.dumps(rank)) == rank


@SETTINGS
@given(st.lists(hands, min_size=1, max_size=20), st.sampled_from([None, 1, 2]))
def test_badugi_batch_matches_one_hand_at_a_time(rows, threads):
    values = hc.evaluate_badugi_many(np.array(rows, dtype=np.uint8), threads=threads)
    assert values.dtype == np.uint16
    assert values.tolist() == [hc.evaluate_badugi(r).value for r in rows]


def test_worked_badugi_hands_and_errors():
    best = hc.evaluate_badugi("4c 3d 2h As")
    assert best.value == 1092 and best.size == 4
    assert str(best) == "Four-card badugi, four high"
    assert [str(c) for c in best.cards] == ["4c", "3d", "2h", "As"]
    assert hc.evaluate_badugi("8c 5d 3h 2s") > hc.evaluate_badugi("8c 6d 2h As")
    assert hc.evaluate_badugi("Kc Qd Jh Ts") > hc.evaluate_badugi("Ac 2d 3h 3s")
    two = hc.evaluate_badugi("Kc Kd Qc 5c")
    assert two.name == "Two-card badugi, king high" and [str(c) for c in two.cards] == ["Kd", "5c"]
    assert hc.evaluate_badugi("Kc Kd Kh Ks").value == 1
    with pytest.raises(hc.CardError, match="4 cards, not 3"):
        hc.evaluate_badugi("Kc Qc Jc")
    with pytest.raises(hc.DuplicateCardError):
        hc.evaluate_badugi(["Kc", "Kc", "Qc", "Jc"])
    rng = np.random.default_rng(3)
    rows = rng.permuted(np.tile(np.arange(52, dtype=np.uint8), (30_000, 1)), axis=1)[:, :4].copy()
    values = hc.evaluate_badugi_many(rows)
    for i in range(0, 30_000, 1_499):
        assert values[i] == hc.evaluate_badugi(rows[i].tolist()).value
    rows[20_001, 3] = rows[20_001, 0]
    with pytest.raises(hc.DuplicateCardError, match="20001"):
        hc.evaluate_badugi_many(rows)
    with pytest.raises(hc.CardError, match=r"shape \(n, 4\)"):
        hc.evaluate_badugi_many(rows[:, :3])


def test_badugi_compares_as_pokerkit_does():
    pokerkit = pytest.importorskip("pokerkit")
    rng = np.random.default_rng(5)
    rows = rng.permuted(np.tile(np.arange(52, dtype=np.uint8), (3_000, 1)), axis=1)[:, :4]
    ours = hc.evaluate_badugi_many(rows.copy()).astype(int)
    theirs = [
        pokerkit.BadugiHand.from_game(
            pokerkit.Card.parse("".join(str(hc.Card(int(c))) for c in row)), ()
        )
        for row in rows.tolist()
    ]
    for i in range(len(theirs) - 1):
        assert (ours[i] > ours[i + 1]) == (theirs[i] > theirs[i + 1])
        assert (ours[i] == ours[i + 1]) == (theirs[i] == theirs[i + 1])
