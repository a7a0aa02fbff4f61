"""Hand histories: loading and replaying a PHH corpus with holecards (one core
and all cores) beside pokerkit 0.7.7 (``HandHistory.loads`` and playing every
state, on a sample: it is about a thousand times slower), in one run.

    python benches/bench_phh.py [CORPUS_DIR] [--repeats N] [--pokerkit-hands N]

Default corpus: ``../shared/phh/corpus`` (or tests/data/phh without it).
Every hold'em hand (NT, FT) is loaded from its file and replayed to the end,
each action checked; other variants are skipped by both libraries.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

sys.path.insert(0, os.path.dirname(__file__))
import _harness as H  # noqa: E402
import holecards as hc  # noqa: E402


def main() -> None:
    here = Path(__file__).resolve().parent
    default = here.parent.parent / "shared" / "phh" / "corpus"
    if not default.is_dir():
        default = here.parent / "tests" / "data" / "phh"
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("corpus", nargs="?", default=str(default))
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--pokerkit-hands", type=int, default=500)
    args = ap.parse_args()

    files = hc.phh.find_files([args.corpus])
    holdem = [h for h in hc.phh.load_many(files) if h.variant in ("NT", "FT")]
    hold_files = sorted({Path(h.source) for h in holdem})
    n = len(holdem)

    def ours(threads):
        def run():
            hs = hc.phh.load_many(hold_files, threads=threads)
            return hc.phh.replay_all(hs, threads=threads)

        return run

    rows = []
    results = {}
    for label, threads in (("1 thread", 1), (f"{os.cpu_count()} threads", None)):
        t = min(H.best_of(ours(threads), args.repeats, warmup=ours(threads)))
        results[label] = n / t
    parse_only = min(H.best_of(lambda: hc.phh.load_many(hold_files, threads=1), args.repeats))
    # From text already in memory, as pokerkit is timed below: parsing and
    # replaying without the file system (5,000 small files cost more to open
    # and read here than to parse).
    plain = [(Path(h.source).read_text(), h.source) for h in holdem if h.section is None]

    def from_text():
        hs = [hc.phh.loads(t, source=s)[0] for t, s in plain]
        return hc.phh.replay_all(hs, threads=1)

    in_memory = len(plain) / min(H.best_of(from_text, args.repeats, warmup=from_text))
    # The columnar export (three Arrow tables, replays included) over the
    # histories in memory, repeated ten times.
    arrow_rates = {}
    try:
        import pyarrow  # noqa: F401

        many = holdem * 10
        for label, threads in (("1 thread", 1), (f"{os.cpu_count()} threads", None)):
            t = min(H.best_of(lambda t=threads: hc.phh.to_arrow(many, threads=t), args.repeats))
            arrow_rates[label] = len(many) / t
    except ImportError:
        pass
    texts = [Path(h.source).read_text() for h in holdem if h.section is None][: args.pokerkit_hands]
    from pokerkit import HandHistory as PK

    def theirs():
        for text in texts:
            for _state in PK.loads(text):
                pass

    t = min(H.best_of(theirs, max(1, args.repeats // 2)))
    pk = len(texts) / t
    rows.append(
        [
            "holecards",
            "load_many + replay_all (files), 1 thread",
            H.fmt_rate(results["1 thread"]),
            H.ratio(results["1 thread"], pk, ".0f"),
        ]
    )
    label = [k for k in results if k != "1 thread"][0]
    rows.append(
        [
            "holecards",
            f"load_many + replay_all (files), {label}",
            H.fmt_rate(results[label]),
            H.ratio(results[label], pk, ".0f"),
        ]
    )
    rows.append(
        [
            "holecards",
            "loads(text) + replay_all, 1 thread (text in memory)",
            H.fmt_rate(in_memory),
            H.ratio(in_memory, pk, ".0f"),
        ]
    )
    rows.append(
        [
            "holecards",
            "load_many only (files), 1 thread",
            H.fmt_rate(n / parse_only),
            H.ratio(n / parse_only, pk, ".0f"),
        ]
    )
    for label, rate in arrow_rates.items():
        rows.append(
            [
                "holecards",
                f"to_arrow (in memory, three tables), {label}",
                H.fmt_rate(rate),
                H.ratio(rate, pk, ".0f"),
            ]
        )
    rows.append(
        [
            f"pokerkit {H.version('pokerkit')}",
            f"HandHistory.loads(text) + every state ({len(texts)} hands, text in memory)",
            H.fmt_rate(pk),
            "1x",
        ]
    )
    print(H.machine_line(H.machine_info()))
    print(f"{n} hold'em hands in {len(hold_files)} files; best of {args.repeats}")
    print()
    print(H.table(["library", "what", "speed", "vs pokerkit"], rows, right=(2, 3)))


if __name__ == "__main__":
    main()
