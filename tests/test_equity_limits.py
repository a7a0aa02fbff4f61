"""Equity on large or odd questions: refused from a cheap count before any
work, bounded memory, Ctrl-C honoured within a second, tiny weights, and
argument values of every kind giving a result or a HolecardsError."""

from __future__ import annotations

import time
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import holecards as hc
from long_calls import run_child
from strategies import any_argument


def test_a_huge_flop_listing_is_refused_at_once_in_little_memory() -> None:
    # 41 million combination tuples: once listed for 35 s and 4.3 GB before
    # the refusal (an abort under a 6 GB limit).
    out = run_child(
        "equity(['random', 'random', 'AA,KK,QQ,JJ,TT'], board='2c7d9h')",
        interrupt_after=None,
        limit_gb=1.5,
        timeout=60,
    )
    assert out.verdict == "refused", (out.stdout, out.stderr[-2000:])
    assert "EquityError" in out.stdout and "trials" in out.stdout
    assert float(out.stdout.split()[2 if out.stdout.startswith("ready") else 1]) < 10


@pytest.mark.parametrize(
    "players, board",
    [
        (["random", "random", "random"], ""),
        (["random", "random", "random"], "2c7d9h"),
        (["random", "random", "TT+"], "2c7d9h"),
        (["random", "random", "random"], "2c7d9h3s"),
        (["random"] * 5, "2c7d9h3s4s"),
    ],
)
def test_large_exact_questions_are_refused_quickly(players: list[str], board: str) -> None:
    t = time.monotonic()
    with pytest.raises(hc.EquityError, match="trials"):
        hc.equity(players, board)
    assert time.monotonic() - t < 8


def test_a_question_under_the_limit_is_still_answered() -> None:
    # The refusal's bound is a lower bound: questions under it still run.
    r = hc.equity(["random", "AA"], "2c7d9h")
    assert r.exact and abs(sum(r.equities) - 1) < 1e-12
    r = hc.equity(["AhKh", "QQ+", "JJ-99"], "")
    assert r.exact


def test_huge_range_texts_are_refused_at_once() -> None:
    text = "AA," * 400_000  # 1.2 MB
    t = time.monotonic()
    with pytest.raises(hc.RangeError, match="over the 1000000"):
        hc.Range(text)
    with pytest.raises(hc.RangeError):
        hc.equity([text, "KK"])
    assert time.monotonic() - t < 0.5
    # Long but under the limit: read.
    assert len(hc.Range("AA," * 300_000 + "KK")) == 12


@pytest.mark.parametrize("board", ["", "2c7d9h", "2c7d9h3s", "2c7d9h3s4s"])
def test_tiny_weights_give_the_equities_of_weight_one(board: str) -> None:
    # A product of two weights of 1e-170 underflows a float (it said "no deal
    # is possible"): each player's weights are divided by their largest.
    tiny = hc.equity(["AA:1e-170", "KK:1e-170"], board)
    one = hc.equity(["AA", "KK"], board)
    assert tiny.equities == one.equities
    mc = hc.equity(["AA:1e-300", "KK:5e-324"], board, trials=20_000, seed=5)
    assert mc.equities == hc.equity(["AA", "KK"], board, trials=20_000, seed=5).equities
    # Counts stay weighted by the weights given.
    half = hc.equity(["AA:0.5", "KK"], board)
    assert half.equities == pytest.approx(one.equities, rel=1e-14)
    assert half.boards == pytest.approx(one.boards / 2, rel=1e-14)


_ANY = any_argument(60)
# (a valid trial count is kept small; 2**50 itself is valid and would run for days)
_TRIALS = st.one_of(
    st.none(),
    st.integers(1, 2000),
    st.integers(max_value=0),
    st.integers(min_value=2**50 + 1),
    st.floats(allow_nan=True),
    st.text(max_size=3),
    st.booleans(),
)
_THREADS = st.one_of(st.none(), st.sampled_from([1, 2, 0, -1, 2**64, 1025, 1.0, "2", True]))
_TARGET = st.one_of(
    st.none(),
    st.floats(allow_nan=True, allow_infinity=True),
    st.integers(),
    st.text(max_size=3),
    st.booleans(),
)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    trials=_TRIALS,
    seed=_ANY,
    threads=_THREADS,
    target=_TARGET,
    board=st.one_of(st.sampled_from(["", "2c7d9h", "2c7d9h3s"]), _ANY),
    grid=st.booleans(),
)
def test_random_arguments_give_a_result_or_a_holecards_error(
    trials: Any, seed: Any, threads: Any, target: Any, board: Any, grid: bool
) -> None:
    # (a target with no trials limit could run long: a small one bounds it)
    if target is not None and trials is None:
        trials = 5000
    try:
        if grid:
            hc.equity_grid(
                "AA",
                board=board,
                trials=trials if trials is not None else 200,
                seed=seed,
                threads=threads,
                target_std_error=target,
            )
        else:
            hc.equity(
                ["AhKh", "QQ+"],
                board=board,
                trials=trials,
                seed=seed,
                threads=threads,
                target_std_error=target,
            )
    except hc.HolecardsError as e:
        assert str(e)


def test_integer_arguments_out_of_range_name_the_argument() -> None:
    for kw, name in [
        (dict(trials=2**64), "trials"),
        (dict(trials=-1), "trials"),
        (dict(trials=2**51), "trials"),
        (dict(seed=2**64, trials=10), "seed"),
        (dict(threads=-1), "threads"),
        (dict(threads=2**64), "threads"),
    ]:
        with pytest.raises(hc.HolecardsError, match=name) as e:
            hc.equity(["AhKh", "QsQd"], **kw)
        assert isinstance(e.value, ValueError)
    # (the private entry point's limit too)
    with pytest.raises(hc.ConfigError, match="max_deals"):
        hc._core._equity(["AhKh", "QsQd"], max_deals=-1)
    with pytest.raises(hc.ConfigError, match="max_deals"):
        hc._core._equity(["AhKh", "QsQd"], max_deals=2**64)


def test_deals_whose_weights_all_underflow_are_refused_saying_so() -> None:
    # The only deal that is possible is AsKc against AdKd, each 1e-200 of
    # its player's likeliest combination: its weight, 1e-400, is no float.
    with pytest.raises(hc.EquityError, match="below 1e-308"):
        hc.equity(["AhAd,AsKc:1e-200", "AhAs,AdKd:1e-200"])
    r = hc.equity(["AhAd,AsKc:1e-150", "AhAs,AdKd:1e-150"])
    assert r.equities == pytest.approx(hc.equity(["AsKc", "AdKd"]).equities, abs=1e-12)
