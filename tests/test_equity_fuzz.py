"""Bad input from every direction at ``Range`` and ``equity``: only clean
holecards errors (or a TypeError for a wildly wrong type), never a panic,
an OverflowError or a hang."""

from __future__ import annotations

import math
from typing import Any

from hypothesis import HealthCheck, given, settings, strategies as st

import holecards as hc
from holecards import _core

FUZZ = settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)

TOKENS = [
    "AA",
    "AKs",
    "AKo",
    "AK",
    "TT+",
    "A5s-A2s",
    "KTs+",
    "76s-54s",
    "AhKh",
    "AsKx",
    "A*K*",
    "random",
    "15%",
    "0.5%",
    "100%",
    ":0.5",
    ":2",
    ":-1",
    ":nan",
    "[40]",
    "[/40]",
    "0.4(",
    ")",
    ",",
    " ",
    "+",
    "-",
    "x",
    "%",
    "Ah",
    "Kd",
    "??",
    "1e400",
    "é",
    "\x00",
]

range_text = st.lists(st.sampled_from(TOKENS), max_size=8).map("".join)
junk = st.one_of(
    st.none(),
    st.integers(-(2**70), 2**70),
    st.floats(allow_nan=True),
    st.binary(max_size=8),
    st.text(max_size=12),
    st.lists(st.integers(-3, 60), max_size=3),
    st.dictionaries(st.text(max_size=2), st.integers(), max_size=2),
)
player = st.one_of(
    range_text,
    st.sampled_from(["AhKh", "QsQd", "Ah", "7c", "random", "AA", "22+", "AhAh", "Zz", ""]),
    junk,
)


def clean(fn: Any, *args: Any, **kw: Any) -> Any:
    try:
        return fn(*args, **kw)
    except hc.HolecardsError as e:
        assert isinstance(e, ValueError) and str(e).strip()
        return e
    except TypeError as e:
        return e


@FUZZ
@given(st.one_of(range_text, junk))
def test_range_fuzz(text: Any) -> None:
    r = clean(hc.Range, text)
    if isinstance(r, hc.Range):
        # Whatever parses prints back to the same range.
        assert hc.Range(str(r)) == r
        assert all(0 < w <= 1 for _, _, w in r.combos())


@FUZZ
@given(
    st.lists(player, min_size=0, max_size=4),
    st.one_of(
        st.sampled_from(["", "2c7d9h", "2c7d9h3s", "2c7d9h3s5s", "2c", "AhAh2c", "2c7d9h3s5s6s"]),
        junk,
    ),
    st.one_of(st.sampled_from(["", "As", "Ac Ad"]), junk),
    st.one_of(
        st.none(),
        st.integers(-5, 3000),
        st.sampled_from([2**64, -1, 0]),
        st.floats(allow_nan=True),
        st.text(max_size=3),
    ),
    st.one_of(st.none(), st.integers(-5, 2**64 + 5)),
    st.one_of(st.none(), st.sampled_from([0, 1, 2, -1, 10**9])),
    st.one_of(
        st.none(),
        st.floats(allow_nan=True, allow_infinity=True),
        st.sampled_from([0.5, 1e-300, -1.0]),
    ),
)
def test_equity_fuzz(
    players: Any, board: Any, dead: Any, trials: Any, seed: Any, threads: Any, target: Any
) -> None:
    # Keep every run small: exact questions with ranges are capped by the
    # engine's limit, Monte Carlo by trials; a tiny target with no trials
    # would run long, so give it a trial cap.
    if target is not None and (trials is None or not isinstance(trials, int) or trials > 3000):
        trials = 3000
    r = clean(
        hc.equity,
        players,
        board,
        dead,
        trials=trials,
        seed=seed,
        threads=threads,
        target_std_error=target,
    )
    if isinstance(r, hc.EquityResult):
        assert len(r.equities) == len(players)
        assert math.isclose(sum(r.equities), 1.0, rel_tol=1e-9)
        assert all(0.0 <= e <= 1.0 for e in r.equities)


VALID = [
    "AhKh",
    "QsQd",
    "Ah",
    "7c",
    "random",
    "AA",
    "22+",
    "AKs:0.5",
    "T9s-76s",
    "5%",
    "JcTc,9s8s:0.25",
]


@settings(FUZZ, max_examples=60)
@given(
    st.lists(st.sampled_from(VALID), min_size=2, max_size=4),
    st.sampled_from(["2c7d9h", "2c7d9h3s", "2c7d9h3s5s", "Kd8d3c4h"]),
    st.sampled_from([None, 500, 2000]),
    st.integers(0, 2**64 - 1),
)
def test_equity_valid_questions_answer_or_refuse_cleanly(
    players: Any, board: str, trials: Any, seed: int
) -> None:
    if trials is None and len(board) == 6:
        board += "3s"  # exact on the turn or river: quick whatever the ranges
    # The engine's call behind equity(), with exact questions of over ten
    # million deals refused from their count (max_deals), so that no example
    # runs for seconds.
    r = clean(_core._equity, players, board, trials=trials, seed=seed, max_deals=10**7)
    if isinstance(r, hc.EquityResult):
        assert math.isclose(sum(r.equities), 1.0, rel_tol=1e-9)
        assert r.exact == (trials is None)
        assert r.trials is not None or r.boards <= 10**7
        if trials is not None:
            assert r.trials == trials and r.seed == seed
    else:
        # Refusals here are collisions, emptied ranges or too large a question.
        assert isinstance(r, (hc.EquityError, hc.DuplicateCardError)), r
