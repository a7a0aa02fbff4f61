"""Hand ranges (docs/ranges.md): every form of the notation, printing that
reads back to an equal range (weights exactly), errors that point at the bad
token, dead cards, pickling."""

from __future__ import annotations

import copy
import itertools
import pickle
from pathlib import Path
from typing import List, Tuple

import pytest
from hypothesis import given, settings, strategies as st

import holecards as hc
from holecards import Card, Range, RangeError

ALL_COMBOS = [(Card(a), Card(b)) for a in range(51, -1, -1) for b in range(a - 1, -1, -1)]
RANKS = "23456789TJQKA"

weights = st.one_of(
    st.just(1.0),
    st.sampled_from([0.5, 0.25, 0.1, 0.75, 0.05, 1 / 3, 0.999]),
    st.floats(min_value=0.0, max_value=1.0, exclude_min=True),
)


@st.composite
def ranges(draw: st.DrawFn) -> tuple[Range, dict[tuple[int, int], float]]:
    """A range built from combos (loose, or whole classes with a few changed)
    and the weights it should hold, by (higher card, lower card) index."""
    want: dict[tuple[int, int], float] = {}
    if draw(st.booleans()):
        for text in draw(st.lists(st.sampled_from(CLASSES), max_size=40)):
            w = draw(weights)
            for a, b, _ in Range(text).combos():
                want[int(a), int(b)] = w
    for a, b in draw(st.lists(st.sampled_from(ALL_COMBOS), max_size=30)):
        want[int(a), int(b)] = draw(st.one_of(weights, st.just(0.0)))
    want = {k: w for k, w in want.items() if w > 0}
    text = ",".join(f"{Card(a)}{Card(b)}:{w!r}" for (a, b), w in want.items())
    return Range(text), want


def _classes() -> list[str]:
    out = []
    for hi in range(12, -1, -1):
        out.append(RANKS[hi] * 2)
        for lo in range(hi - 1, -1, -1):
            out += [RANKS[hi] + RANKS[lo] + "s", RANKS[hi] + RANKS[lo] + "o"]
    return out


CLASSES = _classes()


@settings(max_examples=300)
@given(ranges())
def test_printing_reads_back(case: tuple[Range, dict[tuple[int, int], float]]) -> None:
    r, want = case
    got = {(int(a), int(b)): w for a, b, w in r.combos()}
    assert got == want
    assert Range(str(r)) == r
    assert str(Range(str(r))) == str(r)
    assert eval(repr(r), {"Range": Range}) == r
    assert pickle.loads(pickle.dumps(r)) == r
    assert Range.from_combos(r.combos()) == r
    assert Range.from_combos((str(b), int(a), w) for a, b, w in r.combos()) == r
    assert len(r) == len(want)
    assert r.total_weight == pytest.approx(sum(want.values()))


@settings(max_examples=100)
@given(ranges(), st.lists(st.integers(0, 51), max_size=5, unique=True))
def test_without(case: tuple[Range, dict[tuple[int, int], float]], dead: list[int]) -> None:
    r, want = case
    rest = r.without([Card(c) for c in dead])
    assert {(int(a), int(b)): w for a, b, w in rest.combos()} == {
        k: w for k, w in want.items() if k[0] not in dead and k[1] not in dead
    }
    assert rest == r.without("".join(str(Card(c)) for c in dead))
    assert Range(str(rest)) == rest


def _range_counts() -> List[Tuple[str, int]]:
    """``tests/data/range_counts.txt``, shared with the Rust tests: each text
    and how many combinations it names."""
    lines = (Path(__file__).parent / "data" / "range_counts.txt").read_text().splitlines()
    cases = [line.split("|", 1) for line in lines if not line.startswith("#")]
    return [(text, int(n)) for n, text in cases]


@pytest.mark.parametrize("text, count", _range_counts())
def test_forms(text: str, count: int) -> None:
    assert len(Range(text)) == count


def test_percentages_take_whole_classes() -> None:
    fifteen = Range("15%")
    assert 180 < len(fifteen) <= round(0.15 * 1326)
    assert fifteen.weight("AsAh") == 1.0 and fifteen.weight("7c2d") == 0.0
    sizes = [len(Range(f"{p}%")) for p in range(0, 101, 5)]
    assert sizes == sorted(sizes) and sizes[0] == 0 and sizes[-1] == 1326


def test_weights_and_order() -> None:
    r = Range("AA:0.5, AKs:.25, [40]KQo[/40], AA:0.75")
    assert r.weight("AsAh") == 0.75  # the later mention wins
    assert r.weight("KcAc") == 0.25
    assert r.weight(["Kh", "Qd"]) == 0.4
    assert r.weight((Card("Kh"), Card("Kd"))) == 0.0
    assert str(r) == "AA:0.75,KQo:0.4,AKs:0.25"
    assert repr(r) == "Range('AA:0.75,KQo:0.4,AKs:0.25')"
    combos = r.combos()
    assert all(a > b for a, b, _ in combos)
    assert list(r) == combos
    assert Range("AKs,QQ") == Range("QQ, AKs") == Range(Range("AKs,QQ"))
    assert Range("AK") != Range("AKs")
    assert Range("AA") != "AA"


def test_printing_forms() -> None:
    assert str(Range("AA,KK,QQ,JJ,TT")) == "TT+"
    assert str(Range("AKs,AKo")) == "AK"
    assert str(Range("A5s,A4s,A3s,A2s")) == "A5s-A2s"
    assert str(Range("76s,65s,54s")) == "76s-54s"
    assert str(Range("88,77,66,55,AhKh")) == "88-55,AhKh"
    assert str(Range.all()) == "random"
    assert str(Range("any:0.5")) == "random:0.5"


def test_unhashable_immutable_value() -> None:
    r = Range("AA")
    with pytest.raises(TypeError):
        hash(r)
    with pytest.raises(AttributeError):
        r.total_weight = 3  # type: ignore[misc]
    assert copy.copy(r) == r and copy.deepcopy(r) == r


@pytest.mark.parametrize(
    "text, position, token",
    [
        ("AA,AKx+", 3, "AKx"),
        ("AA,ZZ", 3, "ZZ"),
        ("AA:1.5", 3, "1.5"),
        ("QQ+,A5s-K2s", 4, "A5s-K2s"),
        ("AAs", 0, "AAs"),
        ("[40]AA,KK[/50]", 9, "[/50]"),
        ("AA,☃", 3, "☃"),
        ("101%", 0, "101%"),
    ],
)
def test_errors_point_at_the_token(text: str, position: int, token: str) -> None:
    with pytest.raises(RangeError) as info:
        Range(text)
    e = info.value
    assert isinstance(e, hc.HolecardsError) and isinstance(e, ValueError)
    assert (e.text, e.position, e.token) == (text, position, token)
    assert text[position : position + len(token)] == token
    assert str(e).startswith(f"'{token}' at position {position} is not a range: ")


@settings(max_examples=500)
@given(
    st.text(
        alphabet=st.sampled_from(list("AKQJT98765432akshdcxo*+-,:.%[]/() 0123456789☃")), max_size=20
    )
)
def test_any_text_parses_or_raises_range_error(text: str) -> None:
    try:
        r = Range(text)
    except RangeError as e:
        assert e.text == text and e.position is not None and e.token is not None
        assert 0 <= e.position <= len(text)
    else:
        assert Range(str(r)) == r


def test_bad_cards_and_arguments() -> None:
    r = Range("AA")
    with pytest.raises(hc.CardError):
        r.weight("AhKhQh")
    with pytest.raises(hc.CardError):
        r.weight("Xx")
    with pytest.raises(hc.DuplicateCardError):
        r.weight("AhAh")
    with pytest.raises(hc.CardError):
        r.without("Zz")
    with pytest.raises(hc.HolecardsError):
        Range(3)  # type: ignore[arg-type]
    with pytest.raises(hc.ConfigError):
        Range.from_combos([("Ah", "Kh", 1.5)])
    with pytest.raises(hc.ConfigError):
        Range.from_combos([("Ah", "Kh")])  # type: ignore[list-item]
    with pytest.raises(hc.DuplicateCardError):
        Range.from_combos([("Ah", "Ah", 1.0)])
    assert Range.from_combos([("Ah", "Kh", 0.0), ("Kd", "Ad", 0.5)]) == Range("AdKd:0.5")


def test_all_combos_once() -> None:
    combos = Range.all().combos()
    assert len(combos) == 1326
    assert {(int(a), int(b)) for a, b, _ in combos} == {
        (max(a, b), min(a, b)) for a, b in itertools.combinations(range(52), 2)
    }
