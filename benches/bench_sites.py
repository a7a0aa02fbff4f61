"""Site hand histories to PHH: holecards beside pokerkit on the same
PokerStars text.

``python benches/bench_sites.py`` (defaults ``--copies 200 --pk-copies 3
--repeats 5``; ``--json PATH`` also writes the results). The text is the
test fixtures' no-limit hold'em hands (``tests/data/sites/pokerstars``,
real PokerStars hands) that both libraries take (pokerkit's parser reads no
other game), repeated ``--copies`` times for holecards and ``--pk-copies``
times for pokerkit. holecards: ``holecards.phh.from_site(text)``
on one core: every hand parsed, converted to a ``HandHistory``, replayed
and checked against the site's amounts. pokerkit 0.7.7:
``HandHistory.from_pokerstars(text)`` consumed to the end (it parses, and
does not replay). Best of ``--repeats``; rates in hands a second, counting
the hands each library gives back.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import platform
import time
import warnings
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional, Sequence

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


def best(fn: Callable[[], int], repeats: int) -> tuple[float, int]:
    """The fastest of ``repeats`` runs: (seconds, hands given back)."""
    out = (float("inf"), 0)
    for _ in range(repeats):
        t = time.perf_counter()
        n = fn()
        dt = time.perf_counter() - t
        if dt < out[0]:
            out = (dt, n)
    return out


def main(argv: Optional[Sequence[str]] = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--copies", type=int, default=200)
    ap.add_argument("--pk-copies", type=int, default=3)
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--json", type=Path)
    args = ap.parse_args(argv)

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

    def ours() -> int:
        return len(hc.phh.from_site(ours_text, site="pokerstars").hands)

    rows: List[Dict[str, Any]] = []
    sec, n = best(ours, args.repeats)
    rows.append(
        {
            "library": f"holecards {hc.__version__}",
            "call": "phh.from_site(text): parse, convert, replay, check",
            "hands": n,
            "seconds": sec,
            "rate": n / sec,
        }
    )
    if pokerkit is not None:
        pk_text = text * args.pk_copies

        def theirs() -> int:
            with warnings.catch_warnings(), contextlib.redirect_stderr(io.StringIO()):
                warnings.simplefilter("ignore")
                return sum(1 for _ in pokerkit.HandHistory.from_pokerstars(pk_text))

        sec, n = best(theirs, max(1, args.repeats // 2))
        from importlib.metadata import version

        rows.append(
            {
                "library": f"pokerkit {version('pokerkit')}",
                "call": "HandHistory.from_pokerstars(text): parse",
                "hands": n,
                "seconds": sec,
                "rate": n / sec if sec else 0.0,
            }
        )
    base = rows[-1]["rate"] if len(rows) > 1 else None
    print("## PokerStars hand histories to PHH, one core\n")
    print(
        f"Machine: {platform.processor() or platform.machine()}, "
        f"Python {platform.python_version()}; {len(both)} no-limit hold'em hands "
        f"({len(text.encode()):,} bytes) that both libraries take, repeated\n"
    )
    print("| library | call | hands | hands/s | vs pokerkit |")
    print("|---|---|---:|---:|---:|")
    for r in rows:
        ratio = f"{r['rate'] / base:,.0f}x" if base else "-"
        print(f"| {r['library']} | `{r['call']}` | {r['hands']:,} | {r['rate']:,.0f} | {ratio} |")
    if args.json:
        args.json.write_text(json.dumps(rows, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
