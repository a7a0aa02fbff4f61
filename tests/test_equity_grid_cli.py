"""The 169-hand grid, interrupts and progress, and ``holecards equity``."""

from __future__ import annotations

import _thread
import json
import math
import threading
import time
from pathlib import Path

import pytest

import holecards as hc
from holecards.cli import main

RANKS = "AKQJT98765432"


def test_grid_layout_is_the_one_players_read() -> None:
    g = hc.equity_grid("AhAs", board="2c7d9hKsQd")
    assert g.names[0][0] == "AA" and g.names[12][12] == "22"
    assert g.names[0][1] == "AKs" and g.names[1][0] == "AKo"
    assert g.names[3][8] == "J6s" and g.names[8][3] == "J6o"
    assert sorted(n for row in g.names for n in row) == sorted(g.results)
    assert len(g.results) == 169


def test_grid_cells_equal_equity_of_the_class() -> None:
    board = "2c7d9hKsQd"
    g = hc.equity_grid("AhAs", board=board)
    for name in ("KK", "AKs", "AKo", "T8s", "72o", "QJo"):
        combos = hc.Range(name).without(board + "AhAs")
        want = hc.equity([combos, "AhAs"], board=board)
        assert g[name] == want.equities[0], name
        cell = g.results[name]
        assert cell is not None and cell.boards == want.boards


def test_impossible_cells_are_nan() -> None:
    # Three aces known: no AA is left; one ace left for AK.
    g = hc.equity_grid("KsKd", board="AcAdAh7s2c")
    assert math.isnan(g["AA"]) and g.results["AA"] is None
    assert not math.isnan(g["AKo"])
    # The opponent holds KsKd: KcKh is the one KK left, on a full board one deal.
    assert g.results["KK"] is not None and g.results["KK"].boards == 1
    assert "--" in g.to_text()


def test_monte_carlo_grid_is_reproducible_and_thread_independent() -> None:
    a = hc.equity_grid("TT+,AQs+", trials=2000, seed=5, threads=1)
    b = hc.equity_grid(["TT+,AQs+"], trials=2000, seed=5, threads=2)
    assert a.equities == b.equities
    c = hc.equity_grid("TT+,AQs+", trials=2000, seed=6)
    assert a.equities != c.equities
    # Cells draw different streams: two classes of equal strength differ.
    assert a["AKs"] != a["AKo"]
    # Against a strong range, aces are the best hand and 32o about the worst.
    assert a["AA"] > 0.75 and a["32o"] < 0.25


def test_grid_png(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    g = hc.equity_grid("AhAs", board="2c7d9hKsQd")
    out = tmp_path / "grid.png"
    g.to_png(str(out))
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert out.stat().st_size > 10_000


def test_progress_counts_cells_and_errors_in_it_stop_the_work() -> None:
    seen: list[tuple[int, int]] = []
    hc.equity_grid("AhAs", board="2c7d9hKs", progress=lambda d, t: seen.append((d, t)))
    assert seen and seen[-1] == (169, 169)
    assert all(d <= t for d, t in seen)

    def boom(done: int, total: int) -> None:
        raise RuntimeError("stop here")

    t0 = time.monotonic()
    with pytest.raises(RuntimeError, match="stop here"):
        hc.equity(["AhKh", "QsQd"], trials=10**11, seed=1, progress=boom)
    assert time.monotonic() - t0 < 5


@pytest.mark.timeout(30)
def test_ctrl_c_stops_within_a_second(default_sigint: None) -> None:
    # interrupt_main raises KeyboardInterrupt only where SIGINT has Python's
    # default handler (default_sigint installs it: under nohup or in a
    # background job SIGINT is ignored, and the call would run 10**12 trials).
    threading.Timer(0.3, _thread.interrupt_main).start()
    t0 = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        hc.equity(["AhKh", "random", "random"], trials=10**12, seed=1)
    assert time.monotonic() - t0 < 1.5


def test_cli_equity(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["equity", "AhKh", "QsQd"]) == 0
    out = capsys.readouterr().out
    assert "46.21%" in out and "53.79%" in out and "1,712,304 deals" in out
    assert main(["equity", "AhKh", "TT+,AQs+", "--board", "2c7d9h", "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert d["exact"] is True and abs(d["equities"][0] - 0.3249) < 1e-4 and d["boards"] == 29700
    assert main(["equity", "AhKh", "QsQd", "--trials", "20000", "--seed", "4"]) == 0
    out = capsys.readouterr().out
    assert "Monte Carlo, 20,000 deals, seed 4" in out and "std err" in out


def test_cli_equity_errors(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["equity", "AhKh", "AhQs"]) == 2
    assert "duplicate card Ah" in capsys.readouterr().err
    assert main(["equity", "AhKh", "TT+,AQx"]) == 2
    assert "AQx" in capsys.readouterr().err
    assert main(["equity", "random", "random", "random"]) == 2
    err = capsys.readouterr().err
    assert "exact enumeration would visit" in err and "trials" in err
    assert main(["equity", "AhKh"]) == 2
    assert main(["equity", "AhKh", "QsQd", "--board", "2c3d"]) == 2
    assert "0, 3, 4 or 5" in capsys.readouterr().err


def test_cli_grid_png(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("matplotlib")
    out = tmp_path / "g.png"
    assert main(["equity", "--grid", "AhAs", "--board", "2c7d9hKsQd", "--png", str(out)]) == 0
    text = capsys.readouterr().out
    assert text.splitlines()[1].split() == list(RANKS)
    assert out.exists()
    # a name without a suffix: the file written (with .png) is the one named
    bare = tmp_path / "grid"
    assert main(["equity", "--grid", "AhAs", "--board", "2c7d9hKsQd", "--png", str(bare)]) == 0
    assert f"picture -> {bare}.png" in capsys.readouterr().out
    assert (tmp_path / "grid.png").exists()


def test_docs_examples_run() -> None:
    import doctest

    doc = Path(__file__).resolve().parent.parent / "docs" / "equity.md"
    result = doctest.testfile(
        str(doc),
        module_relative=False,
        optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
        raise_on_error=False,
        verbose=False,
    )
    assert result.attempted >= 3
    assert result.failed == 0, f"{result.failed} example(s) in docs/equity.md failed"
    import holecards._equity as api

    r = doctest.testmod(api, raise_on_error=False, verbose=False)
    assert r.attempted >= 2 and r.failed == 0
