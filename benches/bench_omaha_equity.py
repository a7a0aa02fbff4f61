"""Omaha equity from Python: holecards beside pokerkit and a phevaluator loop.

Usage: with holecards installed (pokerkit from the ``test`` extra and
``phevaluator==0.6.0`` from the ``bench`` extra are the optional peers),
``python benches/bench_omaha_equity.py`` (defaults ``--repeats 3
--mc-trials 4000000 --peer-trials 20000 --seed 20240607``; ``--json PATH``
also writes the raw numbers). Heads-up spots, preflop:

* exact equity over every board: AsAhKsKh against 9c8c7d6d (pot-limit
  Omaha, 1,086,008 boards) and AsAhKsKhQd against 9c8c7d6d5h (five-card
  Omaha, 850,668 boards), one thread and every core;
* seeded Monte Carlo on the four-card spot, deals (showdowns) a second on
  one thread and every core;
* pokerkit's ``calculate_equities`` (Monte Carlo, one thread, its
  ``OmahaHoldemHand``) on ``--peer-trials`` deals;
* a Python loop dealing random boards with ``random.sample`` and calling
  phevaluator's ``evaluate_omaha_cards`` (ints) for both hands, on
  ``--peer-trials`` deals.

Each answer is printed beside the exact one. Best of ``--repeats`` after a
warm-up, the garbage collector paused.
"""

from __future__ import annotations

import random
import sys
from typing import Any, Dict, List, Optional

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

SPOT4 = ("AsAhKsKh", "9c8c7d6d")
SPOT5 = ("AsAhKsKhQd", "9c8c7d6d5h")


def main(argv: List[str]) -> int:
    args = peer_parser(
        __doc__,
        [
            ("--repeats", 3, "timed samples, best taken"),
            ("--mc-trials", 4_000_000, "holecards' Monte Carlo deals"),
            ("--peer-trials", 20_000, "the peers' Monte Carlo deals"),
            ("--seed", 20240607, "seed of the Monte Carlo deals"),
        ],
    ).parse_args(argv)
    raw: Dict[str, float] = {}
    answers: Dict[str, float] = {}
    rows: List[List[Any]] = []

    def timed(label: str, f: Any) -> float:
        seconds = min(best_of(f, args.repeats, warmup=f))
        raw[label] = seconds
        return seconds

    exact4 = holecards.game_equity("omaha", list(SPOT4), threads=1)
    exact5 = holecards.game_equity("omaha5", list(SPOT5), threads=1)
    answers["exact4"] = exact4.equities[0]
    answers["exact5"] = exact5.equities[0]
    for game, spot, result, key in [("omaha", SPOT4, exact4, "4"), ("omaha5", SPOT5, exact5, "5")]:
        for threads, where in [(1, "1 thread"), (None, "every core")]:

            def run_exact(
                game: str = game, spot: tuple[str, str] = spot, threads: Optional[int] = threads
            ) -> None:
                holecards.game_equity(game, list(spot), threads=threads)

            s = timed(f"exact{key}_{where}", run_exact)
            rows.append(
                [
                    "holecards",
                    f"{spot[0]} vs {spot[1]}, exact ({result.deals:,} boards), {where}",
                    f"{s * 1000:.1f} ms",
                    f"{result.equities[0]:.4f}",
                    "",
                ]
            )
    mc: Dict[str, float] = {}
    for threads, where in [(1, "1 thread"), (None, "every core")]:

        def run_mc(threads: Optional[int] = threads) -> None:
            holecards.game_equity(
                "omaha", list(SPOT4), trials=args.mc_trials, seed=args.seed, threads=threads
            )

        s = timed(f"mc_{where}", run_mc)
        mc[where] = args.mc_trials / s
        r = holecards.game_equity(
            "omaha", list(SPOT4), trials=args.mc_trials, seed=args.seed, threads=threads
        )
        rows.append(
            [
                "holecards",
                f"{SPOT4[0]} vs {SPOT4[1]}, Monte Carlo, {where}",
                f"{fmt_rate(mc[where])} deals",
                f"{r.equities[0]:.4f}",
                "",
            ]
        )
    peers: Dict[str, float] = {}
    try:
        from pokerkit import Card as PkCard, Deck, OmahaHoldemHand, calculate_equities
    except ImportError as exc:
        print(f"note: pokerkit is not installed ({exc}); its row is skipped")
    else:
        ranges = [[list(PkCard.parse(h))] for h in SPOT4]
        out: List[float] = []

        def pokerkit_mc() -> None:
            out[:] = calculate_equities(
                ranges, (), 4, 5, Deck.STANDARD, (OmahaHoldemHand,), sample_count=args.peer_trials
            )

        s = timed("pokerkit_mc", pokerkit_mc)
        peers["pokerkit"] = args.peer_trials / s
        rows.append(
            [
                f"pokerkit {version('pokerkit')}",
                f"`calculate_equities`, Monte Carlo, 1 thread ({args.peer_trials:,} deals)",
                f"{fmt_rate(peers['pokerkit'])} deals",
                f"{out[0]:.4f}",
                "",
            ]
        )
    try:
        from phevaluator import evaluate_omaha_cards
    except ImportError as exc:
        print(f"note: phevaluator is not installed ({exc}); its row is skipped")
    else:
        hole = [[int(holecards.Card(h[i : i + 2])) for i in range(0, 8, 2)] for h in SPOT4]
        rest = [c for c in range(52) if c not in hole[0] + hole[1]]
        win = [0.0]

        def phe_loop() -> None:
            rng = random.Random(args.seed)
            total = 0.0
            a, b = hole
            for _ in range(args.peer_trials):
                board = rng.sample(rest, 5)
                x = evaluate_omaha_cards(*board, *a)
                y = evaluate_omaha_cards(*board, *b)
                total += 1.0 if x < y else 0.5 if x == y else 0.0
            win[0] = total / args.peer_trials

        s = timed("phevaluator_loop", phe_loop)
        peers["phevaluator"] = args.peer_trials / s
        rows.append(
            [
                f"phevaluator {version('phevaluator')}",
                f"`evaluate_omaha_cards` in a Python Monte Carlo loop ({args.peer_trials:,} deals)",
                f"{fmt_rate(peers['phevaluator'])} deals",
                f"{win[0]:.4f}",
                "",
            ]
        )
    for row in rows:
        if "Monte Carlo" in row[1] and row[0] == "holecards":
            rate = mc["1 thread" if "1 thread" in row[1] else "every core"]
            row[4] = " / ".join(f"{ratio(rate, p)} {name}" for name, p in peers.items())
    mi = machine_info()
    print("## Omaha equity from Python, heads-up preflop")
    print()
    print(machine_line(mi))
    print(versions_line({"holecards": version("holecards")}))
    print()
    print(
        table(
            ["library", "what", "time / speed", "equity of the first hand", "vs peers"],
            rows,
            right=[2, 3],
        )
    )
    if args.json:
        write_json(args.json, {"machine": mi, "seconds": raw, "rates": peers, "answers": answers})
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
