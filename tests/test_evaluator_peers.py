"""holecards' evaluator against the peers that benches/bench_eval_peers.py
times (eval7, phevaluator, treys; the ``bench`` extra pins them): on random
7-card hands every peer orders pairs of hands as holecards does, and for the
two Cactus-Kev-scale peers (1 = royal flush, lower is better) ``7463 -
value`` is holecards' value exactly. The bench only measures; a peer that is
not installed is skipped.
"""

from __future__ import annotations

import random
from typing import Any, Callable, List

import pytest

import holecards

RANKS = "23456789TJQKA"
SUITS = "cdhs"
CARD_STR = [RANKS[i // 4] + SUITS[i % 4] for i in range(52)]  # index = rank * 4 + suit

HANDS = 3000
PAIRS = 2000


def _hands(seed: int = 20240607) -> List[List[int]]:
    rng = random.Random(seed)
    return [rng.sample(range(52), 7) for _ in range(HANDS)]


def _scorer(name: str) -> Callable[[List[int]], int]:
    """The peer's score of a hand of card indices (eval7: higher is better;
    phevaluator and treys: lower is better)."""
    peer: Any = pytest.importorskip(name)
    if name == "eval7":
        cards = [peer.Card(s) for s in CARD_STR]
        return lambda h: peer.evaluate([cards[c] for c in h])
    if name == "phevaluator":
        # phevaluator's card id is also rank * 4 + suit with suits c, d, h, s
        return lambda h: peer.evaluate_cards(*h)
    cards = [peer.Card.new(s) for s in CARD_STR]
    ev = peer.Evaluator()
    # treys 0.1.8: Evaluator.evaluate(hand, board), two hole cards and a board
    return lambda h: ev.evaluate([cards[c] for c in h[:2]], [cards[c] for c in h[2:]])


def _sign(x: int) -> int:
    return (x > 0) - (x < 0)


@pytest.mark.parametrize("name", ["eval7", "phevaluator", "treys"])
def test_peers_order_hands_as_holecards_does(name: str) -> None:
    score = _scorer(name)
    higher_better = name == "eval7"
    hands = _hands()
    ours = [holecards.evaluate(h).value for h in hands]
    theirs = [score(h) for h in hands]
    rng = random.Random(1)
    disagree = []
    for _ in range(PAIRS):
        a, b = rng.randrange(HANDS), rng.randrange(HANDS)
        want = _sign(ours[a] - ours[b])
        got = _sign(theirs[a] - theirs[b]) * (1 if higher_better else -1)
        if want != got:
            disagree.append(
                (" ".join(CARD_STR[c] for c in hands[a]), " ".join(CARD_STR[c] for c in hands[b]))
            )
    assert not disagree, (
        f"{name} orders {len(disagree)} of {PAIRS} pairs otherwise, e.g. {disagree[0]}"
    )
    if not higher_better:
        # the same scale, upside down: 1 (royal flush) .. 7462 (seven high)
        assert [7463 - v for v in theirs] == ours


def test_phevaluator_omaha_is_holecards_omaha_high() -> None:
    """On random Omaha hands of four hole cards and a five-card board (the
    hands phevaluator's evaluate_omaha_cards takes, board first), its number
    is exactly ``7463 -`` holecards' Omaha high value, one hand at a time and
    in the batch."""
    peer: Any = pytest.importorskip("phevaluator")
    rng = random.Random(20240608)
    deals = [rng.sample(range(52), 9) for _ in range(HANDS)]
    import numpy as np

    hole = np.array([d[:4] for d in deals], dtype=np.uint8)
    board = np.array([d[4:] for d in deals], dtype=np.uint8)
    batch = holecards.evaluate_omaha_many(hole, board).tolist()
    for d, value in zip(deals, batch):
        theirs = peer.evaluate_omaha_cards(*d[4:], *d[:4])
        assert 7463 - theirs == value == holecards.evaluate_omaha(d[:4], d[4:]).value, d
