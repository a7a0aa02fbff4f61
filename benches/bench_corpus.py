"""Site hand histories at corpus scale: many files converted on one core
and on every core, and a corpus written as a Parquet dataset, on this
machine and (``--ray``) by a local Ray cluster.

``python benches/bench_corpus.py [--files 200] [--copies 5] [--repeats 3]
[--ray] [--json PATH]``: the PokerStars no-limit hold'em hands of the test
files (those ``bench_sites.py`` converts), repeated ``--copies`` times in
each of ``--files`` files in a temporary folder. Rows:
``phh.from_site_each(folder, threads=1)`` and ``threads=None`` (every
hand parsed, converted, replayed and checked; best of ``--repeats``), then
``phh.write_dataset(folder, out)`` (conversion, the three Arrow tables and
their Parquet files; one run) and with ``--ray`` ``write_dataset(...,
ray=True)`` on a local Ray cluster of every core (one run, Ray's start
included). Rates are converted hands a second.
"""

from __future__ import annotations

import os
import shutil
import tempfile
import time
from pathlib import Path
from typing import Any, Dict, List, Optional, Sequence

# benches/ is on sys.path when this runs as a script
from _harness import best_of, fmt_rate, machine_info, machine_line, peer_parser, table, write_json


def main(argv: Optional[Sequence[str]] = None) -> int:
    args = peer_parser(
        __doc__,
        [
            ("--files", 200, "files in the corpus"),
            ("--copies", 5, "copies of the test hands in each file"),
            ("--repeats", 3, "runs of the conversion rows; the best is kept"),
        ],
    )
    args.add_argument("--ray", action="store_true", help="also write the dataset with Ray Data")
    opts = args.parse_args(argv)

    import bench_sites
    import holecards as hc

    both = [h for h in bench_sites.hands() if len(hc.phh.from_site(h).hands) == 1]
    text = ("\n\n\n".join(both) + "\n") * opts.copies
    rows: List[Dict[str, Any]] = []
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "corpus"
        folder.mkdir()
        for i in range(opts.files):
            (folder / f"hands{i:05}.txt").write_text(text)
        hands = 0
        for threads, cores in ((1, "one core"), (None, f"all cores ({os.cpu_count()})")):
            sec = min(
                best_of(
                    lambda threads=threads: hc.phh.from_site_each([folder], threads=threads),
                    opts.repeats,
                )
            )
            hands = sum(len(c.hands) for c in hc.phh.from_site_each([folder], threads=1))
            rows.append(
                {
                    "call": f"phh.from_site_each(folder, threads={threads})",
                    "cores": cores,
                    "hands": hands,
                    "seconds": sec,
                    "rate": hands / sec,
                }
            )
        runs = [("local", False)] + ([("ray", True)] if opts.ray else [])
        for name, ray in runs:
            out = Path(tmp) / f"out-{name}"
            if ray:
                import ray as ray_mod

                t0 = time.perf_counter()
                ray_mod.init(include_dashboard=False, log_to_driver=False, configure_logging=False)
            else:
                t0 = time.perf_counter()
            s = hc.phh.write_dataset([folder], out, ray=ray)
            sec = time.perf_counter() - t0
            if ray:
                ray_mod.shutdown()
            shutil.rmtree(out, ignore_errors=True)
            rows.append(
                {
                    "call": f"phh.write_dataset(folder, out, ray={ray})",
                    "cores": "all cores" + (" (Ray, its start included)" if ray else ""),
                    "hands": s.hands,
                    "seconds": sec,
                    "rate": s.hands / sec,
                }
            )
    print("## Site hand history corpora\n")
    print(machine_line(machine_info()))
    print(f"{opts.files} files of {hands // opts.files:,} PokerStars hands each\n")
    print(
        table(
            ["call", "cores", "hands", "seconds", "hands/s"],
            [
                [
                    f"`{r['call']}`",
                    r["cores"],
                    f"{r['hands']:,}",
                    f"{r['seconds']:.2f}",
                    fmt_rate(r["rate"]),
                ]
                for r in rows
            ],
            right=(2, 3, 4),
        )
    )
    if opts.json:
        write_json(opts.json, {"rows": rows})
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
