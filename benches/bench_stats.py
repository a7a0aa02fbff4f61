"""Tracker statistics over a PHH corpus: ``holecards.stats`` on every
hold'em hand of ``../shared/phh/corpus`` (or ``tests/data/phh``), the
corpus repeated ``--copies`` times in memory.

``python benches/bench_stats.py [CORPUS_DIR] [--copies 20] [--repeats 3]``:
prints hands a second, the time a million hands would take at that rate,
and how many hands were all-in adjusted (each an exact equity enumeration).
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path
from typing import Optional, Sequence

# benches/ is on sys.path when this runs as a script
from _harness import best_of

ROOT = Path(__file__).resolve().parent.parent


def main(argv: Optional[Sequence[str]] = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    shared = ROOT.parent / "shared" / "phh" / "corpus"
    ap.add_argument(
        "corpus",
        nargs="?",
        type=Path,
        default=shared if shared.exists() else ROOT / "tests" / "data" / "phh",
    )
    ap.add_argument("--copies", type=int, default=20)
    ap.add_argument("--repeats", type=int, default=3)
    args = ap.parse_args(argv)

    import holecards as hc

    hands = [h for h in hc.phh.load_many(args.corpus) if h.variant in ("NT", "FT", "PT")]
    corpus = hands * args.copies
    best = min(best_of(lambda: hc.stats(corpus), args.repeats))
    report = hc.stats(corpus)
    adjusted = sum(p.allin_adjusted_hands for p in report.players.values())
    rate = len(corpus) / best
    print(
        f"{len(corpus):,} hold'em hands ({len(hands):,} of {args.corpus}, x{args.copies}), "
        f"{os.cpu_count()} cores: {best:.2f} s, {rate:,.0f} hands/s; "
        f"a million hands in {1e6 / rate:.1f} s; {adjusted:,} player-hands all-in adjusted"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
