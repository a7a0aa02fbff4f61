"""Equity from Python: holecards beside eval7 0.1.11 in one run.

    python benches/bench_equity.py [--repeats N] [--mc-trials N]

Exact spots (eval7 has no exact preflop enumeration: its row is a Python
loop over ``eval7.evaluate`` on a 1/50 sample of the boards, scaled up):
heads-up preflop, the same with one dead card, three players preflop, a
hand against a range on the flop. Monte Carlo: heads-up preflop deals per
second on one core against ``eval7.py_hand_vs_range_monte_carlo``, and a
hand against a range on random river spots against eval7's exact
``py_hand_vs_range_exact``. Every holecards row runs on one thread unless
it says otherwise.
"""

from __future__ import annotations

import argparse
import itertools
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(__file__))
import _harness as H  # noqa: E402
import holecards as hc  # noqa: E402


def best(run, repeats):  # type: ignore[no-untyped-def]
    return min(H.best_of(run, repeats, warmup=run))


def eval7_preflop_loop(h1: str, h2: str, dead: str, sample: int) -> float:
    """Seconds for a Python loop over eval7 on every ``sample``-th board,
    scaled to all boards."""
    import eval7

    a = [eval7.Card(h1[:2]), eval7.Card(h1[2:])]
    b = [eval7.Card(h2[:2]), eval7.Card(h2[2:])]
    used = {h1[:2], h1[2:], h2[:2], h2[2:]} | ({dead} if dead else set())
    deck = [eval7.Card(r + s) for r in "23456789TJQKA" for s in "cdhs" if r + s not in used]
    boards = list(itertools.combinations(deck, 5))[::sample]
    t = time.perf_counter()
    w = 0
    for board in boards:
        x = eval7.evaluate(a + list(board))
        y = eval7.evaluate(b + list(board))
        w += (x > y) - (y > x)
    return (time.perf_counter() - t) * sample


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeats", type=int, default=7)
    ap.add_argument("--mc-trials", type=int, default=4_000_000)
    args = ap.parse_args()
    import eval7

    rows = []

    def exact_time(players: list, board: str = "", dead: str = "", threads: int = 1) -> tuple:
        r = hc.equity(players, board, dead, threads=threads)
        return r, best(lambda: hc.equity(players, board, dead, threads=threads), args.repeats)

    # holecards first, the Python loops over eval7 after: building a list of
    # 1.7 million boards and freeing it slows a native call made in the next
    # seconds by a quarter or more on this machine (the kernel's memory work).
    cores = os.cpu_count() or 1
    spots_exact = [
        ("AhKh vs QsQd preflop, exact", (["AhKh", "QsQd"], "", "", 1), ""),
        ("AhKh vs QsQd preflop, exact, all cores", (["AhKh", "QsQd"], "", "", cores), None),
        ("the same, 2c dead (1,533,939 boards)", (["AhKh", "QsQd"], "", "2c", 1), "2c"),
        ("AhKh vs QsQd vs Jc9c preflop, exact", (["AhKh", "QsQd", "Jc9c"], "", "", 1), None),
        ("AhKh vs TT+,AQs+ on 2c7d9h, exact", (["AhKh", "TT+,AQs+"], "2c7d9h", "", 1), None),
        ("AhKh vs random preflop, exact, all cores", (["AhKh", "random"], "", "", cores), None),
    ]
    timed = [(label, exact_time(*a), dead) for label, a, dead in spots_exact]

    # Monte Carlo, heads-up preflop, one core.
    n = args.mc_trials
    t_hc = best(
        lambda: hc.equity(["AhKh", "QsQd"], trials=n, seed=1, threads=1), max(1, args.repeats // 2)
    )
    a = [eval7.Card("Ah"), eval7.Card("Kh")]
    rng = eval7.HandRange("QsQd")
    m = n // 4
    t_e7 = (
        best(lambda: eval7.py_hand_vs_range_monte_carlo(a, rng, [], m), max(1, args.repeats // 2))
        * 4
    )
    mc_rate = n / t_hc
    e7_rate = n / t_e7
    rows.append(
        [
            "holecards",
            "Monte Carlo AhKh vs QsQd preflop, 1 thread",
            f"{mc_rate / 1e6:.1f} M deals/s",
            f"{n:,}",
            H.ratio(mc_rate, e7_rate),
            f"{2 * mc_rate / 1e6:.0f} M hands evaluated/s",
        ]
    )
    t_all = best(lambda: hc.equity(["AhKh", "QsQd"], trials=n, seed=1), max(1, args.repeats // 2))
    rows.append(
        [
            "holecards",
            f"the same, {os.cpu_count()} threads",
            f"{n / t_all / 1e6:.1f} M deals/s",
            f"{n:,}",
            H.ratio(n / t_all, e7_rate),
            "",
        ]
    )
    rows.append(
        [
            "eval7 0.1.11",
            "py_hand_vs_range_monte_carlo AhKh vs QsQd preflop",
            f"{e7_rate / 1e6:.1f} M deals/s",
            f"{m:,}",
            "1x",
            "",
        ]
    )
    rows.append(
        [
            "holecards",
            "Monte Carlo AhKh vs random random (3 players), 1 thread",
            f"{n / best(lambda: hc.equity(['AhKh', 'random', 'random'], trials=n, seed=1, threads=1), 2) / 1e6:.1f} M deals/s",
            f"{n:,}",
            "",
            "ranges sampled by weight",
        ]
    )

    # Hand against a range on random river spots: both exact.
    r = random.Random(3)
    deck = [c + s for c in "23456789TJQKA" for s in "cdhs"]
    spots = []
    while len(spots) < 200:
        cards = r.sample(deck, 7)
        hero, board = cards[:2], cards[2:]
        spots.append(("".join(hero), "".join(board)))
    rng_text = "TT+,AQs+,KQs,AJo+"
    e7_range = eval7.HandRange("TT+, AQs+, KQs, AJo+")
    # Both ranges parsed once, outside the timing. Default threads: this
    # path has no parallel part, it runs on the calling thread (threads=1
    # would hand each call to a one-thread pool, about 20 us of wake-up).
    hc_range = hc.Range(rng_text)
    t_hc = best(lambda: [hc.equity([h, hc_range], b) for h, b in spots], args.repeats)
    t_e7 = best(
        lambda: [
            eval7.py_hand_vs_range_exact(
                [eval7.Card(h[:2]), eval7.Card(h[2:])],
                e7_range,
                [eval7.Card(b[i : i + 2]) for i in range(0, 10, 2)],
            )
            for h, b in spots
        ],
        args.repeats,
    )
    rows.append(
        [
            "holecards",
            f"hand vs {rng_text} on the river, exact (200 spots, calling thread)",
            f"{t_hc / 200 * 1e6:.1f} µs/spot",
            "",
            H.ratio(t_e7, t_hc),
            "",
        ]
    )
    rows.append(
        [
            "eval7 0.1.11",
            "py_hand_vs_range_exact, same spots",
            f"{t_e7 / 200 * 1e6:.1f} µs/spot",
            "",
            "1x",
            "",
        ]
    )

    # Last, the Python loops over eval7 (see above), and the exact rows first in the table.
    loops = {
        dead: eval7_preflop_loop("AhKh", "QsQd", dead, 50)
        for _, _, dead in timed
        if dead is not None
    }
    exact_rows = []
    for label, (r, t), dead in timed:
        peer_s = loops.get(dead, 0.0) if dead is not None else 0.0
        exact_rows.append(
            [
                "holecards",
                label,
                f"{t * 1e3:.2f} ms",
                f"{r.boards:,}",
                H.ratio(peer_s, t, ".0f") if peer_s else "",
                "eval7 Python loop" if peer_s else "",
            ]
        )
    exact_rows.append(
        [
            "eval7 0.1.11",
            "AhKh vs QsQd preflop: Python loop over evaluate (1/50 of boards, scaled)",
            f"{loops[''] * 1e3:.0f} ms",
            "1,712,304",
            "",
            "",
        ]
    )
    rows = exact_rows + rows

    print(H.machine_line(H.machine_info()))
    print(f"holecards {H.version('holecards')}, eval7 {H.version('eval7')}; best of {args.repeats}")
    print()
    print(
        H.table(
            ["library", "what", "time / speed", "deals", "vs eval7", "note"], rows, right=(2, 3, 4)
        )
    )


if __name__ == "__main__":
    main()
