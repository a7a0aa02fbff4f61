"""The documentation's examples are doctests: every `>>>` line of README.md
and of the pages in docs/ (the guides of the documentation site) runs here.
The site itself is built by scripts/test.sh (`mkdocs build --strict`)."""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"

# Each page that carries examples, and at least how many it runs: a page
# whose examples were dropped or stopped being found fails here.
EXAMPLES = {
    "README.md": 40,
    "docs/index.md": 3,
    "docs/env.md": 14,
    "docs/equity.md": 3,
    "docs/ranges.md": 5,
    "docs/simulation.md": 5,
    "docs/tables.md": 5,
}


def test_every_page_with_examples_is_run() -> None:
    pages = [ROOT / "README.md", *sorted(DOCS.rglob("*.md"))]
    with_examples = {
        p.relative_to(ROOT).as_posix() for p in pages if ">>>" in p.read_text(encoding="utf-8")
    }
    assert with_examples == set(EXAMPLES)


@pytest.mark.parametrize("page", sorted(EXAMPLES))
def test_examples(page: str) -> None:
    result = doctest.testfile(
        str(ROOT / page),
        module_relative=False,
        optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
        raise_on_error=False,
        verbose=False,
    )
    assert result.attempted >= EXAMPLES[page], f"{page}: {result.attempted} examples"
    assert result.failed == 0, (
        f"{result.failed} example(s) in {page} failed; run: python -m doctest -v {page}"
    )
