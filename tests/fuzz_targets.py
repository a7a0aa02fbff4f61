"""Hypothesis properties for every parser of outside text: the PHH reader
(and the TOML layer under it), range notation and card text.

Each property says: the parser either reads the input or refuses it with a
clean error (a ``HolecardsError`` that is also a ``ValueError``, with a
message), and whatever it read can be used (replayed, written back, printed)
without any other exception. ``tests/test_fuzz_targets.py`` runs them as
ordinary Hypothesis tests; ``scripts/soak.py`` drives them for a fixed time
each with ``fuzz_one_input``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Dict, List

from hypothesis import HealthCheck, given, settings, strategies as st

import holecards as hc
from holecards import phh

HERE = Path(__file__).resolve().parent
CORPUS: List[bytes] = sorted(
    (p.read_bytes() for p in (HERE / "data" / "phh").rglob("*.phh*")), key=len
)[:40]

# Pieces that matter to TOML and PHH: brackets, quotes of every kind,
# numbers in every base and form, dates, escapes, keys and comments.
TOKENS = [
    "[",
    "]",
    "[[",
    "]]",
    "{",
    "}",
    ",",
    "=",
    ".",
    "\n",
    "\r\n",
    " ",
    "\t",
    "#",
    '"',
    "'",
    '"""',
    "'''",
    "\\",
    "\\u0000",
    "\\U0010FFFF",
    "0x10",
    "0o17",
    "0b101",
    "1e9999999999999999999",
    "-1e-400",
    "inf",
    "-inf",
    "nan",
    "+nan",
    "1_000",
    "1__0",
    "10000-1",
    "3-4",
    "0.50",
    "9223372036854775808",
    "-9223372036854775809",
    "18446744073709551616",
    "1979-05-27T07:32:00Z",
    "07:32:00",
    "1979-05-27",
    "true",
    "false",
    "variant",
    "antes",
    "blinds_or_straddles",
    "min_bet",
    "starting_stacks",
    "actions",
    "players",
    "seat_count",
    "'d dh p1 AhAd'",
    "'p1 cbr 1e9'",
    "'p2 cc'",
    "'d db 2c7d9h'",
    "'p1 sm AhAd'",
    "[table]",
    "[1]",
    "'NT'",
    "'FT'",
    "'PLO'",
    "\x00",
    "\ufeff",
    "\ud7ff",
]


def _clean(e: BaseException) -> None:
    assert isinstance(e, hc.HolecardsError) and isinstance(e, ValueError), (
        f"{type(e).__name__}: {e}"
    )
    assert str(e), "an error with no message"


def _read(read: Callable[[Any], Any], data: Any) -> Any:
    """``read(data)``, or None where it refuses with a clean error (``_clean``)."""
    try:
        return read(data)
    except hc.HolecardsError as e:
        _clean(e)
        return None


def _use_history(h: Any) -> None:
    """Everything a program does with a history it read."""
    for name in (
        "variant",
        "starting_stacks",
        "antes",
        "blinds_or_straddles",
        "min_bet",
        "unit",
        "players",
        "actions",
    ):
        try:
            getattr(h, name)
        except hc.HolecardsError as e:
            _clean(e)
    h.to_dict()
    text = phh.dumps(h)
    again = phh.loads(text)
    assert len(again) == 1
    try:
        h.replay()
    except hc.HolecardsError as e:
        _clean(e)


@st.composite
def mutated_phh(draw: Callable[..., Any]) -> bytes:
    text = bytearray(draw(st.sampled_from(CORPUS)))
    for _ in range(draw(st.integers(1, 6))):
        if not text:
            break
        i = draw(st.integers(0, len(text) - 1))
        op = draw(st.integers(0, 4))
        if op == 0:
            text[i : i + 1] = draw(st.sampled_from(TOKENS)).encode("utf-8", "surrogatepass")
        elif op == 1:
            del text[i : i + draw(st.integers(1, 40))]
        elif op == 2:
            j = draw(st.integers(i, min(len(text), i + 200)))
            text[i:i] = text[i:j] * draw(st.integers(1, 4))
        elif op == 3:
            text.insert(i, draw(st.integers(0, 255)))
        else:
            depth = draw(st.integers(1, 200))
            text[i:i] = b"[" * depth + b"1" + b"]" * draw(st.integers(0, depth))
    return bytes(text)


def _read_or_refuse(data: "bytes | str") -> None:
    histories = _read(lambda d: phh.loads(d, source="fuzz"), data)
    if histories is None:
        return
    for h in histories[:5]:
        _use_history(h)


@settings(max_examples=200, deadline=None, suppress_health_check=list(HealthCheck))
@given(mutated_phh())
def phh_reads_or_refuses(data: bytes) -> None:
    _read_or_refuse(data)


@settings(max_examples=200, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.lists(st.one_of(st.sampled_from(TOKENS), st.text(max_size=6)), max_size=40).map("".join))
def toml_reads_or_refuses(text: str) -> None:
    _read_or_refuse(text)


RANGE_TOKENS = [
    "AA",
    "AKs",
    "AKo",
    "KQ",
    "TT+",
    "22-55",
    "A2s-A5s",
    "random",
    "*",
    ":",
    "0.5",
    "1e-300",
    "1e400",
    ",",
    "%",
    "15%",
    "AhKh",
    "[",
    "]",
    " ",
    "x",
    "xx",
    "-",
    "+",
    ".",
    "AsKs:0",
    "Ah*",
    "**",
]


@settings(max_examples=200, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    st.lists(st.one_of(st.sampled_from(RANGE_TOKENS), st.text(max_size=4)), max_size=20).map(
        "".join
    )
)
def range_reads_or_refuses(text: str) -> None:
    r = _read(hc.Range, text)
    if r is None:
        return
    printed = str(r)
    assert hc.Range(printed) == r, f"{text!r} printed as {printed!r}, which reads back differently"
    r.total_weight  # noqa: B018 (read for its side effect)


CARD_TOKENS = [
    "A",
    "K",
    "T",
    "t",
    "2",
    "9",
    "s",
    "h",
    "d",
    "c",
    "S",
    "10",
    " ",
    ",",
    "Ah",
    "Kd",
    "AhAh",
    "x",
    "\u2660",
    "\u2665",
]


@settings(max_examples=200, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    st.lists(st.one_of(st.sampled_from(CARD_TOKENS), st.text(max_size=3)), max_size=20).map("".join)
)
def cards_read_or_refuse(text: str) -> None:
    cards = _read(hc.parse_cards, text)
    if cards is None:
        return
    assert hc.parse_cards("".join(str(c) for c in cards)) == cards


TARGETS: Dict[str, Any] = {
    "PHH files, mutated": phh_reads_or_refuses,
    "TOML text": toml_reads_or_refuses,
    "range notation": range_reads_or_refuses,
    "card text": cards_read_or_refuse,
}
