"""Builds python/holecards/data/sample.phhs, the sample of real hand
histories bundled with the package (for `holecards demo`): the Pluribus
folder 84 and the famous televised hands from tests/data/phh (themselves a
copy of part of shared/phh/corpus, MIT licence), one section per hand.

Run: python scripts/make_sample.py
"""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "tests" / "data" / "phh"
OUT = ROOT / "python" / "holecards" / "data" / "sample.phhs"


def main() -> None:
    # Hold'em hands that replay to their recorded stacks (the WSOP 2019 file
    # with its missing fold and the other variants stay in tests/data).
    famous = [
        f
        for f in sorted(SRC.glob("*.phh"))
        if "variant = 'NT'" in f.read_text() and "wsop-2019" not in f.name
    ]
    files = sorted((SRC / "pluribus" / "84").glob("*.phh")) + famous
    parts = []
    for f in files:
        name = f.relative_to(SRC).as_posix().replace("/", "-").removesuffix(".phh")
        parts.append(f"[{name}]\n{f.read_text().strip()}\n")
    OUT.write_text(
        "# A sample of the PHH corpus (https://github.com/uoftcprg/phh-dataset, MIT licence:\n# see LICENSE beside this file): Pluribus hands (folder 84).\n\n"
        + "\n".join(parts)
    )
    (OUT.parent / "LICENSE").write_text((SRC / "LICENSE").read_text())
    print(f"{OUT}: {len(files)} hands, {OUT.stat().st_size} bytes")


if __name__ == "__main__":
    main()
