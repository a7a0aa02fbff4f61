"""The parsers of outside text (PHH, TOML, ranges, cards) read or cleanly
refuse whatever they are given: the properties of fuzz_targets.py run as
ordinary Hypothesis tests (scripts/soak.py also drives them for a fixed
time each)."""

from __future__ import annotations

from typing import Any

import pytest

import fuzz_targets

assert len(fuzz_targets.CORPUS) >= 10, "the PHH corpus under tests/data/phh is missing"


@pytest.mark.parametrize("name", sorted(fuzz_targets.TARGETS))
def test_parser_reads_or_refuses_cleanly(name: str) -> None:
    target: Any = fuzz_targets.TARGETS[name]
    target()


def test_a_property_can_fail() -> None:
    # The harness itself: an input that breaks the property is reported.
    with pytest.raises(AssertionError):
        fuzz_targets._clean(RuntimeError("not a holecards error"))
