"""The README's examples are doctests: every `>>>` line in README.md runs here."""

from __future__ import annotations

import doctest
from pathlib import Path

README = Path(__file__).resolve().parent.parent / "README.md"


def test_readme_examples() -> None:
    text = README.read_text(encoding="utf-8")
    assert ">>>" in text, "the README should carry tested examples"
    result = doctest.testfile(
        str(README),
        module_relative=False,
        optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
        raise_on_error=False,
        verbose=False,
    )
    assert result.attempted > 10
    assert result.failed == 0, (
        f"{result.failed} README example(s) failed; run: python -m doctest -v README.md"
    )
