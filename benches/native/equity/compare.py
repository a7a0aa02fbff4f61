#!/usr/bin/env python3
"""Reads the SPOT lines of omp_equity (OMPEval) and hc_equity (holecards),
one file per round each, checks that they agree, prints one table. Every
run of every round is pooled: best = the fastest run, median = the median
run. Exit status 1 if a check fails.

    compare.py --omp OMP_OUTPUT... --hc HC_OUTPUT...
"""

import math
import sys

DESCRIPTIONS = {
    "hu-preflop": "(a) AhKh vs QsQd, preflop, exact",
    "hu-dead-2c": "(b) AhKh vs QsQd, 2c dead, exact",
    "3way-preflop": "(c) AhKh vs QsQd vs Jc9c, preflop, exact",
    "hu-mc": "(d) AhKh vs QsQd, preflop, Monte Carlo",
    "range-flop": "(e) AhKh vs TT+,AQs+, flop 2c7d9h, exact",
}
# The exact spot whose equities the Monte Carlo spot estimates.
MC_REFERENCE = {"hu-mc": "hu-preflop"}
EXACT_TOL = 1e-6
MC_SIGMAS = 5.0


def median(xs):
    xs = sorted(xs)
    k = len(xs)
    return xs[k // 2] if k % 2 else (xs[k // 2 - 1] + xs[k // 2]) / 2


def load(paths):
    """Pools the rounds: per spot, every run's time and every round's answer."""
    spots = {}
    for path in paths:
        for line in open(path):
            f = line.rstrip("\n").split("\t")
            if len(f) != 10 or f[0] != "SPOT":
                continue
            s = spots.setdefault(f[1], {"kind": f[2], "times": [], "answers": []})
            s["times"] += [float(x) for x in f[9].split(",")]
            s["answers"].append(
                (int(f[6]), None if f[7] == "-" else int(f[7]), [float(x) for x in f[8].split(",")])
            )
    for s in spots.values():
        s["best"], s["median"], s["runs"] = min(s["times"]), median(s["times"]), len(s["times"])
        s["deals"], s["evals"], s["eq"] = s["answers"][-1]
    return spots


def fmt_time(s):
    return f"{s * 1e3:.3f} ms"


def main():
    args = sys.argv[1:]
    if len(args) < 4 or args[0] != "--omp" or "--hc" not in args:
        sys.exit("usage: compare.py --omp OMP_OUTPUT... --hc HC_OUTPUT...")
    k = args.index("--hc")
    omp, hc = load(args[1:k]), load(args[k + 1 :])
    ids = [i for i in DESCRIPTIONS if i in omp and i in hc]
    missing = [i for i in DESCRIPTIONS if i not in ids]
    ok = not missing
    rows = []
    notes = []
    for i in ids:
        o, h = omp[i], hc[i]
        n = len(h["eq"])
        if len(o["eq"]) != n:
            ok = False
            notes.append(f"{i}: {len(o['eq'])} players in OMPEval's answer, {n} in holecards'")
            continue
        if o["kind"] == "exact":
            ref = h["answers"][0]
            diff = max(
                abs(a - b)
                for who in (o, h)
                for (_, _, eq) in who["answers"]
                for a, b in zip(eq, ref[2])
            )
            same_deals = all(d == ref[0] for who in (o, h) for (d, _, _) in who["answers"])
            good = diff <= EXACT_TOL and same_deals
            check = f"max |diff| {diff:.1e}, deals {'equal' if same_deals else 'DIFFER'}"
            omp_cell = f"{fmt_time(o['best'])} ({fmt_time(o['median'])})"
            hc_cell = f"{fmt_time(h['best'])} ({fmt_time(h['median'])})"
            ratio = h["best"] / o["best"]
            rows.append((i, omp_cell, hc_cell, f"{ratio:.2f}", check + ("" if good else "  FAIL")))
            notes.append(
                f"{i}: {o['deals']} deals (boards, weighted); equities {', '.join(f'{x:.9f}' for x in h['eq'])}"
                + (
                    f"; OMPEval evaluated {o['evals']} showdowns (one per leaf of its enumeration, a leaf counting for several boards)"
                    if o["evals"] is not None
                    else ""
                )
            )
        else:
            ref = MC_REFERENCE.get(i)
            exact = hc.get(ref, {}).get("eq") if ref else None
            worst = 0.0
            if exact:
                for who in (o, h):
                    for deals, _, eq in who["answers"]:
                        for a, p in zip(eq, exact):
                            se = math.sqrt(max(p * (1 - p), 1e-12) / deals)
                            worst = max(worst, abs(a - p) / se)
            good = exact is not None and worst <= MC_SIGMAS
            od, hd = o["deals"] / o["best"], h["deals"] / h["best"]
            odm, hdm = o["deals"] / o["median"], h["deals"] / h["median"]
            omp_cell = f"{od / 1e6:.1f} M deals/s ({odm / 1e6:.1f}); {n * od / 1e6:.1f} M evals/s"
            hc_cell = f"{hd / 1e6:.1f} M deals/s ({hdm / 1e6:.1f}); {n * hd / 1e6:.1f} M evals/s"
            ratio = od / hd  # = hc time per deal / OMPEval time per deal
            check = f"both within {worst:.1f} sigma of (a)" if exact else "no exact reference"
            rows.append((i, omp_cell, hc_cell, f"{ratio:.2f}", check + ("" if good else "  FAIL")))
            notes.append(
                f"{i}: a run is OMPEval {o['deals']} deals (its Results::hands), best {o['best']:.3f} s, "
                f"holecards {h['deals']} deals, best {h['best']:.3f} s; equity of player 1 by round: "
                f"OMPEval {', '.join(f'{eq[0]:.6f}' for _, _, eq in o['answers'])}; "
                f"holecards {', '.join(f'{eq[0]:.6f}' for _, _, eq in h['answers'])} (the same seed every round)"
            )
        ok = ok and good
    head = ("spot", "OMPEval best (median)", "holecards best (median)", "hc/OMP", "check")
    widths = [max(len(r[k]) for r in rows + [head]) for k in range(len(head))]

    def line(r):
        return " | ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip()

    print(line(head))
    print("-+-".join("-" * w for w in widths))
    for r in rows:
        print(line(r))
    print()
    runs = sorted({f"{omp[i]['runs']}/{hc[i]['runs']}" for i in ids})
    print(
        f"best (median) over every timed run of every round (runs per spot, OMPEval/holecards: {', '.join(runs)})"
    )
    print(
        "hc/OMP: holecards' best time / OMPEval's best time (Monte Carlo: per deal); above 1, holecards is slower."
    )
    print("evals/s: deals/s times players (one 7-card evaluation per player per deal).")
    for i in ids:
        print(f"  {DESCRIPTIONS[i]}")
    print("details:")
    for n_ in notes:
        print(f"  {n_}")
    if missing:
        print(f"MISSING spots: {', '.join(missing)}")
    print("check: " + ("every spot agrees" if ok else "FAILED"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
