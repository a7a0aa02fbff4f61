"""Short-deck evaluation from Python beside the standard evaluator and pokerkit.

Usage: with holecards installed (pokerkit, from the ``test`` extra, is the
optional peer), ``python benches/bench_short_deck.py`` (defaults ``--n
2000000 --peer-n 20000 --seed 20240607 --repeats 5``; ``--json PATH`` also
writes the raw numbers). It deals random seven-card hands of the 36-card
short deck from the fixed seed, then times ``holecards.evaluate_short_deck_many``
and ``holecards.evaluate_many`` on the same arrays (one thread and every
core: the standard ranking of these hands is the speed the short-deck one
is measured against), and a plain Python loop building pokerkit's
``ShortDeckHoldemHand.from_game`` on the first ``--peer-n`` of them (its
cards converted up front, untimed); best of ``--repeats`` after a warm-up,
the garbage collector paused. It also checks that both libraries order
every consecutive pair of the peer's hands the same way.
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


def deal(n: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    deck = np.arange(16, 52, dtype=np.uint8)
    return np.ascontiguousarray(rng.permuted(np.tile(deck, (n, 1)), axis=1)[:, :7])


def main(argv: List[str]) -> int:
    args = peer_parser(
        __doc__,
        [
            ("--n", 2_000_000, "hands for holecards"),
            ("--peer-n", 20_000, "hands for pokerkit's loop"),
            ("--seed", 20240607, "seed of the deal"),
            ("--repeats", 5, "timed samples, best taken"),
        ],
    ).parse_args(argv)
    cards = deal(args.n, args.seed)
    raw: Dict[str, float] = {}

    def run(label: str, f: Any, n: int) -> float:
        rate = n / min(best_of(f, args.repeats, warmup=f))
        raw[label] = rate
        return rate

    measured = [
        (
            "holecards",
            "`evaluate_short_deck_many`, 1 thread",
            run(
                "short_deck_1", lambda: holecards.evaluate_short_deck_many(cards, threads=1), args.n
            ),
        ),
        (
            "holecards",
            "`evaluate_many` (standard ranking), same hands, 1 thread",
            run("standard_1", lambda: holecards.evaluate_many(cards, threads=1), args.n),
        ),
        (
            "holecards",
            "`evaluate_short_deck_many`, every core",
            run("short_deck_all", lambda: holecards.evaluate_short_deck_many(cards), args.n),
        ),
        (
            "holecards",
            "`evaluate_many` (standard ranking), same hands, every core",
            run("standard_all", lambda: holecards.evaluate_many(cards), args.n),
        ),
    ]
    peer = None
    agree = "n/a"
    try:
        from pokerkit import Card as PkCard, ShortDeckHoldemHand
    except ImportError as exc:
        print(f"note: pokerkit is not installed ({exc}); its row is skipped")
    else:
        m = min(args.peer_n, args.n)
        names = ["".join(str(holecards.Card(int(c))) for c in row) for row in cards[:m].tolist()]
        hands = [(list(PkCard.parse(s)), ()) for s in names]

        def loop() -> None:
            for h, b in hands:
                ShortDeckHoldemHand.from_game(h, b)

        peer = run("pokerkit_loop", loop, m)
        theirs = [ShortDeckHoldemHand.from_game(h, b) for h, b in hands]
        ours = holecards.evaluate_short_deck_many(cards[:m]).astype(int)
        same = [
            (ours[i] > ours[i + 1]) == (theirs[i] > theirs[i + 1])
            and (ours[i] == ours[i + 1]) == (theirs[i] == theirs[i + 1])
            for i in range(m - 1)
        ]
        agree = f"{sum(same):,} of {len(same):,}"
        measured.append(("pokerkit", "`ShortDeckHoldemHand.from_game` in a Python loop", peer))
    base = raw["standard_1"]
    rows = [
        [lib, call, fmt_rate(rate), ratio(rate, base), ratio(rate, peer)]
        for lib, call, rate in measured
    ]
    mi = machine_info()
    print(
        f"## Short-deck evaluation from Python: {args.n:,} random 7-card hands of the 36-card"
        f" deck (seed {args.seed}), best of {args.repeats}"
    )
    print()
    print(machine_line(mi))
    print(
        versions_line(
            {"holecards": version("holecards"), "numpy": np.__version__}
            | ({"pokerkit": version("pokerkit")} if peer else {})
        )
    )
    print()
    print(
        table(
            ["library", "call", "hands/s", "vs evaluate_many, 1 thread", "vs pokerkit"],
            rows,
            right=[2, 3, 4],
        )
    )
    print()
    print(f"Same order as pokerkit on consecutive pairs of its hands: {agree}")
    if args.json:
        write_json(args.json, {"machine": mi, "rates": raw, "agree": agree})
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
