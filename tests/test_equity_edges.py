"""Equity's edges: how big a question exact enumeration takes and how it
says no, progress and threads on the turn and river, ranges against known
hands, argument errors, the grid's seeds, and the command line's refusals."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from pathlib import Path
from typing import List, Tuple

import pytest

import holecards as hc
from holecards.cli import main


def brute_force_river(players: List[List[Tuple[str, float]]], board: str) -> List[float]:
    """Equities on a full board by listing every combination tuple (weights
    multiplied), on holecards.evaluate: the plain definition."""
    from itertools import product

    shares = [0.0] * len(players)
    total = 0.0
    for tuple_ in product(*players):
        cards = [c for combo, _ in tuple_ for c in (combo[:2], combo[2:])]
        if len(set(cards + [board[i : i + 2] for i in range(0, 10, 2)])) != len(cards) + 5:
            continue
        w = math.prod(wt for _, wt in tuple_)
        values = [hc.evaluate(combo + board).value for combo, _ in tuple_]
        best = max(values)
        winners = [i for i, v in enumerate(values) if v == best]
        for i in winners:
            shares[i] += w / len(winners)
        total += w
    return [s / total for s in shares]


def test_a_river_spot_under_the_deal_limit_is_answered() -> None:
    # 4 players of 4 combos: few tuples, one deal each; answered and right.
    ranges = [
        [("AsKs", 1.0), ("AhKh", 0.5), ("QdQc", 1.0), ("JhTh", 0.25)],
        [("9s9d", 1.0), ("8h8c", 1.0), ("AdQd", 0.5)],
        [("7s6s", 1.0), ("5c5d", 0.75)],
        [("KdKc", 1.0), ("Ac2c", 1.0)],
    ]
    board = "2h7d9hTsJd"
    got = hc.equity([",".join(f"{c}:{w}" for c, w in r) for r in ranges], board)
    want = brute_force_river(ranges, board)
    assert got.equities == pytest.approx(want, abs=1e-12)


def test_too_large_is_refused_early_with_a_count_in_the_limits_unit() -> None:
    # 44 million tuples preflop: refused from a count of the tuples without a
    # shared card, before they are listed, and the message's count is over
    # the limit it names.
    with pytest.raises(hc.EquityError) as e:
        hc.equity(["22+,A2+,K2s+,Q2s+"] * 3, threads=1)
    msg = str(e.value)
    assert "trials" in msg and "at least" in msg and "suit isomorphism" in msg
    count = int(msg.split("at least ")[1].split(" ")[0])
    limit = int(msg.split("limit of ")[1].split(";")[0])
    assert count > limit
    # Too many tuples to list at all: the message says how many.
    with pytest.raises(
        hc.EquityError, match=r"would visit up to \d+ deals \(2331473976 combination tuples"
    ):
        hc.equity(["random"] * 3)


def test_turn_and_river_progress_moves_and_threads_agree() -> None:
    calls: List[Tuple[int, int]] = []
    players = ["22+,AK", "22+,AK", "TT+,AQ"]
    one = hc.equity(players, "2c7d9h4s", threads=1, progress=lambda d, t: calls.append((d, t)))
    assert calls[-1][0] == calls[-1][1] > 100_000  # every tuple counted, in tuples
    assert all(d <= t for d, t in calls)
    two = hc.equity(players, "2c7d9h4s", threads=2)
    three = hc.equity(players, "2c7d9h4s", threads=3)
    assert one.equities == two.equities == three.equities
    assert one.wins == two.wins and one.boards == three.boards


def test_weighted_turn_is_thread_independent() -> None:
    players = ["QQ+:0.3,AK:0.7,T9s", "88-66:0.6,KQ", "random:0.1,AA"]
    a = hc.equity(players, "2c7d9h4s", threads=1)
    b = hc.equity(players, "2c7d9h4s", threads=2)
    assert a.equities == b.equities and a.wins == b.wins and a.ties == b.ties


def test_ranges_lose_combos_a_known_hand_holds() -> None:
    # AsKs can never be dealt against AsQs: Monte Carlo samples the rest.
    players = ["AsKs,2c2d:0.002", "AsQs"]
    exact = hc.equity(players)
    mc = hc.equity(players, trials=200_000, seed=1)
    assert mc.std_errors is not None
    assert abs(mc.equities[0] - exact.equities[0]) < 5 * mc.std_errors[0]
    # The exact answer is 2c2d against AsQs alone.
    assert exact.equities == pytest.approx(hc.equity(["2c2d", "AsQs"]).equities, abs=1e-15)
    # Emptied by a known hand: an EquityError, for a range however short.
    with pytest.raises(hc.EquityError, match="no combination left"):
        hc.equity(["QQ", "QsQd"], dead="QhQc")
    with pytest.raises(hc.EquityError, match="no combination left"):
        hc.equity(["Kh", "AhKh"], trials=1000, seed=1)
    # A known hand given twice is still a duplicate card.
    with pytest.raises(hc.DuplicateCardError):
        hc.equity(["AhKh", "AhQd"])


def test_argument_errors_name_the_argument_and_come_first() -> None:
    with pytest.raises(hc.EquityError, match="target_std_error"):
        hc.equity(["AhKh", "QsQd"], target_std_error="0.01")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="progress must be a callable"):
        hc.equity(["AhKh", "QsQd"], progress=5)  # type: ignore[arg-type]
    with pytest.raises(hc.RangeError, match="one card"):
        hc.equity(["Ah,Kh", "QsQd"])


def test_range_membership_and_printing() -> None:
    aa = hc.Range("AA")
    assert "AhAs" in aa and "AsAh" in aa and "AhKs" not in aa
    assert "AhAs" not in hc.Range("AA:0,KK")
    with pytest.raises(hc.CardError):
        _ = "Zz9x" in aa
    assert math.copysign(1.0, hc.Range("").total_weight) == 1.0
    for text in ("random,72o:0", "random,AA:0", "random,AKs:0", "random,AK:0.5"):
        r = hc.Range(text)
        assert str(r) == text and hc.Range(str(r)) == r


def test_grid_cells_report_the_seed_that_repeats_them() -> None:
    g = hc.equity_grid("QQ+", trials=3000, seed=5)
    assert g.seed == 5
    for name in ("AKs", "QQ", "72o", "T9o"):
        cell = g.results[name]
        assert cell is not None and cell.seed is not None
        again = hc.equity([name, "QQ+"], trials=3000, seed=cell.seed)
        assert again.equities == cell.equities, name


def run_cli(*args: str) -> "subprocess.CompletedProcess[str]":
    return subprocess.run(
        [sys.executable, "-m", "holecards", *args], capture_output=True, text=True, timeout=120
    )


def test_cli_png_that_cannot_be_written_is_one_line(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    p = run_cli(
        "equity",
        "--grid",
        "AhKh",
        "--board",
        "2c7d9h4s5s",
        "--png",
        str(tmp_path / "no" / "such" / "dir" / "x.png"),
    )
    assert p.returncode == 2
    assert "Traceback" not in p.stderr
    assert (
        p.stderr.startswith("holecards: error: cannot write the picture")
        and p.stderr.count("\n") == 1
    )


def test_cli_flags_refused_before_the_work(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["equity", "AhKh", "QsQd", "--png", "x.png"]) == 2
    out, err = capsys.readouterr()
    assert "--grid" in err and out == ""  # nothing computed, nothing printed
    assert (
        main(["equity", "--grid", "AhKh", "--board", "2c7d9h4s5s", "--png", "x.png", "--json"]) == 2
    )
    assert "choose one" in capsys.readouterr().err


def test_cli_grid_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["equity", "--grid", "AhKh", "--board", "2c7d9hKsKd", "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert len(d["names"]) == 13 and all(len(row) == 13 for row in d["names"])
    g = hc.equity_grid("AhKh", board="2c7d9hKsKd")
    assert d["names"] == g.names
    assert d["equities"] == [[None if math.isnan(v) else v for v in row] for row in g.equities]
    # KK is impossible (Ks Kd on the board, Kh held): null, not NaN.
    assert d["names"][1][1] == "KK" and d["equities"][1][1] is None


def test_cli_equity_help_shows_one_percent_sign() -> None:
    p = run_cli("equity", "--help")
    assert p.returncode == 0 and "15%)" in p.stdout and "15%%" not in p.stdout
