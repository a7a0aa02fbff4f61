"""``holecards.phh.write_dataset`` and ``holecards convert --dataset/--ray``:
the Parquet dataset written on this machine, and with Ray Data on a local
Ray cluster, holds the rows the one-file ``convert --to OUT.parquet`` writes."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import holecards as hc
from holecards.errors import ConfigError

pq = pytest.importorskip("pyarrow.parquet")

DATA = Path(__file__).parent / "data"
SITES = DATA / "sites" / "pokerstars"
# a PHH file and a .phhs of real hands, and the site files
INPUTS = [
    DATA / "phh" / "dwan-ivey-2009.phh",
    DATA / "phh" / "handhq-abs-100NLH-sample.phhs",
    SITES,
]
ORDER = {"hands": ["hand_id"], "actions": ["hand_id", "index"], "players": ["hand_id", "seat"]}


def read(path: Path, table: str) -> Any:
    t = pq.read_table(path)
    return t.sort_by([(c, "ascending") for c in ORDER[table]])


def one_file_run(tmp_path: Path) -> dict[str, Any]:
    """What ``holecards convert --to OUT.parquet`` writes, by table."""
    from holecards.cli import main

    out = tmp_path / "one" / "out.parquet"
    out.parent.mkdir()
    assert main(["convert", *map(str, INPUTS), "--to", str(out)]) == 1  # some are refused
    names = {"hands": out, "actions": out.with_name("out.actions.parquet")}
    names["players"] = out.with_name("out.players.parquet")
    return {t: read(p, t) for t, p in names.items()}


@pytest.mark.parametrize("block", [None, 20_000])
def test_the_local_dataset_holds_the_one_file_runs_rows(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, block: Any
) -> None:
    expected = one_file_run(tmp_path)
    capsys.readouterr()
    if block:
        # parts of about 20 KB: written and numbered a part at a time
        from holecards.phh import _dataset

        monkeypatch.setattr(_dataset, "BLOCK_BYTES", block)
    s = hc.phh.write_dataset(INPUTS, tmp_path / "ds", threads=2)
    assert s.engine == "local" and s.files == 2 + len(list(SITES.glob("*.txt")))
    parts = len(list((tmp_path / "ds" / "hands").glob("*.parquet")))
    assert parts > 5 if block else parts <= 2
    for t in ("hands", "actions", "players"):
        got = read(tmp_path / "ds" / t, t)
        assert got.num_rows == s.rows[t] and got.equals(expected[t]), t
    # PHH hands first, numbered on across the files
    hands = expected["hands"]
    assert hands.column("hand_id").to_pylist() == list(range(hands.num_rows))
    assert hands.column("source").to_pylist()[0].endswith("dwan-ivey-2009.phh")
    assert s.hands > 100 and s.problems and all(p.kind == "refused" for p in s.problems)


def test_the_dataset_reports_what_from_site_each_reports(tmp_path: Path) -> None:
    """Site files go from the conversion straight into the tables (no
    Python history made for a converted hand): the problems and the
    unreadable files are still those ``from_site_each`` gives, file by
    file, a mismatch's included."""
    import re

    src = tmp_path / "in"
    src.mkdir()
    (src / "a-junk.txt").write_text("no hand history here\n")
    text = (SITES / "hhp-posts-allin.txt").read_text(encoding="utf-8")
    pot = re.search(r"collected \$?([0-9.]+) from", text)
    assert pot is not None
    # one chip more collected than the pot held: a mismatch, not a refusal
    more = (
        str(int(pot.group(1)) + 1)
        if "." not in pot.group(1)
        else f"{float(pot.group(1)) + 0.01:.2f}"
    )
    (src / "b-changed.txt").write_text(text[: pot.start(1)] + more + text[pot.end(1) :])
    for f in sorted(SITES.glob("*.txt"))[:6]:
        (src / f.name).write_bytes(f.read_bytes())
    want = hc.phh.from_site_each(src)
    s = hc.phh.write_dataset([src], tmp_path / "ds", threads=2)
    errors = [str(w) for w in want if isinstance(w, hc.errors.HandHistoryError)]
    problems = [
        (p.source, p.line, p.at_line, p.hand, p.kind, p.reason)
        for w in want
        if not isinstance(w, hc.errors.HandHistoryError)
        for p in w.problems
    ]
    assert errors and s.unreadable == errors
    assert [(p.source, p.line, p.at_line, p.hand, p.kind, p.reason) for p in s.problems] == problems
    assert any(p.kind == "mismatch" and p.history is not None for p in s.problems)
    hands = sum(len(w.hands) for w in want if not isinstance(w, hc.errors.HandHistoryError))
    assert s.rows["hands"] == hands > 0


def test_a_part_that_cannot_be_written_stops_the_dataset_with_its_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The Parquet files are written on a thread beside the next part's
    conversion: an error there still reaches the caller."""
    from holecards.phh import _dataset

    monkeypatch.setattr(_dataset, "BLOCK_BYTES", 20_000)
    calls = []

    def fail(out: Path, number: int, tables: Any) -> None:
        calls.append(number)
        if number == 1:
            raise OSError("disk full")
        _write(out, number, tables)

    _write = _dataset._write_part
    monkeypatch.setattr(_dataset, "_write_part", fail)
    with pytest.raises(OSError, match="disk full"):
        hc.phh.write_dataset([SITES], tmp_path / "ds", threads=1)
    assert calls[:2] == [0, 1] and len(calls) <= 3


def test_bad_targets_and_inputs_are_refused_before_any_work(tmp_path: Path) -> None:
    (tmp_path / "full").mkdir()
    (tmp_path / "full" / "x").write_text("")
    with pytest.raises(ConfigError, match="new or empty folder"):
        hc.phh.write_dataset(SITES, tmp_path / "full")
    with pytest.raises(ConfigError, match="no such file"):
        hc.phh.write_dataset(tmp_path / "nothing-here", tmp_path / "a")
    with pytest.raises(ValueError, match="unknown site"):
        hc.phh.write_dataset(SITES, tmp_path / "b", site="nowhere")
    (tmp_path / "empty").mkdir()
    with pytest.raises(ConfigError, match="no hand history files"):
        hc.phh.write_dataset(tmp_path / "empty", tmp_path / "c")
    assert not (tmp_path / "a").exists() and not (tmp_path / "b").exists()


def test_a_file_of_no_hands_is_reported_and_every_table_keeps_its_schema(
    tmp_path: Path,
) -> None:
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "notes.txt").write_text("not a hand history\n")
    s = hc.phh.write_dataset(tmp_path / "in", tmp_path / "out")
    assert s.rows == {"hands": 0, "actions": 0, "players": 0}
    assert len(s.unreadable) == 1 and "notes.txt" in s.unreadable[0]
    t = pq.read_table(tmp_path / "out" / "players")
    assert t.num_rows == 0 and "hole_cards" in t.column_names


@pytest.mark.filterwarnings("ignore::DeprecationWarning")  # Ray's own settings
def test_ray_data_on_a_local_cluster_writes_the_same_rows(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ray = pytest.importorskip("ray")
    pytest.importorskip("ray.data")
    from holecards.cli import main

    expected = one_file_run(tmp_path)
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "notes.txt").write_text("not a hand history\n")
    with open(tmp_path / "in" / "huge.txt", "wb") as f:  # sparse: refused from its size
        f.truncate(hc.phh.MAX_BYTES + 1)
    ray.init(
        num_cpus=2,
        include_dashboard=False,
        log_to_driver=False,
        configure_logging=False,
        ignore_reinit_error=True,
    )
    try:
        capsys.readouterr()
        # a file given twice is converted twice, as on one machine
        one = DATA / "phh" / "dwan-ivey-2009.phh"
        twice = hc.phh.write_dataset([one, one], tmp_path / "twice", ray=True)
        assert twice.hands == 2 * hc.phh.write_dataset(one, tmp_path / "once").hands
        code = main(
            [
                "convert",
                *map(str, INPUTS),
                str(tmp_path / "in"),
                "--to",
                str(tmp_path / "r"),
                "--ray",
            ]
        )
        text = capsys.readouterr().out
    finally:
        ray.shutdown()
    assert code == 1 and "skipped" in text and "notes.txt" in text
    assert f"huge.txt: {hc.phh.MAX_BYTES + 1} bytes, more than" in text
    for t in ("hands", "actions", "players"):
        assert read(tmp_path / "r" / t, t).equals(expected[t]), t
        assert f"{expected[t].num_rows} {t} -> " in text
    # written as several files (one or more per Ray block), not one
    assert len(list((tmp_path / "r" / "hands").glob("*.parquet"))) > 1
    local = hc.phh.write_dataset([*INPUTS, tmp_path / "in"], tmp_path / "l")
    assert len(local.unreadable) == 2 and all(u in text for u in local.unreadable)
    refused = sum(p.kind == "refused" for p in local.problems)
    assert f"{local.hands} hands written, 0 mismatched, {refused} refused" in text
