"""The PHH reader's TOML against the toml-test suite's TOML 1.0 cases
(``tests/data/toml-test``, with the suite's license): every invalid case is
refused with a ``HandHistoryError``; every valid case within the PHH model
(no inline tables, nested tables, dotted keys or arrays of tables) reads to
the values of the suite's JSON, and the others are refused as outside it.
``rust/core/tests/toml_test.rs`` runs the same cases in Rust.
"""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

import holecards as hc
from holecards import phh
from holecards._core import _phh_toml_loads

SUITE = Path(__file__).parent / "data" / "toml-test"
CASES = [
    line for line in (SUITE / "files-toml-1.0.0").read_text().splitlines() if line.endswith(".toml")
]
VALID = [c for c in CASES if c.startswith("valid/")]
INVALID = [c for c in CASES if c.startswith("invalid/")]


def test_the_suite_is_here() -> None:
    assert len(VALID) > 180 and len(INVALID) > 450
    assert (SUITE / "LICENSE").is_file()


def _same(ours: Any, want: Any, where: str) -> None:
    if isinstance(want, list):
        assert isinstance(ours, list) and len(ours) == len(want), where
        for i, (o, w) in enumerate(zip(ours, want)):
            _same(o, w, f"{where}[{i}]")
        return
    assert isinstance(want, dict), where
    if set(want) == {"type", "value"} and isinstance(want["type"], str):
        kind, value = want["type"], want["value"]
        if kind == "string":
            assert ours == value, where
        elif kind == "integer":
            assert type(ours) is int and ours == int(value), (where, ours, value)
        elif kind == "float":
            assert isinstance(ours, (Decimal, int)), where
            if value.lstrip("+-") == "nan":
                assert ours.is_nan(), where
            else:
                assert float(ours) == float(value), (where, ours, value)
        elif kind == "bool":
            assert ours is (value == "true"), where
        else:  # datetime, datetime-local, date-local, time-local: the text
            norm = ours.upper().replace(" ", "T")
            assert norm == value.upper() or _instant(norm) == _instant(value.upper()), (
                where,
                ours,
                value,
            )
        return
    assert isinstance(ours, dict) and set(ours) == set(want), (where, ours, want)
    for k in want:
        _same(ours[k], want[k], f"{where}.{k}")


def _instant(text: str) -> Any:
    import datetime

    for parse in (
        datetime.datetime.fromisoformat,
        datetime.date.fromisoformat,
        datetime.time.fromisoformat,
    ):
        try:
            return parse(text.replace("Z", "+00:00"))
        except ValueError:
            continue
    return text


def _in_model(want: Any, depth: int = 0) -> bool:
    """Whether a case's values fit the PHH model: root keys, and tables of
    keys, no table within a table or an array."""
    if isinstance(want, list):
        return all(_in_model(w, 2) for w in want)
    if isinstance(want, dict) and set(want) == {"type", "value"} and isinstance(want["type"], str):
        return True
    if depth >= 2 or (depth == 1 and isinstance(want, dict)):
        return False
    return all(_in_model(v, depth + 1) for v in want.values())


@pytest.mark.parametrize("case", VALID)
def test_a_valid_case_reads_to_the_suites_values_or_is_outside_the_model(case: str) -> None:
    text = (SUITE / case).read_bytes().decode("utf-8")
    want = json.loads((SUITE / case).with_suffix(".json").read_text(encoding="utf-8"))
    try:
        ours = _phh_toml_loads(text)
    except hc.HandHistoryError as e:
        msg = str(e)
        assert "not part of the PHH format" in msg and "not valid TOML" not in msg, msg
        if _in_model(want):
            assert "dotted key" in msg, msg  # a.b = 1 reads as a table in JSON
        return
    _same(ours, want, case)


@pytest.mark.parametrize("case", INVALID)
def test_an_invalid_case_is_refused(case: str) -> None:
    data = (SUITE / case).read_bytes()
    with pytest.raises(hc.HandHistoryError) as info:
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            phh.loads(data)
        else:
            _phh_toml_loads(text)
    assert isinstance(info.value, ValueError) and str(info.value)
