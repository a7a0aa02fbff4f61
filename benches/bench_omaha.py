"""Omaha hand evaluation from Python: holecards' batch against phevaluator.

Usage: with holecards installed and ``phevaluator==0.6.0`` (the ``bench``
extra pins it), ``python benches/bench_omaha.py`` (defaults ``--n 1000000
--peer-n 50000 --seed 20240607 --repeats 5``; ``--json PATH`` also writes the
raw numbers). It deals random Omaha hands (four hole cards and a five-card
board, all distinct) from the fixed seed, then times
``holecards.evaluate_omaha_many`` on the whole arrays (the high hand, one
thread and every core; the eight-or-better low, one thread) and a plain
Python loop calling phevaluator's ``evaluate_omaha_cards`` once per hand on
the first ``--peer-n`` of them, twice: with the cards as phevaluator's
ints and as card names ("Ah"), the form its documentation shows (either
converted up front, untimed); best of ``--repeats`` after a warm-up, the
garbage collector paused.
It also checks that both order every consecutive pair of the peer's hands
the same way (phevaluator's smaller number is the better hand).
"""

from __future__ import annotations

import sys
from typing import Any, Dict, List

import numpy as np

import holecards

# benches/ is on sys.path when this runs as a script
from _harness import (
    best_of,
    fmt_rate,
    machine_info,
    machine_line,
    peer_parser,
    ratio,
    table,
    version,
    versions_line,
    write_json,
)


def deal(n: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    cards = rng.permuted(np.tile(np.arange(52, dtype=np.uint8), (n, 1)), axis=1)[:, :9]
    return np.ascontiguousarray(cards[:, :4]), np.ascontiguousarray(cards[:, 4:])


def main(argv: List[str]) -> int:
    args = peer_parser(
        __doc__,
        [
            ("--n", 1_000_000, "hands for holecards"),
            ("--peer-n", 50_000, "hands for phevaluator's loop"),
            ("--seed", 20240607, "seed of the deal"),
            ("--repeats", 5, "timed samples, best taken"),
        ],
    ).parse_args(argv)
    hole, board = deal(args.n, args.seed)
    rows: List[List[Any]] = []
    raw: Dict[str, float] = {}

    def run(label: str, f: Any, n: int) -> float:
        rate = n / min(best_of(f, args.repeats, warmup=f))
        raw[label] = rate
        return rate

    one = run("high_1", lambda: holecards.evaluate_omaha_many(hole, board, threads=1), args.n)
    every = run("high_all", lambda: holecards.evaluate_omaha_many(hole, board), args.n)
    low = run(
        "low_1", lambda: holecards.evaluate_omaha_many(hole, board, low=True, threads=1), args.n
    )
    peer = peer_names = None
    agree = "n/a"
    try:
        from phevaluator import evaluate_omaha_cards
    except ImportError as exc:
        print(f"note: phevaluator is not installed ({exc}); its row is skipped")
    else:
        m = min(args.peer_n, args.n)
        pairs = list(zip(board[:m].tolist(), hole[:m].tolist()))

        def loop() -> None:
            for b, h in pairs:
                evaluate_omaha_cards(*b, *h)

        peer = run("phevaluator_loop", loop, m)
        names = [
            ([str(holecards.Card(c)) for c in b], [str(holecards.Card(c)) for c in h])
            for b, h in pairs
        ]

        def loop_names() -> None:
            for b, h in names:
                evaluate_omaha_cards(*b, *h)

        peer_names = run("phevaluator_loop_names", loop_names, m)
        theirs = np.array([evaluate_omaha_cards(*b, *h) for b, h in pairs])
        ours = holecards.evaluate_omaha_many(hole[:m], board[:m]).astype(int)
        same = np.sign(np.diff(ours)) == -np.sign(np.diff(theirs))
        agree = f"{int(same.sum()):,} of {len(same):,}"
    measured = [
        ("holecards", "`evaluate_omaha_many`, high, 1 thread", one),
        ("holecards", "`evaluate_omaha_many`, high, every core", every),
        ("holecards", "`evaluate_omaha_many(low=True)`, 1 thread", low),
    ]
    if peer is not None:
        measured.append(("phevaluator", "`evaluate_omaha_cards` in a Python loop, ints", peer))
    if peer_names is not None:
        measured.append(
            ("phevaluator", "`evaluate_omaha_cards` in a Python loop, card names", peer_names)
        )
    for lib, call, rate in measured:
        rows.append([lib, call, fmt_rate(rate), ratio(rate, peer), ratio(rate, peer_names)])
    mi = machine_info()
    print(
        f"## Omaha evaluation from Python: {args.n:,} random hands (4 hole cards, 5 on the"
        f" board; seed {args.seed}), best of {args.repeats}"
    )
    print()
    print(machine_line(mi))
    print(
        versions_line(
            {"holecards": version("holecards"), "numpy": np.__version__}
            | ({"phevaluator": version("phevaluator")} if peer else {})
        )
    )
    print()
    print(
        table(
            ["library", "call", "hands/s", "vs phevaluator, ints", "vs phevaluator, names"],
            rows,
            right=[2, 3, 4],
        )
    )
    print()
    print(f"Same order as phevaluator on consecutive pairs of its hands: {agree}")
    if args.json:
        write_json(args.json, {"machine": mi, "rates": raw, "agree": agree})
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
