"""Adversarial fuzzing of every public entry point of holecards.

Hypothesis throws arbitrary values at ``Card``, ``parse_cards``,
``evaluate``, ``evaluate_many``, ``Deck``, the four ``Rules`` constructors,
``Hand(...)``, the three actions, ``hole_cards``/``view``, and the pickle
restore functions (``_restore_hand``, ``_restore_rules``,
``_restore_hand_rank``) fed random and corrupted state.

The project standard checked here: bad input gets a clear Python exception
(``CardError``/``DuplicateCardError``/``ConfigError``/``IllegalActionError``,
each a ``HolecardsError`` and a ``ValueError``) with a message, and leaves
every object unchanged; a ``TypeError`` is tolerated only for a wildly wrong
argument type (not a plain int/str/None/list); ``PanicException``,
``SystemError``, ``OverflowError`` or anything else is a bug. An exception
raised by the caller's own object (``Boom`` from ``__index__``) may pass
through.

Inputs that trigger a known bug are left out of the random tests (each
exclusion says which test covers it) and reproduced, minimally, by the
``test_bug_*`` tests at the end (bugs it found, since fixed; formerly marked ``xfail(strict=True)`` so the suite
stays green until the bug is fixed (and then says so).

``test_crash_check_in_subprocess`` runs the riskiest workloads (corrupted
hands played to the end, the parallel batch evaluator, several Python threads)
in a child interpreter, so a segfault or abort shows up as a failed test
instead of killing pytest.
"""

from __future__ import annotations

import operator
import os
import pickle
import random
import struct
import subprocess
import sys
import threading
from decimal import Decimal
from fractions import Fraction
from typing import Any, Callable, Dict, List, Optional, Tuple

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st
from hypothesis.extra import numpy as hnp

import holecards as hc
from holecards import (
    Card,
    CardError,
    ConfigError,
    Deck,
    DuplicateCardError,
    Hand,
    HolecardsError,
    IllegalActionError,
    Rules,
    Structure,
    _core,
    evaluate,
    evaluate_many,
    parse_cards,
)

HERE = os.path.dirname(os.path.abspath(__file__))
MAX_CHIPS = 2**60
U64 = 2**64

FUZZ = settings(
    max_examples=120,
    deadline=None,
    suppress_health_check=[
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
        HealthCheck.filter_too_much,
    ],
)


# HOLECARDS_FUZZ_SCALE=20 runs twenty times as many examples (a longer hunt).
SCALE = float(os.environ.get("HOLECARDS_FUZZ_SCALE", "1"))


def fuzz(n: int) -> settings:
    return settings(FUZZ, max_examples=max(1, int(n * SCALE)))


# --------------------------------------------------------------------------
# the check every call goes through

CLEAN_ERRORS = (CardError, ConfigError, IllegalActionError)
MISSING = object()  # an argument left out


class Boom(Exception):
    """Raised by the caller's own objects; holecards may let it through."""


class Indexable:
    """An object with ``__index__`` (returns ``v``, or raises it)."""

    def __init__(self, v: Any) -> None:
        self.v = v

    def __index__(self) -> Any:
        if isinstance(self.v, BaseException):
            raise self.v
        return self.v

    def __repr__(self) -> str:
        return f"Indexable({self.v!r})"


def is_plain(v: Any) -> bool:
    """A plain value: a TypeError for it would not be 'a wildly wrong type'."""
    if v is None or type(v) in (int, str, bool):
        return True
    if type(v) in (list, tuple):
        return all(is_plain(x) for x in v)
    return False


def attempt(
    fn: Callable[..., Any], *args: Any, type_error_ok: bool = False, **kwargs: Any
) -> Tuple[bool, Any]:
    """Calls ``fn``; returns (True, result) or (False, exception) for an
    allowed exception; any other exception becomes an AssertionError."""
    try:
        return True, fn(*args, **kwargs)
    except CLEAN_ERRORS as e:
        assert isinstance(e, HolecardsError) and isinstance(e, ValueError)
        assert str(e).strip(), f"{type(e).__name__} with an empty message from {fn!r}"
        return False, e
    except Boom as e:
        return False, e
    except TypeError as e:
        if type_error_ok:
            return False, e
        raise AssertionError(f"{_name(fn)}{_args(args, kwargs)} raised TypeError: {e}") from e
    except (KeyboardInterrupt, SystemExit):
        raise
    except BaseException as e:  # pyo3_runtime.PanicException derives from BaseException
        raise AssertionError(
            f"{_name(fn)}{_args(args, kwargs)} raised {type(e).__module__}.{type(e).__name__}: {e}"
        ) from e


def as_index(v: Any) -> Optional[int]:
    """``operator.index(v)``, or None when ``v`` is no integer."""
    try:
        return operator.index(v)
    except BaseException:
        return None


def fits(v: Any, lo: int, hi: int) -> bool:
    """False for an integer-like value outside lo..hi (a PyO3 int argument
    would raise OverflowError for it: see the test_bug_* tests)."""
    i = as_index(v)
    return i is None or lo <= i <= hi


def _name(fn: Callable[..., Any]) -> str:
    return getattr(fn, "__qualname__", repr(fn))


def _args(args: Tuple[Any, ...], kwargs: Dict[str, Any]) -> str:
    parts = [repr(a)[:80] for a in args] + [f"{k}={v!r}"[:80] for k, v in kwargs.items()]
    return "(" + ", ".join(parts) + ")"


def expect_clean_error(fn: Callable[..., Any], *args: Any, **kwargs: Any) -> BaseException:
    """The call must fail with a holecards error (used by the bug tests)."""
    try:
        fn(*args, **kwargs)
    except CLEAN_ERRORS as e:
        return e
    except BaseException as e:
        if isinstance(e, (KeyboardInterrupt, SystemExit)):
            raise
        raise AssertionError(f"raised {type(e).__module__}.{type(e).__name__}: {e}") from e
    raise AssertionError("no error: the bad input was accepted")


# --------------------------------------------------------------------------
# strategies: adversarial values

EDGE_POS = [
    2**31,
    2**32,
    2**60 - 1,
    2**60,
    2**60 + 1,
    2**62,
    2**63 - 1,
    2**63,
    2**63 + 1,
    2**64 - 1,
    2**64,
    2**64 + 1,
    2**100,
]
EDGE_INTS = [-1, 0, 1, 2, 51, 52, 255, 256, 65535, 65536] + EDGE_POS + [-x for x in EDGE_POS]
NP_INT_TYPES = [np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64]

ints = st.one_of(st.sampled_from(EDGE_INTS), st.integers(-5, 300), st.integers())
floats = st.one_of(st.floats(), st.sampled_from([0.0, 1.0, 2.0, 2.5, -1.0, 1e300, float("nan")]))
# Lone surrogates are left out: test_bug_lone_surrogate covers them.
safe_text = st.text(st.characters(exclude_categories=("Cs",)), max_size=12)
card_text = st.text(alphabet="23456789TtJjQqKkAa10cdhsCDHSxz ,\t\n", max_size=24)
np_ints = st.sampled_from(NP_INT_TYPES).flatmap(
    lambda t: st.integers(int(np.iinfo(t).min), int(np.iinfo(t).max)).map(t)
)
np_scalars = st.one_of(
    np_ints,
    st.floats(width=32).map(np.float32),
    st.floats().map(np.float64),
    st.booleans().map(np.bool_),
    st.integers(0, 60).map(np.array),  # 0-d array
    st.lists(st.integers(0, 51), min_size=1, max_size=3).map(np.array),
)
odd_objects = st.sampled_from(
    [
        None,
        True,
        False,
        b"Ah",
        b"\x00\x01",
        bytearray(b"x"),
        1j,
        Fraction(3, 1),
        Decimal("2"),
        range(3),
        (),
        [],
        {},
        set(),
        object(),
        ...,
        print,
    ]
)
indexables = st.builds(
    Indexable, st.one_of(ints, st.just(Boom("from __index__")), st.just("5"), st.just(2.0))
)
card_objs = st.integers(0, 51).map(Card)
scalar_junk = st.one_of(
    ints, floats, safe_text, card_text, np_scalars, odd_objects, indexables, card_objs
)
junk = st.recursive(
    scalar_junk,
    lambda inner: st.one_of(
        st.lists(inner, max_size=8),
        st.tuples(inner, inner),
        st.dictionaries(st.integers(0, 60), inner, max_size=3),
    ),
    max_leaves=12,
)


def card_list(min_size: int = 0, max_size: int = 7) -> st.SearchStrategy[List[int]]:
    return st.lists(st.integers(0, 51), min_size=min_size, max_size=max_size, unique=True)


def card_form(cards: List[int], form: str) -> Any:
    """The same cards as a string, a list of str/int/Card, or a tuple."""
    names = [str(Card(c)) for c in cards]
    if form == "str":
        return "".join(names)
    if form == "spaced":
        return " ".join(n.lower() for n in names)
    if form == "ints":
        return list(cards)
    if form == "cards":
        return [Card(c) for c in cards]
    if form == "np":
        return np.array(cards, dtype=np.int64)
    return tuple(names)


CARD_FORMS = ["str", "spaced", "ints", "cards", "np", "tuple"]

# --------------------------------------------------------------------------
# Card, parse_cards, evaluate


@fuzz(300)
@given(st.one_of(junk, card_text, st.integers(-3, 60)))
def test_card_fuzz(value: Any) -> None:
    ok, c = attempt(Card, value, type_error_ok=not is_plain(value))
    if not ok:
        return
    assert isinstance(c, Card)
    i = int(c)
    assert 0 <= i < 52 and c.rank == i // 4 and c.suit == i % 4
    if type(value) is int:
        assert i == value
    assert Card(i) == c and Card(str(c)) == c and hash(Card(i)) == hash(c)
    assert pickle.loads(pickle.dumps(c)) == c


@fuzz(300)
@given(st.one_of(card_text, safe_text, junk))
def test_parse_cards_fuzz(text: Any) -> None:
    ok, cards = attempt(parse_cards, text)
    if not ok:
        if not isinstance(text, str):
            assert isinstance(cards, CardError), "a non-string must be a CardError"
        return
    assert isinstance(text, str)
    assert all(isinstance(c, Card) for c in cards)
    assert len(set(cards)) == len(cards)
    assert parse_cards(" ".join(map(str, cards))) == cards
    assert parse_cards("".join(map(str, cards))) == cards


@st.composite
def evaluate_inputs(draw: Any) -> Any:
    kind = draw(st.integers(0, 4))
    if kind == 0:
        return draw(junk)
    if kind == 1:
        return draw(card_text)
    cards = draw(card_list(0, 9))
    if kind == 2 and cards:  # a duplicate or a bad token
        cards = cards + [draw(st.sampled_from(cards + [52, -1, 99]))]
        return cards
    if kind == 3 and cards:
        form = draw(st.sampled_from(CARD_FORMS))
        items = list(card_form(cards, "tuple"))
        items[draw(st.integers(0, len(items) - 1))] = draw(scalar_junk)
        return items if form != "tuple" else tuple(items)
    return card_form(cards, draw(st.sampled_from(CARD_FORMS)))


@fuzz(300)
@given(evaluate_inputs())
def test_evaluate_fuzz(cards: Any) -> None:
    ok, r = attempt(evaluate, cards, type_error_ok=not is_plain(cards))
    if not ok:
        if (
            type(cards) is list
            and all(type(c) is int and 0 <= c < 52 for c in cards)
            and len(set(cards)) < len(cards)
        ):
            assert isinstance(r, DuplicateCardError), r
        return
    assert 1 <= r.value <= 7462
    five = r.best_five
    assert len(five) == 5 and len(set(five)) == 5
    assert evaluate(list(five)).value == r.value
    assert r.name and str(r) == r.name and r.category is not None
    assert pickle.loads(pickle.dumps(r)) == r


# --------------------------------------------------------------------------
# evaluate_many

DTYPES = [
    np.uint8,
    np.int8,
    np.int16,
    np.int32,
    np.int64,
    np.uint16,
    np.uint32,
    np.uint64,
    np.dtype(">i4"),
    np.dtype(">u2"),
    np.dtype("<i2"),
    np.bool_,
    np.float32,
    np.float64,
    np.complex64,
    np.dtype("M8[s]"),
    np.dtype("m8[s]"),
    np.dtype("U3"),
    np.dtype("S2"),
    np.dtype(object),
]


def element_strategy(dtype: np.dtype) -> st.SearchStrategy[Any]:
    dtype = np.dtype(dtype)
    if dtype.kind in "iu":
        info = np.iinfo(dtype)
        return st.one_of(
            st.integers(0, 51),
            st.integers(0, 51),
            st.integers(max(info.min, -3), min(info.max, 300)),
            st.integers(int(info.min), int(info.max)),
        )
    if dtype.kind == "O":
        return st.one_of(st.integers(0, 51), scalar_junk)
    return hnp.from_dtype(dtype)


@st.composite
def batch_inputs(draw: Any) -> Any:
    dtype = np.dtype(draw(st.sampled_from(DTYPES)))
    ndim = draw(st.sampled_from([2, 2, 2, 0, 1, 3]))
    if ndim == 2:
        shape = (
            draw(st.integers(0, 12)),
            draw(st.sampled_from([5, 6, 7, 5, 6, 7, 0, 1, 4, 8, 14])),
        )
    else:
        shape = tuple(draw(st.integers(0, 7)) for _ in range(ndim))
    arr = draw(hnp.arrays(dtype, shape, elements=element_strategy(dtype)))
    if dtype.kind in "iu" and arr.ndim == 2 and arr.shape[1] in (5, 6, 7) and draw(st.booleans()):
        # mostly valid rows: distinct cards
        for row in range(arr.shape[0]):
            arr[row] = draw(st.permutations(range(52)))[: arr.shape[1]]
    layout = draw(st.sampled_from(["C", "F", "T", "step", "neg", "readonly", "list"]))
    if layout == "F":
        arr = np.asfortranarray(arr)
    elif layout == "T" and arr.ndim == 2:
        arr = np.ascontiguousarray(arr.T).T  # a transposed (F-ordered) view
    elif layout == "step" and arr.ndim == 2:
        wide = np.repeat(arr, 2, axis=1)
        arr = wide[:, ::2]  # non-contiguous rows
    elif layout == "neg" and arr.ndim >= 1:
        arr = arr[::-1]
    elif layout == "readonly":
        arr.setflags(write=False)
    elif layout == "list" and dtype.kind in "iu":
        return arr.tolist()
    return arr


THREADS = st.one_of(
    st.sampled_from([None, None, 1, 2, 4, 0, -1, True, False, 1.5, "2", 2**40, 2**63, U64 - 1]),
    np_ints,
    indexables,
)


@fuzz(250)
@given(st.one_of(batch_inputs(), batch_inputs(), junk), THREADS)
def test_evaluate_many_fuzz(cards: Any, threads: Any) -> None:
    # Ragged nested lists make NumPy itself raise ValueError before holecards
    # looks at them: test_bug_evaluate_many_ragged_list covers that.
    try:
        arr = np.asarray(cards)
    except (ValueError, TypeError):
        return
    before = arr.tobytes() if arr.dtype != object else None
    ok, out = attempt(evaluate_many, cards, threads=threads, type_error_ok=not is_plain(threads))
    if before is not None:
        assert np.asarray(cards).tobytes() == before, "input modified"
    if not ok:
        if (
            arr.ndim == 2
            and arr.shape[1] in (5, 6, 7)
            and arr.dtype == np.uint8
            and (threads is None or (type(threads) is int and threads in (1, 2)))
        ):
            # a bad row is named, and it is bad
            msg = str(out)
            assert msg.startswith("row "), msg
            row = arr[int(msg.split()[1].rstrip(":"))]
            assert any(int(c) >= 52 for c in row) or len(set(row.tolist())) < len(row), msg
        return
    assert isinstance(out, np.ndarray) and out.dtype == np.uint16 and out.shape == (arr.shape[0],)
    for row, v in zip(arr, out):
        assert evaluate([int(c) for c in row]).value == v


# --------------------------------------------------------------------------
# Deck


@fuzz(150)
@given(
    st.one_of(st.none(), st.integers(0, U64 - 1), st.sampled_from(EDGE_INTS), junk),
    st.lists(
        st.one_of(st.integers(-2, 60), st.sampled_from(EDGE_INTS), junk, st.just(MISSING)),
        max_size=8,
    ),
)
def test_deck_fuzz(seed: Any, deals: List[Any]) -> None:
    ok, deck = attempt(Deck, seed=seed, type_error_ok=not is_plain(seed))
    if not ok:
        return
    if seed is not None:
        assert Deck(seed=seed).remaining() == deck.remaining()
    seen: List[Card] = []
    for n in deals:
        before = deck.remaining()
        ok, cards = (
            attempt(deck.deal)
            if n is MISSING
            else attempt(deck.deal, n, type_error_ok=not is_plain(n))
        )
        if not ok:
            assert deck.remaining() == before, "a failed deal changed the deck"
            continue
        k = len(cards)
        if n is MISSING:
            assert k == 1
        assert (
            cards == before[:k] and deck.remaining() == before[k:] and len(deck) == len(before) - k
        )
        seen += cards
    assert len(set(seen)) == len(seen)
    deck.shuffle()
    assert len(deck) == 52 and len(set(deck.remaining())) == 52


# --------------------------------------------------------------------------
# Rules

amounts = st.one_of(
    st.integers(0, 20),
    st.integers(0, 20),
    st.sampled_from(EDGE_INTS),
    ints,
    np_ints,
    floats,
    indexables,
    st.booleans(),
    st.none(),
    safe_text,
    junk,
)
amount_lists = st.one_of(st.lists(st.one_of(st.integers(0, 100), amounts), max_size=5), junk)
# raise_cap is an i64 argument: values outside it raise OverflowError
# (test_bug_raise_cap_out_of_i64); here it stays inside.
raise_caps = st.one_of(
    st.none(),
    st.integers(-5, 10),
    st.integers(-(2**63), 2**63 - 1),
    st.booleans(),
    np_ints,
    floats,
    safe_text,
    junk,
).filter(lambda v: fits(v, -(2**63), 2**63 - 1))


def maybe(s: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    return st.one_of(st.just(MISSING), s)


@st.composite
def rules_calls(draw: Any) -> Tuple[str, Dict[str, Any]]:
    kind = draw(st.sampled_from(["no_limit", "pot_limit", "fixed_limit", "progressive"]))
    if kind == "progressive":
        kw = {"ante": draw(amounts), "bets": draw(amount_lists)}
    else:
        kw = {
            "small_blind": draw(amounts),
            "big_blind": draw(amounts),
            "ante": draw(maybe(amounts)),
            "big_blind_ante": draw(maybe(amounts)),
            "straddles": draw(maybe(amount_lists)),
            "straddle_min_raise": draw(
                maybe(st.one_of(st.sampled_from(["straddle", "big_blind"]), safe_text, junk))
            ),
        }
        if kind == "fixed_limit":
            kw.update(
                small_bet=draw(maybe(amounts)),
                big_bet=draw(maybe(amounts)),
                raise_cap=draw(maybe(raise_caps)),
                heads_up_uncapped=draw(
                    maybe(st.one_of(st.booleans(), st.booleans().map(np.bool_), junk))
                ),
            )
    return kind, {k: v for k, v in kw.items() if v is not MISSING}


@fuzz(400)
@given(rules_calls())
def test_rules_fuzz(call: Tuple[str, Dict[str, Any]]) -> None:
    kind, kw = call
    # raise_cap (i64), heads_up_uncapped (bool) and straddle_min_raise (str)
    # are typed arguments: PyO3 raises TypeError for another type.
    typed = kind == "fixed_limit" or type(kw.get("straddle_min_raise", "")) is not str
    plain = all(is_plain(v) for k, v in kw.items())
    ok, r = attempt(getattr(Rules, kind), type_error_ok=not plain or typed, **kw)
    if not ok:
        return
    assert (
        r.structure
        == {
            "no_limit": Structure.NO_LIMIT,
            "pot_limit": Structure.POT_LIMIT,
            "fixed_limit": Structure.FIXED_LIMIT,
            "progressive": Structure.PROGRESSIVE,
        }[kind]
    )
    # every int given is kept as given, within the documented limits
    for k in ("small_blind", "big_blind", "ante", "big_blind_ante", "small_bet", "big_bet"):
        if type(kw.get(k)) is int:
            assert getattr(r, k) == kw[k]
    values = (
        [r.small_blind, r.big_blind, r.ante, r.big_blind_ante]
        + list(r.straddles)
        + list(r.bets or [])
    )
    assert all(0 <= v <= MAX_CHIPS for v in values)
    if kind != "progressive":
        assert (
            r.big_blind >= 1 and r.small_blind <= r.big_blind and not (r.ante and r.big_blind_ante)
        )
    else:
        assert len(r.bets) == 4 and all(b >= 1 for b in r.bets)
    state = r.__reduce__()[1][0]
    assert _core._restore_rules(state) == r and pickle.loads(pickle.dumps(r)) == r
    assert hash(pickle.loads(pickle.dumps(r))) == hash(r)
    check_repr(r)


def check_repr(r: Rules) -> None:
    """repr(r) is the constructor call that makes r."""
    if r.straddle_min_raise == "big_blind" and not r.straddles:
        return  # the repr leaves it out: test_bug_rules_repr_drops_straddle_min_raise
    assert eval(repr(r), {"Rules": Rules}) == r


# --------------------------------------------------------------------------
# Hand construction

RULES_SET = [
    Rules.no_limit(small_blind=1, big_blind=2),
    Rules.no_limit(small_blind=5, big_blind=10, ante=1),
    Rules.no_limit(small_blind=1, big_blind=2, big_blind_ante=2),
    Rules.no_limit(small_blind=1, big_blind=2, straddles=[4, 8]),
    Rules.no_limit(small_blind=1, big_blind=2, straddles=[4], straddle_min_raise="big_blind"),
    Rules.no_limit(small_blind=MAX_CHIPS // 4, big_blind=MAX_CHIPS // 2),
    Rules.pot_limit(small_blind=1, big_blind=2),
    Rules.pot_limit(small_blind=0, big_blind=3, straddles=[6]),
    Rules.fixed_limit(small_blind=1, big_blind=2),
    Rules.fixed_limit(small_blind=1, big_blind=2, raise_cap=None, ante=1),
    Rules.fixed_limit(
        small_blind=2, big_blind=2, raise_cap=0, heads_up_uncapped=False, straddles=[4]
    ),
    Rules.progressive(ante=1, bets=[2, 4, 6, 8]),
    Rules.progressive(ante=1, bets=[1, 2, 3, 4]),
    Rules.stud(game="stud", ante=1, bring_in=1, small_bet=2),
    Rules.stud(game="stud-hi-lo", bring_in=2, small_bet=5, big_bet=10, raise_cap=None),
    Rules.stud(game="razz", ante=2, bring_in=1, small_bet=4, raise_cap=1),
    Rules.fixed_limit(small_blind=1, big_blind=2, game="2-7-triple-draw"),
    Rules.no_limit(small_blind=1, big_blind=2, big_blind_ante=2, game="2-7-single-draw"),
    Rules.fixed_limit(small_blind=1, big_blind=2, raise_cap=1, game="badugi"),
]
# The stud and draw games' kinds in the low four bits of the rules' game
# byte: a hand of these keeps its cards in its deal, at the end of its state.
STUD_KINDS = (5, 6, 7, 8, 9, 10)
rules_values = st.one_of(st.sampled_from(RULES_SET), st.sampled_from(RULES_SET), junk)
stack_item = st.one_of(
    st.integers(1, 300),
    st.integers(1, 300),
    st.integers(1, 5),
    st.sampled_from([MAX_CHIPS // 8, MAX_CHIPS // 22]),
    st.sampled_from(EDGE_INTS),
    np_ints,
    floats,
    st.booleans(),
    st.none(),
    indexables,
)
stack_lists = st.one_of(
    st.lists(st.integers(1, 500), min_size=2, max_size=9), st.lists(stack_item, max_size=24), junk
)


@st.composite
def hole_card_values(draw: Any, n: int, pool: List[int]) -> Any:
    """hole_cards for ``n`` seats drawn from ``pool`` (distinct cards), with
    adversarial changes: None entries, wrong lengths, duplicates, junk."""
    kind = draw(st.integers(0, 9))
    if kind == 0:
        return draw(junk)
    if kind == 1:
        return None
    entries: List[Any] = []
    for _seat in range(n):
        pair, pool = pool[:2], pool[2:]
        if len(pair) < 2 or draw(st.integers(0, 3)) == 0:
            entries.append(None)
        else:
            entries.append(card_form(pair, draw(st.sampled_from(CARD_FORMS))))
    if entries and kind == 2:  # one seat wrong: 0, 1, 3 cards, a duplicate or junk
        seat = draw(st.integers(0, len(entries) - 1))
        entries[seat] = draw(
            st.one_of(
                card_list(0, 4).map(lambda c: card_form(c, "str")), scalar_junk, st.just("AhAh")
            )
        )
    if kind == 3:  # wrong number of entries
        entries = entries[:-1] if draw(st.booleans()) else entries + [None]
    if kind == 4 and n >= 2:  # the same card in two seats
        entries[0], entries[1] = "AsKs", "AsQs"
    return entries if draw(st.integers(0, 3)) else tuple(entries)


@st.composite
def hand_calls(draw: Any) -> Dict[str, Any]:
    stacks = draw(stack_lists)
    n = len(stacks) if isinstance(stacks, list) else draw(st.integers(2, 6))
    pool = draw(st.permutations(range(52)))
    board_cards = pool[: draw(st.integers(0, 6))]
    board: Any = draw(
        st.one_of(
            st.none(),
            st.sampled_from(CARD_FORMS).map(lambda f: card_form(board_cards, f)),
            junk,
        )
    )
    return dict(
        rules=draw(rules_values),
        stacks=stacks,
        button=draw(st.one_of(st.integers(-2, 24), st.sampled_from(EDGE_INTS), np_ints, junk)),
        seed=draw(st.one_of(st.none(), st.integers(0, U64 - 1), st.sampled_from(EDGE_INTS), junk)),
        hole_cards=draw(hole_card_values(n, pool[len(board_cards) :])),
        board=board,
    )


def chips_conserved(h: Hand) -> None:
    start = sum(h.starting_stacks)
    if h.is_over:
        assert sum(h.stacks) == start, f"chips not conserved: {h.stacks} from {h.starting_stacks}"
        assert sum(h.payoffs) == 0
    else:
        assert sum(h.stacks) + h.pot == start, (
            f"chips not conserved: {h.stacks} + {h.pot} from {h.starting_stacks}"
        )


def as_cards(x: Any) -> List[Card]:
    return parse_cards(x) if isinstance(x, str) else [Card(c) for c in x]


def given_pairs(hole_cards: Any) -> Optional[List[Optional[List[Card]]]]:
    if hole_cards is None:
        return None
    return [None if e is None else as_cards(e) for e in hole_cards]


@fuzz(300)
@given(hand_calls())
def test_hand_construction_fuzz(kw: Dict[str, Any]) -> None:
    stacks_before = list(kw["stacks"]) if isinstance(kw["stacks"], list) else None
    ok, h = attempt(
        Hand, type_error_ok=not all(is_plain(v) for k, v in kw.items() if k != "rules"), **kw
    )
    if stacks_before is not None:
        assert len(kw["stacks"]) == len(stacks_before) and all(
            a is b for a, b in zip(kw["stacks"], stacks_before)
        ), "stacks modified"
    if not ok:
        return
    assert h.num_players == len(h.stacks) and 2 <= h.num_players <= 22
    assert 0 <= h.button < h.num_players
    if isinstance(kw["stacks"], list) and all(type(s) is int for s in kw["stacks"]):
        assert h.starting_stacks == kw["stacks"]
    assert sum(h.starting_stacks) <= MAX_CHIPS
    chips_conserved(h)
    holes = [h.hole_cards(s) for s in range(h.num_players)]
    dealt = [c for pair in holes for c in pair] + h.board
    assert len(set(dealt)) == len(dealt), "a card was dealt twice"
    pairs = given_pairs(kw["hole_cards"])
    if pairs is not None:
        game = h.rules.game
        for seat, pair in enumerate(pairs):
            if pair is None:
                continue
            if game.is_stud:
                # (a stud seat is given its first cards)
                assert holes[seat][: len(pair)] == pair
            elif game.is_draw:
                # (a draw seat's hand as dealt, before any draw)
                dealt_to = [
                    e.cards for e in h.events if e.kind == hc.EventKind.DEAL_HOLE and e.seat == seat
                ]
                assert dealt_to[0] == pair
            else:
                assert holes[seat] == pair
    if kw["board"] is not None:
        board = as_cards(kw["board"])
        shown = h.board
        assert shown[: len(board)] == board[: len(shown)], "the given board was not used"
    if type(kw["seed"]) is int and isinstance(kw["stacks"], list):
        assert Hand(**kw) == h, "the same seed gave another deal"
    assert pickle.loads(pickle.dumps(h)) == h and h.copy() == h
    repr(h)


# --------------------------------------------------------------------------
# actions

# Seats for hole_cards()/view(): negative ones and ones >= 2**64 raise
# OverflowError (test_bug_seat_out_of_usize); here they stay in range.
seat_values = st.one_of(
    st.integers(0, 30),
    st.sampled_from([2**32, 2**63, U64 - 1]),
    np_ints.filter(lambda x: x >= 0),
    floats,
    safe_text,
    st.none(),
    st.booleans(),
)
amount_values = st.one_of(
    st.sampled_from([-1, 0, 1, -(2**63), 2**63, U64 - 1, U64, 2**100, MAX_CHIPS, MAX_CHIPS + 1]),
    st.integers(-10, 400),
    st.integers(),
    np_ints,
    floats,
    st.booleans(),
    st.none(),
    safe_text,
    indexables,
    st.lists(st.integers(0, 10), max_size=2),
)


@st.composite
def playable_hand(draw: Any) -> Hand:
    rules = draw(st.sampled_from(RULES_SET))
    lo = rules.straddles and len(rules.straddles) + 2 or 2
    n = draw(st.integers(lo, 7))
    stacks = draw(
        st.lists(st.one_of(st.integers(1, 40), st.integers(40, 400)), min_size=n, max_size=n)
    )
    if rules.big_blind > 10**6:
        stacks = [MAX_CHIPS // 8] * n
    return Hand(
        rules, stacks, button=draw(st.integers(0, n - 1)), seed=draw(st.integers(0, 2**64 - 1))
    )


def snapshot(h: Hand) -> bytes:
    return pickle.dumps(h)


@fuzz(250)
@given(playable_hand(), st.data())
def test_actions_fuzz(h: Hand, data: Any) -> None:
    for _ in range(40):
        la = h.legal_actions()
        before, twin = snapshot(h), h.copy()
        choice = data.draw(
            st.sampled_from(["fold", "call", "raise", "raise_legal", "seat", "discard"]),
            label="action",
        )
        if choice == "seat":
            seat = data.draw(seat_values, label="seat")
            wrong_type = as_index(seat) is None  # seat is a typed (usize) argument
            ok, r = attempt(h.hole_cards, seat, type_error_ok=wrong_type)
            if ok:
                # (a stud seat: the cards dealt to it so far, 3 to 7; a draw
                # seat: its hand, short of its discards while it draws)
                game = h.rules.game
                assert 0 <= int(seat) < h.num_players
                if h.rules.bring_in > 0:
                    assert 3 <= len(r) <= 7
                elif game.code in ("2-7-triple-draw", "2-7-single-draw", "badugi"):
                    assert len(r) <= game.hole_cards
                    assert len(r) == game.hole_cards or h.is_drawing
                else:
                    assert len(r) == 2
            ok, v = attempt(h.view, seat, type_error_ok=wrong_type)
            if ok and seat is None:  # the public view
                assert v.seat is None and v.hole_cards is None and v.num_players == h.num_players
            elif ok:
                assert v.hole_cards == h.hole_cards(int(seat)) and v.num_players == h.num_players
            if ok:
                v.legal_actions(), v.shown, v.pots, v.history, v.events, v.to_dict(), repr(v)
            assert snapshot(h) == before
            continue
        if choice == "fold":
            ok, e = attempt(h.fold)
        elif choice == "discard":
            # some of the actor's cards, or anything at all
            actor = h.actor
            held = [] if actor is None else h.hole_cards(actor)
            cards: Any = data.draw(
                st.one_of(
                    st.lists(st.sampled_from(held), unique=True) if held else st.just([]),
                    st.lists(st.sampled_from(held + [Card("2c"), Card("Ah")]), max_size=6)
                    if held
                    else st.just(["Ah"]),
                    junk,
                ),
                label="discard",
            )
            ok, e = attempt(h.discard, cards, type_error_ok=True)
            if la is not None and la.draw and isinstance(cards, list):
                mine = all(isinstance(c, Card) and c in held for c in cards)
                if mine and len(set(cards)) == len(cards):
                    assert ok, f"a discard of {cards} was refused: {e}"
        elif choice == "call":
            ok, e = attempt(h.check_or_call)
        elif choice == "raise_legal" and la is not None and la.min_raise_to is not None:
            amount: Any = data.draw(
                st.integers(la.min_raise_to, la.max_raise_to), label="legal amount"
            )
            ok, e = attempt(h.bet_or_raise_to, amount)
            assert ok, f"a legal raise to {amount} was refused: {e}"
        else:
            amount = data.draw(amount_values, label="amount")
            ok, e = attempt(h.bet_or_raise_to, amount, type_error_ok=not is_plain(amount))
            if ok and type(amount) is not int:
                # a non-int amount was accepted: it must act as int(amount)
                assert isinstance(amount, (np.integer, Indexable)), f"{amount!r} accepted as a bet"
                twin.bet_or_raise_to(int(amount.__index__()))
                assert h == twin
            if (
                not ok
                and isinstance(e, IllegalActionError)
                and type(amount) is int
                and la is not None
                and la.min_raise_to is not None
                and not la.min_raise_to <= amount <= la.max_raise_to
            ):
                msg = str(e)
                assert str(la.min_raise_to) in msg and str(la.max_raise_to) in msg, (
                    f"no legal range in {msg!r}"
                )
        if not ok:
            assert snapshot(h) == before, "a failed action changed the hand"
            assert h == twin
            if la is None:
                # (cards that are no cards are refused as such first)
                assert isinstance(e, IllegalActionError) or (
                    choice == "discard" and isinstance(e, CardError)
                )
            if isinstance(e, IllegalActionError):
                # the error carries the legal actions at that moment and why
                assert e.legal == h.legal_actions() == la
                assert isinstance(e.reason, hc.IllegalReason)
                assert e.seat == (la.seat if la is not None else None)
        else:
            assert la is not None, "acted on a finished hand"
        chips_conserved(h)
        if h.is_over and data.draw(st.booleans(), label="stop"):
            break
    assert pickle.loads(pickle.dumps(h)) == h


# --------------------------------------------------------------------------
# corrupted pickles


class _Reader:
    def __init__(self, b: bytes) -> None:
        self.b, self.i = b, 0

    def u8(self) -> int:
        v = self.b[self.i]
        self.i += 1
        return v

    def u64(self) -> int:
        v = struct.unpack_from("<Q", self.b, self.i)[0]
        self.i += 8
        return v


def _q(x: int) -> bytes:
    return struct.pack("<Q", x)


# The saved-state format the engine writes (rust/core/src/game/codec.rs);
# test_an_old_format_is_refused checks that format 1 is refused.
STATE_FORMAT = 7
SEAT_U64 = ("starting", "stack", "bet", "total", "acted_high")
SEAT_BOOL = ("folded", "all_in", "acted")
HAND_U64 = ("high", "full_raise", "last_full_high", "raises", "dead")


def _decode_rules(r: _Reader) -> Dict[str, Any]:
    d: Dict[str, Any] = {"structure": r.u8(), "v": [r.u64() for _ in range(6)]}
    d["straddles"] = [r.u64() for _ in range(r.u64())]
    d["smr"] = r.u8()
    d["cap"] = r.u64() if r.u8() else None
    d["huu"] = r.u8()
    d["bets"] = [r.u64() for _ in range(4)]
    # The game: kind in the low four bits, hole cards in the next three,
    # ranking on top.
    d["game"] = r.u8()
    d["button_blind"] = r.u8()
    # The stud games' bring-in (0 in the others) and fourth-street option.
    d["bring_in"] = r.u64()
    d["fourth_street_big_bet"] = r.u8()
    return d


def _encode_rules(d: Dict[str, Any]) -> bytes:
    out = (
        bytes([d["structure"]])
        + b"".join(map(_q, d["v"]))
        + _q(len(d["straddles"]))
        + b"".join(map(_q, d["straddles"]))
    )
    out += bytes([d["smr"]]) + (b"\x00" if d["cap"] is None else b"\x01" + _q(d["cap"]))
    return (
        out
        + bytes([d["huu"]])
        + b"".join(map(_q, d["bets"]))
        + bytes([d["game"], d["button_blind"]])
        + _q(d["bring_in"])
        + bytes([d["fourth_street_big_bet"]])
    )


def decode_hand_state(b: bytes) -> Dict[str, Any]:
    """The fields of ``Hand.__reduce__``'s state (format of rust/core/src/game/codec.rs)."""
    r = _Reader(b)
    assert r.u8() == STATE_FORMAT
    d: Dict[str, Any] = {"rules": _decode_rules(r), "seats": []}
    for _ in range(r.u64()):
        s = {k: r.u64() for k in SEAT_U64}
        s.update({k: r.u8() for k in SEAT_BOOL})
        # (a stud hand's cards are in its deal, at the end)
        stud = d["rules"]["game"] & 15 in STUD_KINDS
        s["hole"] = [] if stud else [r.u8() for _ in range((d["rules"]["game"] >> 4) & 7)]
        d["seats"].append(s)
    d["button"] = r.u8()
    # Who posts the blinds: small blind (255: dead), big blind, posting seats (a bit each).
    d["sb"], d["bb"], d["posting"] = r.u8(), r.u8(), r.u64()
    d["street"] = r.u8()
    d["board"] = [r.u8() for _ in range(5)]
    d["burns"] = [r.u8() for _ in range(3)] if r.u8() else None
    d["actor"] = r.u8()
    d.update({k: r.u64() for k in HAND_U64})
    d["uncapped"] = r.u8()
    # Stud, fourth street: the round went to the big bet (the open-pair option).
    d["fourth_big"] = r.u8()
    d["history"] = [[r.u8(), r.u8(), r.u8(), r.u64(), r.u8()] for _ in range(r.u64())]
    # Pots: amount, eligible, winners, low winners.
    d["result"] = [[r.u64() for _ in range(4)] for _ in range(r.u64())] if r.u8() else None
    # A stud hand's deal (whether the bring-in is due, each seat's cards, the
    # stub, the burns), kept as it is.
    d["stud"] = b[r.i :]
    assert d["stud"] == b"" or d["rules"]["game"] & 15 in STUD_KINDS
    return d


def encode_hand_state(d: Dict[str, Any]) -> bytes:
    out = bytes([STATE_FORMAT]) + _encode_rules(d["rules"]) + _q(len(d["seats"]))
    for s in d["seats"]:
        out += b"".join(_q(s[k]) for k in SEAT_U64) + bytes([s[k] for k in SEAT_BOOL] + s["hole"])
    out += (
        bytes([d["button"], d["sb"], d["bb"]])
        + _q(d["posting"])
        + bytes([d["street"]] + d["board"])
    )
    out += b"\x00" if d["burns"] is None else b"\x01" + bytes(d["burns"])
    out += (
        bytes([d["actor"]])
        + b"".join(_q(d[k]) for k in HAND_U64)
        + bytes([d["uncapped"], d["fourth_big"]])
    )
    out += _q(len(d["history"])) + b"".join(
        bytes(a[:3]) + _q(a[3]) + bytes([a[4]]) for a in d["history"]
    )
    if d["result"] is None:
        return out + b"\x00" + d["stud"]
    return (
        out
        + b"\x01"
        + _q(len(d["result"]))
        + b"".join(b"".join(map(_q, p)) for p in d["result"])
        + d["stud"]
    )


def hand_state(h: Hand) -> bytes:
    return h.__reduce__()[1][0]


U64_VALUES = [0, 1, 2, 3, 7, 100, 2**31, 2**32, MAX_CHIPS - 1, MAX_CHIPS, 2**63, U64 - 1]


def mutate_state(d: Dict[str, Any], rng: random.Random) -> None:
    """Range-valid changes to a decoded hand (so that decoding often succeeds).
    Chips are only moved, never created: stacks beyond 2**60 are covered by
    test_bug_restore_accepts_stacks_beyond_the_chip_limit."""
    seats = d["seats"]
    n = len(seats)
    for _ in range(rng.randint(1, 4)):
        s = rng.choice(seats)
        k = rng.randrange(14)
        if k == 0:
            s[rng.choice(SEAT_BOOL)] ^= 1
        elif k == 1 and s["hole"]:
            s["hole"][rng.randrange(len(s["hole"]))] = rng.randrange(52)
        elif k == 2:
            d["board"][rng.randrange(5)] = rng.randrange(52)
        elif k == 3:
            d["actor"] = rng.choice([255, rng.randrange(n), rng.randrange(256)])
        elif k == 4:
            d["street"] = rng.randrange(6)
        elif k == 5:
            d["button"] = rng.randrange(n + 1)
        elif k == 6:
            d[rng.choice(HAND_U64)] = rng.choice(U64_VALUES + [rng.randrange(500)])
        elif k == 7:
            d["uncapped"] ^= 1
        elif k == 8:  # move chips from the stack into the pot
            x = rng.randint(0, s["stack"])
            s["stack"] -= x
            s["total"] += x
            if rng.random() < 0.7 and s["bet"] + x < U64:
                s["bet"] += x
        elif k == 9:  # move chips from the pot back to the stack
            x = rng.randint(0, s["total"] - s["bet"]) if s["total"] > s["bet"] else 0
            s["total"] -= x
            s["stack"] += x
        elif k == 10:
            s[rng.choice(["bet", "acted_high"])] = rng.choice(U64_VALUES + [rng.randrange(500)])
        elif k == 11 and d["history"]:
            a = rng.choice(d["history"])
            a[rng.randrange(5)] = (
                rng.choice([0, 1, 2, 4, 8, 9, 255])
                if rng.random() < 0.8
                else rng.choice(U64_VALUES)
            )
            a[3] &= U64 - 1
            for i in (0, 1, 2, 4):
                a[i] &= 255
        elif k == 13:
            which = rng.randrange(3)
            if which == 0:
                d["sb"] = rng.choice([255, rng.randrange(n + 1)])
            elif which == 1:
                d["bb"] = rng.randrange(n + 1)
            else:
                d["posting"] = rng.choice([0, 1, 1 << rng.randrange(n + 1), rng.randrange(1 << n)])
        elif k == 12 and d["result"]:
            p = rng.choice(d["result"])
            p[rng.randrange(3)] = rng.choice([0, 1, (1 << n) - 1, 1 << n, rng.randrange(1 << n)])


def random_hand(rng: random.Random) -> Hand:
    rules = rng.choice(RULES_SET)
    n = rng.randint(len(rules.straddles) + 2, 7)
    stacks = (
        [MAX_CHIPS // 8] * n
        if rules.big_blind > 10**6
        else [rng.choice([1, 2, 3, 10, 50, 400]) for _ in range(n)]
    )
    h = Hand(rules, stacks, button=rng.randrange(n), seed=rng.randrange(2**64))
    for _ in range(rng.randrange(14)):
        la = h.legal_actions()
        if la is None:
            break
        r = rng.random()
        if la.draw:
            held = h.hole_cards(la.seat)
            h.discard(rng.sample(held, rng.randint(0, len(held))))
        elif r < 0.2 and la.can_fold:
            h.fold()
        elif r < 0.5 and la.min_raise_to is not None:
            h.bet_or_raise_to(rng.randint(la.min_raise_to, la.max_raise_to))
        else:
            h.check_or_call()
    return h


def exercise(h: Hand, rng: random.Random, steps: int = 25) -> None:
    """Every reader and every action on a (maybe corrupted) hand: only clean
    errors, and a failed action changes nothing. No rule is checked: a
    corrupted state may be garbage (see the test_bug_restore_* tests)."""
    for _ in range(steps):
        for name in (
            "actor",
            "street",
            "stacks",
            "starting_stacks",
            "bets",
            "contributions",
            "pot",
            "pots",
            "board",
            "folded",
            "all_in",
            "is_over",
            "payoffs",
            "history",
            "rules",
            "num_players",
            "button",
        ):
            getattr(h, name)
        repr(h), [repr(p) for p in h.pots], [(repr(a), a.kind, a.street) for a in h.history]
        la = h.legal_actions()
        repr(la)
        for seat in range(h.num_players):
            v = h.view(seat)
            v.shown, v.legal_actions(), v.hole_cards, v.pots, v.payoffs, v.history, repr(v)
            h.hole_cards(seat)
        assert h.copy() == h
        attempt(pickle.loads, pickle.dumps(h))  # may be refused: the state is corrupt
        before = snapshot(h)
        k = rng.randrange(5)
        if k == 0:
            ok, _ = attempt(h.fold)
        elif k == 1:
            ok, _ = attempt(h.check_or_call)
        elif k == 4:
            held = [] if h.actor is None else h.hole_cards(h.actor)
            ok, _ = attempt(h.discard, rng.sample(held, rng.randint(0, len(held))))
        else:
            amount = rng.choice([0, 1, rng.randrange(1000), MAX_CHIPS, U64 - 1, -1, 2**70])
            if la is not None and la.min_raise_to is not None and k == 2:
                amount = rng.choice([la.min_raise_to, la.max_raise_to])
            ok, _ = attempt(h.bet_or_raise_to, amount)
        if not ok:
            assert snapshot(h) == before, "a failed action changed a restored hand"
        if la is None and h.legal_actions() is None and not ok:
            break


@fuzz(120)
@given(st.randoms(use_true_random=False))
def test_restore_hand_structured_corruption(rng: random.Random) -> None:
    state = hand_state(random_hand(rng))
    d = decode_hand_state(state)
    assert encode_hand_state(d) == state
    mutate_state(d, rng)
    ok, h = attempt(_core._restore_hand, encode_hand_state(d))
    if ok:
        exercise(h, rng)


def byte_mutations(state: bytes, rng: random.Random) -> bytes:
    b = bytearray(state)
    for _ in range(rng.randint(1, 4)):
        k = rng.randrange(6)
        i = rng.randrange(len(b)) if b else 0
        if k == 0 and b:
            b[i] ^= 1 << rng.randrange(8)
        elif k == 1 and b:
            b[i] = rng.choice([0, 1, 2, 3, 4, 5, 21, 22, 23, 51, 52, 254, 255])
        elif k == 2:
            del b[i:]
        elif k == 3:
            b[i:i] = bytes(rng.randrange(256) for _ in range(rng.choice([1, 8, 13])))
        elif k == 4 and len(b) > 8:
            b[i : i + 8] = rng.choice([_q(U64 - 1), _q(2**63), _q(23), _q(1 << 20), _q(0)])
        elif b:
            del b[i : i + rng.choice([1, 8, 13])]
    return bytes(b)


@fuzz(150)
@given(st.randoms(use_true_random=False), st.binary(max_size=400))
def test_restore_hand_random_bytes(rng: random.Random, raw: bytes) -> None:
    for state in (raw, b"\x01" + raw, byte_mutations(hand_state(random_hand(rng)), rng)):
        ok, h = attempt(_core._restore_hand, state)
        if ok:
            exercise(h, rng, steps=10)
    for junk_state in (None, 1, "x", [1], bytearray(b"\x01"), memoryview(b"\x01")):
        attempt(_core._restore_hand, junk_state, type_error_ok=True)


@fuzz(200)
@given(st.randoms(use_true_random=False), st.binary(max_size=200))
def test_restore_rules_random_bytes(rng: random.Random, raw: bytes) -> None:
    good = rng.choice(RULES_SET).__reduce__()[1][0]
    d = _decode_rules(_Reader(good[1:]))
    field = rng.choice(
        [
            "structure",
            "v",
            "straddles",
            "smr",
            "cap",
            "huu",
            "bets",
            "game",
            "button_blind",
            "bring_in",
        ]
    )
    if field in ("v", "bets"):
        d[field][rng.randrange(len(d[field]))] = rng.choice(U64_VALUES + [rng.randrange(20)])
    elif field == "straddles":
        d[field] = [rng.choice(U64_VALUES + [rng.randrange(40)]) for _ in range(rng.randrange(4))]
    elif field == "cap":
        d[field] = rng.choice([None, 0, 4, 2**32 - 1, 2**32, U64 - 1])
    elif field == "game":
        d[field] = rng.randrange(256)
    elif field == "button_blind":
        d[field] = rng.randrange(3)
    elif field == "bring_in":
        d[field] = rng.choice(U64_VALUES + [rng.randrange(6)])
    else:
        d[field] = rng.randrange(5)
    structured = b"\x01" + _encode_rules(d)
    for state in (raw, b"\x01" + raw, byte_mutations(good, rng), structured):
        ok, r = attempt(_core._restore_rules, state)
        if ok:
            # what decodes is valid rules, and encodes back to the same bytes
            assert r.__reduce__()[1][0] == state
            check_repr(r)
            assert r.big_blind >= 1 or r.structure == Structure.PROGRESSIVE or r.bring_in >= 1
    for junk_state in (None, 1, "x", bytearray(b"\x01")):
        attempt(_core._restore_rules, junk_state, type_error_ok=True)


@st.composite
def hand_rank_args(draw: Any) -> Tuple[Any, Any]:
    kind = draw(st.integers(0, 3))
    if kind == 0:  # in the argument types' ranges (u16, u64): see test_bug_restore_hand_rank_*
        return draw(st.integers(0, 2**16 - 1)), draw(st.integers(0, U64 - 1))
    if kind == 1:
        return draw(junk), draw(junk)
    cards = draw(card_list(3, 8))
    mask = sum(1 << c for c in cards)
    if draw(st.booleans()):
        mask |= draw(st.integers(0, 2**12 - 1)) << 52  # bits above the 52 cards
    value = evaluate(cards).value if 5 <= len(cards) <= 7 else draw(st.integers(0, 7463))
    return value + draw(st.sampled_from([0, 0, 0, 1, -1])), mask


@fuzz(300)
@given(hand_rank_args())
def test_restore_hand_rank_fuzz(args: Tuple[Any, Any]) -> None:
    value, cards = args
    if not (fits(value, 0, 2**16 - 1) and fits(cards, 0, U64 - 1)):
        return  # OverflowError: test_bug_restore_hand_rank_out_of_range_ints
    wrong_type = as_index(value) is None or as_index(cards) is None  # typed (u16, u64) arguments
    ok, r = attempt(_core._restore_hand_rank, value, cards, type_error_ok=wrong_type)
    if not ok:
        return
    held = [c for c in range(52) if operator.index(cards) >> c & 1]
    assert r.value == operator.index(value) == evaluate(held).value
    assert set(r.best_five) <= {Card(c) for c in held}
    assert pickle.loads(pickle.dumps(r)) == r


# --------------------------------------------------------------------------
# crash check: the riskiest workloads in a child interpreter


def _crash_workload(seed: int) -> None:
    """Run by test_crash_check_in_subprocess in a child process."""
    rng = random.Random(seed)
    # corrupted hands played out
    for _ in range(150):
        state = hand_state(random_hand(rng))
        d = decode_hand_state(state)
        mutate_state(d, rng)
        for s in (encode_hand_state(d), byte_mutations(state, rng)):
            try:
                h = _core._restore_hand(s)
            except HolecardsError:
                continue
            for _ in range(30):
                la = h.legal_actions()
                try:
                    if la is None:
                        h.fold()
                    elif la.min_raise_to is not None and rng.random() < 0.3:
                        h.bet_or_raise_to(rng.choice([la.min_raise_to, la.max_raise_to]))
                    else:
                        (h.fold if rng.random() < 0.2 else h.check_or_call)()
                except HolecardsError:
                    break
                h.pots, h.payoffs, [h.view(i).shown for i in range(h.num_players)]
    # the parallel batch path (more than 2**14 rows), with a bad row late on
    rows = np.array([rng.sample(range(52), 7) for _ in range(64)], dtype=np.uint8)
    big = np.tile(rows, (600, 1))
    for threads in (None, 2, 3):
        out = evaluate_many(big, threads=threads)
        assert out.shape == (big.shape[0],)
        for bad_value, name in ((52, "is not a card"), (int(big[-5, 1]), "duplicate")):
            bad = big.copy()
            bad[-5, 0] = bad_value
            try:
                evaluate_many(bad, threads=threads)
                raise AssertionError("bad row accepted")
            except CardError as e:
                assert f"row {big.shape[0] - 5}" in str(e) and name in str(e), str(e)
    evaluate_many(np.repeat(big, 2, axis=1)[:, ::2][:, :7], threads=2)  # non-contiguous
    evaluate_many(np.asfortranarray(big[:, :6]))
    # several Python threads at once (the GIL is released in evaluate_many)
    errors: List[BaseException] = []

    def worker(k: int) -> None:
        try:
            r = random.Random(k)
            for _ in range(5):
                evaluate_many(big, threads=r.choice([None, 1, 2]))
                random_hand(r)
        except BaseException as e:  # pragma: no cover - reported below
            errors.append(e)

    ts = [threading.Thread(target=worker, args=(k,)) for k in range(4)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    assert not errors, errors
    print("CRASH-CHECK-DONE")


def test_crash_check_in_subprocess() -> None:
    seed = random.randrange(10**6)
    code = f"import sys; sys.path.insert(0, {HERE!r}); import test_api_fuzz as t; t._crash_workload({seed})"
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert p.returncode == 0 and "CRASH-CHECK-DONE" in p.stdout, (
        f"child exited with {p.returncode} (negative: killed by signal), _crash_workload({seed})\n{p.stdout[-2000:]}\n{p.stderr[-4000:]}"
    )


# --------------------------------------------------------------------------
# bugs this file found, fixed: minimal reproductions kept as regression tests

NL = Rules.no_limit(small_blind=1, big_blind=2)


def _hand() -> Hand:
    return Hand(NL, [100, 100, 100], seed=1)


@pytest.mark.parametrize("value,cards", [(-1, 31), (2**16, 31), (1, -1), (1, U64)])
def test_bug_restore_hand_rank_out_of_range_ints(value: int, cards: int) -> None:
    expect_clean_error(_core._restore_hand_rank, value, cards)


@pytest.mark.parametrize("method", ["hole_cards", "view"])
@pytest.mark.parametrize("seat", [-1, U64])
def test_bug_seat_out_of_usize(method: str, seat: int) -> None:
    expect_clean_error(getattr(_hand(), method), seat)


@pytest.mark.parametrize("cap", [2**63, -(2**63) - 1])
def test_bug_raise_cap_out_of_i64(cap: int) -> None:
    expect_clean_error(Rules.fixed_limit, small_blind=1, big_blind=2, raise_cap=cap)


def test_bug_evaluate_many_threads_beyond_usize() -> None:
    expect_clean_error(evaluate_many, np.zeros((0, 5), np.uint8), threads=U64)


@pytest.mark.parametrize(
    "call",
    [
        lambda: Card("\ud800"),
        lambda: parse_cards("Ah\ud800"),
        lambda: evaluate("AhKhQhJhT\ud800"),
        lambda: Hand(NL, [10, 10], hole_cards=["\ud800", None]),
        lambda: Hand(NL, [10, 10], board="\udfff"),
        lambda: Rules.no_limit(small_blind=1, big_blind=2, straddle_min_raise="\ud800"),
    ],
    ids=["Card", "parse_cards", "evaluate", "Hand-hole_cards", "Hand-board", "straddle_min_raise"],
)
def test_bug_lone_surrogate(call: Callable[[], Any]) -> None:
    expect_clean_error(call)


def test_bug_evaluate_many_ragged_list() -> None:
    expect_clean_error(evaluate_many, [[0, 1, 2, 3, 4], [5, 6]])


def _corrupt(h: Hand, change: Callable[[Dict[str, Any]], None]) -> bytes:
    d = decode_hand_state(hand_state(h))
    change(d)
    return encode_hand_state(d)


def _heads_up() -> Hand:
    return Hand(NL, [100, 100], hole_cards=["AhAd", "KhKd"], board="2c3c4d9hTs")


def _huge_stacks(d: Dict[str, Any]) -> None:
    for s in d["seats"]:
        s["starting"] += 2**63 - 100
        s["stack"] += 2**63 - 100


def _same_hole_cards(d: Dict[str, Any]) -> None:
    d["seats"][1]["hole"] = list(d["seats"][0]["hole"])


def _board_all_one_card(d: Dict[str, Any]) -> None:
    d["board"] = [d["seats"][0]["hole"][0]] * 5


def _all_folded(d: Dict[str, Any]) -> None:
    for s in d["seats"]:
        s["folded"] = 1


def _finished_with_actor(d: Dict[str, Any]) -> None:
    d["actor"] = 1


def _finished_hand() -> Hand:
    h = _heads_up()
    h.fold()
    return h


@pytest.mark.parametrize(
    "make,change",
    [
        (_heads_up, _huge_stacks),  # 2**63 stacks: two all-ins make a pot of 0, 2**64 chips vanish
        (_heads_up, _same_hole_cards),  # the same two cards in two seats
        (_heads_up, _board_all_one_card),  # a board of five aces of hearts, shown at showdown
        (_heads_up, _all_folded),  # everyone folded, mid-hand: a fold makes the blinds vanish
        (
            _finished_hand,
            _finished_with_actor,
        ),  # a finished hand with a player to act: acting pays the pot again
    ],
    ids=[
        "stacks-beyond-2**60",
        "duplicate-hole-cards",
        "duplicate-board",
        "all-folded",
        "finished-with-actor",
    ],
)
def test_bug_restore_accepts_inconsistent_state(
    make: Callable[[], Hand], change: Callable[[Dict[str, Any]], None]
) -> None:
    expect_clean_error(_core._restore_hand, _corrupt(make(), change))


def test_bug_restored_huge_stacks_lose_chips() -> None:
    try:
        h = _core._restore_hand(_corrupt(_heads_up(), _huge_stacks))
    except HolecardsError:
        return  # refused: fixed
    h.bet_or_raise_to(h.legal_actions().max_raise_to)
    h.check_or_call()
    assert h.pot == sum(h.starting_stacks), (
        f"pot {h.pot}, stacks {h.stacks} from {h.starting_stacks}"
    )


def test_bug_restored_finished_hand_pays_twice() -> None:
    try:
        h = _core._restore_hand(_corrupt(_finished_hand(), _finished_with_actor))
    except HolecardsError:
        return  # refused: fixed
    try:
        h.check_or_call()
    except IllegalActionError:
        return  # refused: fixed
    assert sum(h.stacks) == sum(h.starting_stacks), f"stacks {h.stacks} from {h.starting_stacks}"


def test_bug_rules_repr_drops_straddle_min_raise() -> None:
    r = Rules.no_limit(small_blind=1, big_blind=2, straddle_min_raise="big_blind")
    assert r != NL
    assert repr(r) != repr(NL), "two different rules must not print the same"
    assert eval(repr(r), {"Rules": Rules}) == r, f"{r!r} does not rebuild itself"
