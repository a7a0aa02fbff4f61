"""Site hand histories to PHH: holecards beside pokerkit on the same
PokerStars text.

``python benches/bench_sites.py`` (defaults ``--copies 200 --pk-copies 3
--repeats 5``; ``--json PATH`` also writes the results). The text is the
test fixtures' no-limit hold'em hands (``tests/data/sites/pokerstars``,
real PokerStars hands) that both libraries take (pokerkit's parser reads no
other game), repeated ``--copies`` times for holecards and ``--pk-copies``
times for pokerkit. holecards: ``holecards.phh.from_site(text, threads=1)``
on one core, and with ``threads=None`` on every core: every hand parsed, converted to a ``HandHistory``, replayed
and checked against the site's amounts. pokerkit 0.7.7:
``HandHistory.from_pokerstars(text)`` consumed to the end (it parses, and
does not replay). Best of ``--repeats``; rates in hands a second, counting
the hands each library gives back.
"""

from __future__ import annotations

import contextlib
import io
import warnings
from pathlib import Path
from typing import Any, Dict, List, Optional, Sequence

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
    write_json,
)

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data" / "sites" / "pokerstars"


def hands() -> List[str]:
    """The fixtures' no-limit hold'em hands, each its text (the one game
    pokerkit's parser reads)."""
    out: List[str] = []
    for f in sorted(DATA.glob("*.txt")):
        text = f.read_bytes().decode("utf-8-sig", errors="replace").replace("\r\n", "\n")
        current: List[str] = []
        for line in text.split("\n"):
            if line.startswith("PokerStars ") and current:
                out.append("\n".join(current).strip() + "\n")
                current = []
            current.append(line)
        if current:
            out.append("\n".join(current).strip() + "\n")
    return [h for h in out if "Hold'em No Limit" in h.split("\n", 1)[0]]


def pokerkit_takes(pokerkit: Any, hand: str) -> bool:
    """Whether pokerkit's parser gives this hand back."""
    with warnings.catch_warnings(), contextlib.redirect_stderr(io.StringIO()):
        warnings.simplefilter("ignore")
        try:
            return len(list(pokerkit.HandHistory.from_pokerstars(hand))) == 1
        except Exception:
            return False


def main(argv: Optional[Sequence[str]] = None) -> int:
    args = peer_parser(
        __doc__,
        [
            ("--copies", 200, "copies of the hands holecards converts a run"),
            ("--pk-copies", 3, "copies pokerkit parses a run"),
            ("--repeats", 5, "runs; the best is kept"),
        ],
    ).parse_args(argv)

    import holecards as hc

    try:
        import pokerkit
    except ImportError:
        pokerkit = None
    # the hands both libraries take
    both = [
        h
        for h in hands()
        if len(hc.phh.from_site(h).hands) == 1 and (pokerkit is None or pokerkit_takes(pokerkit, h))
    ]
    text = "\n\n\n".join(both) + "\n"
    ours_text = text * args.copies
    n_ours = len(hc.phh.from_site(ours_text, site="pokerstars").hands)
    rows: List[Dict[str, Any]] = []
    for threads, cores in ((None, "all cores"), (1, "one core")):
        sec = min(
            best_of(
                lambda threads=threads: hc.phh.from_site(
                    ours_text, site="pokerstars", threads=threads
                ),
                args.repeats,
            )
        )
        rows.append(
            {
                "library": f"holecards {version('holecards')}",
                "call": f"phh.from_site(text, threads={threads}): parse, convert, replay, check",
                "cores": cores,
                "hands": n_ours,
                "seconds": sec,
                "rate": n_ours / sec,
            }
        )
    if pokerkit is not None:
        pk_text = text * args.pk_copies

        def theirs() -> int:
            """The hands pokerkit gives back (it loses some where hands meet)."""
            with warnings.catch_warnings(), contextlib.redirect_stderr(io.StringIO()):
                warnings.simplefilter("ignore")
                return sum(1 for _ in pokerkit.HandHistory.from_pokerstars(pk_text))

        n_theirs = theirs()
        sec = min(best_of(theirs, max(1, args.repeats // 2)))
        rows.append(
            {
                "library": f"pokerkit {version('pokerkit')}",
                "call": "HandHistory.from_pokerstars(text): parse",
                "cores": "one core",
                "hands": n_theirs,
                "seconds": sec,
                "rate": n_theirs / sec,
            }
        )
    base = rows[-1]["rate"] if len(rows) > 1 else None
    print("## PokerStars hand histories to PHH\n")
    print(machine_line(machine_info()))
    print(
        f"{len(both)} no-limit hold'em hands ({len(text.encode()):,} bytes) that both libraries "
        "take, repeated\n"
    )
    print(
        table(
            ["library", "call", "cores", "hands", "hands/s", "vs pokerkit"],
            [
                [
                    r["library"],
                    f"`{r['call']}`",
                    r["cores"],
                    f"{r['hands']:,}",
                    fmt_rate(r["rate"]),
                    ratio(r["rate"], base, ",.0f"),
                ]
                for r in rows
            ],
            right=(3, 4, 5),
        )
    )
    if args.json:
        write_json(args.json, {"rows": rows})
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
