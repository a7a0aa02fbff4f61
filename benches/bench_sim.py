"""Simulation speed from Python: six-player no-limit hands (blinds 50/100,
stacks 10,000) between the built-in random bots, on one thread, on every
core, and as Ray tasks on a local Ray cluster on this machine (the same
chunks, so the same result: checked here), plus the tight-aggressive bots
and one Python bot for scale.

    python benches/bench_sim.py [--hands N] [--repeats N]
"""

from __future__ import annotations

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import holecards  # noqa: E402
from _harness import best_of, machine_info, machine_line, table, version, versions_line  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--hands", type=int, default=1_000_000)
    ap.add_argument("--repeats", type=int, default=3)
    a = ap.parse_args()
    rules = holecards.Rules.no_limit(small_blind=50, big_blind=100)
    random6 = ["random"] * 6
    rows = []

    def run(label: str, bots: list, hands: int, **kw: object) -> holecards.sim.SimulationResult:
        result: list = []
        times = best_of(
            lambda: result.append(
                holecards.simulate(bots, hands=hands, rules=rules, stacks=10_000, seed=1, **kw)
            ),
            a.repeats,
        )
        rows.append(
            [label, f"{hands:,}", f"{min(times):.3f} s", f"{hands / min(times) / 1e6:.2f} M/s"]
        )
        return result[-1]

    one = run("random bots, 1 thread", random6, a.hands, threads=1)
    every = run(f"random bots, all cores ({os.cpu_count()})", random6, a.hands)
    assert every == one
    try:
        import ray

        ray.init(
            num_cpus=os.cpu_count(),
            include_dashboard=False,
            log_to_driver=False,
            configure_logging=False,
        )
        # The first call starts the workers: timed separately.
        import time

        t0 = time.perf_counter()
        holecards.simulate(random6, hands=20_000, rules=rules, stacks=10_000, seed=2, ray=True)
        rows.append(
            [
                "Ray: the first call (starts the workers)",
                "20,000",
                f"{time.perf_counter() - t0:.3f} s",
                "",
            ]
        )
        r = run(
            f"random bots, Ray tasks on a local cluster ({os.cpu_count()} CPUs)",
            random6,
            a.hands,
            ray=True,
        )
        assert r.seats == one.seats, "Ray gives the one-machine result"
        ray.shutdown()
        ray_note = f"Ray {version('ray')}: the same result as without Ray, checked"
    except ImportError:
        ray_note = "Ray not installed: no Ray row"
    run("tight-aggressive bots, 1 thread", ["tight_aggressive"] * 6, a.hands // 10, threads=1)
    run(
        "one Python bot (always calls) + 5 random, Python loop",
        [lambda view: ("call", 0)] + ["random"] * 5,
        20_000,
    )
    mi = machine_info()
    print(machine_line(mi))
    print(versions_line({"holecards": version("holecards")}) + "; " + ray_note)
    print()
    print(table(["run", "hands", "best time", "hands/s"], rows, right=(1, 2, 3)))


if __name__ == "__main__":
    main()
