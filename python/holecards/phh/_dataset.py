"""``holecards.phh.write_dataset``: hand history files (a site's text, or
PHH) converted and written as a Parquet dataset of three tables, on this
machine or on a Ray cluster with Ray Data.

The files are ordered as ``holecards convert`` orders them (PHH files
first, then site files; a folder stands for its files, sorted), and each
hand's ``hand_id`` is its place in that order, so both runs write the same
rows: the rows of ``OUT/hands``, ``OUT/actions`` and ``OUT/players``, sorted
by ``hand_id``, are those ``holecards convert --to OUT.parquet`` writes.

With Ray, the files are a dataset of (number, path) rows in blocks of
about ``BLOCK_BYTES`` of text; each block's task reads and converts its
files (each file's hands counted, its three tables built with ``hand_id``
from 0), the counts are summed on the driver into each file's first
``hand_id``, and each table's rows are shifted by it and written with
``Dataset.write_parquet``. A file given twice is converted twice, as on
one machine. A Ray cluster this starts (when none was connected) is left
running for the next call.
"""

from __future__ import annotations

import logging
import os
import pickle
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Dict, Iterable, List, Optional, Sequence, Tuple, Union

from .._core import (
    PHH_ACTION_COLUMNS,
    PHH_HAND_COLUMNS,
    PHH_PLAYER_COLUMNS,
    _phh_loads,
    _site_convert_columns,
)
from ..errors import ConfigError, HolecardsError

#: The text a Ray block holds, about.
BLOCK_BYTES = 32 << 20

#: The tables a dataset has, each a folder of Parquet files.
TABLES: Tuple[str, ...] = ("hands", "actions", "players")

_SCHEMAS = {"hands": PHH_HAND_COLUMNS, "actions": PHH_ACTION_COLUMNS, "players": PHH_PLAYER_COLUMNS}


@dataclass(frozen=True)
class DatasetSummary:
    """What :func:`write_dataset` wrote, and what it could not."""

    #: Where: ``{"hands": OUT/hands, "actions": ..., "players": ...}``.
    tables: Dict[str, Path]
    #: Files taken (PHH and site files), read or not.
    files: int
    #: Rows written to each table.
    rows: Dict[str, int]
    #: Site hands not written: refused or mismatched, each with why.
    problems: List[Any] = field(default_factory=list)
    #: Files that could not be read or held no hand history, with why.
    unreadable: List[str] = field(default_factory=list)
    #: ``"local"`` or ``"ray"``.
    engine: str = "local"

    @property
    def hands(self) -> int:
        return self.rows["hands"]


def _is_phh(p: Path) -> bool:
    return p.suffix in (".phh", ".phhs")


def corpus_files(paths: Sequence[Union[str, "os.PathLike[str]"]]) -> List[Path]:
    """The files ``holecards convert`` reads from ``paths``, in its order:
    the PHH files (folders searched for ``.phh`` and ``.phhs``), then the
    site files (files given that are not PHH, and ``.txt`` files under
    folders)."""
    from . import find_files, find_site_files

    given = [Path(p) for p in paths]
    phh_paths = [p for p in given if p.is_dir() or _is_phh(p)]
    phh_files = find_files(phh_paths) if phh_paths else []
    site_files = [p for p in find_site_files(given) if not _is_phh(p)]
    return list(phh_files) + site_files


def _convert_one(name: str, data: bytes, site: Optional[str]) -> Dict[str, Any]:
    """One file converted on one core: its hand count, the three tables
    (Arrow IPC streams, ``hand_id`` from 0), the problems (pickled) and the
    error that kept it from being read."""
    import pyarrow as pa  # type: ignore[import-untyped,unused-ignore]

    from . import HandHistoryError, SiteProblem, to_arrow
    from ._arrow import _tables

    row = _empty_row("")
    tables: Optional[List[Any]] = None
    try:
        if _is_phh(Path(name)):
            try:
                text = data.decode("utf-8")
            except UnicodeDecodeError as e:
                raise HandHistoryError(f"{name}: not UTF-8 text (byte {e.start})") from None
            hands = _phh_loads(text, name)
            problems: List[Any] = []
            if hands:
                tables = list(to_arrow(hands, threads=1))
        else:
            # the hands go straight from the conversion into the tables
            # (each replayed once, no Python history made for it)
            _, raw, columns = _site_convert_columns(data, name, site, 1)
            problems = [SiteProblem(name, *p) for p in raw]
            if columns is not None:
                tables = list(_tables(pa, columns))
    except HolecardsError as e:
        row["error"] = str(e)
        return row
    row["count"] = 0 if tables is None else tables[0].num_rows
    row["problems"] = _pack_problems(problems)
    for t, table in zip(TABLES, tables or []):
        sink = pa.BufferOutputStream()
        with pa.ipc.new_stream(sink, table.schema) as w:
            w.write_table(table)
        row[t] = sink.getvalue().to_pybytes()
        row["rows_" + t] = table.num_rows
    return row


def _pack_problems(problems: List[Any]) -> bytes:
    """Problems for the trip to the driver: each one's fields, and its
    history (a mismatch's) pickled on its own, so that one that cannot be
    read back loses only its history."""
    out = []
    for p in problems:
        fields = (p.source, p.line, p.at_line, p.hand, p.kind, p.reason)
        out.append((fields, None if p.history is None else pickle.dumps(p.history)))
    return pickle.dumps(out)


def _unpack_problems(blob: bytes) -> List[Any]:
    from . import SiteProblem

    out = []
    for fields, history in pickle.loads(blob):
        h = None
        if history is not None:
            try:
                h = pickle.loads(history)
            except HolecardsError:
                h = None
        source, line, at_line, hand, kind, reason = fields
        out.append(SiteProblem(source, line, at_line, hand, kind, reason, h))
    return out


def _read_file(name: str) -> Tuple[bytes, str]:
    """A file's bytes, or why it cannot be read (not a regular file, over
    the reader's limit, the system's error)."""
    import stat

    from . import MAX_BYTES

    try:
        st = os.stat(name)
        if not stat.S_ISREG(st.st_mode):
            return b"", f"{name}: not a regular file"
        if st.st_size > MAX_BYTES:
            return b"", f"{name}: {st.st_size} bytes, more than {MAX_BYTES} (the reader's limit)"
        with open(name, "rb") as f:
            data = f.read(MAX_BYTES + 1)
    except OSError as e:
        return b"", f"{name}: cannot read it ({e.strerror})"
    if len(data) > MAX_BYTES:
        return b"", f"{name}: more than {MAX_BYTES} bytes (the reader's limit)"
    return data, ""


def _empty_row(error: str) -> Dict[str, Any]:
    """A file's row with no hands (``error``: why, or empty)."""
    row: Dict[str, Any] = {"count": 0, "error": error, "problems": _pack_problems([])}
    for t in TABLES:
        row[t] = b""
        row["rows_" + t] = 0
    return row


def _shift(table: Any, first: int) -> Any:
    """``table`` with ``hand_id`` shifted by ``first``."""
    import pyarrow.compute as pc  # type: ignore[import-untyped,unused-ignore]

    i = table.schema.get_field_index("hand_id")
    return table.set_column(i, "hand_id", pc.add(table.column(i), first))


def _shifted(pa: Any, blob: bytes, first: int) -> Any:
    """A table from its IPC stream, ``hand_id`` shifted by ``first``."""
    return _shift(pa.ipc.open_stream(blob).read_all(), first)


def _parts(files: Sequence[Path]) -> List[List[Path]]:
    """``files`` cut, in order, into runs of one kind (PHH or site) of
    about ``BLOCK_BYTES`` of text each (a larger file alone)."""
    parts: List[List[Path]] = []
    size = 0
    for f in files:
        try:
            n = f.stat().st_size
        except OSError:
            n = 0  # (reported when read)
        if not parts or size + n > BLOCK_BYTES or _is_phh(parts[-1][0]) != _is_phh(f):
            parts.append([])
            size = 0
        parts[-1].append(f)
        size += n
    return parts


def _write_local(
    files: Sequence[Path], out: Path, site: Optional[str], threads: Optional[int]
) -> Tuple[Dict[str, int], List[Any], List[str]]:
    """The files converted and written a part at a time (``_parts``), so
    that memory holds two parts' tables at most, whatever the corpus' size
    (a part's Parquet files are written on a thread of their own while the
    next part converts): ``OUT/TABLE/part-00000.parquet``, ... with
    ``hand_id`` counted on across the parts."""
    from concurrent.futures import Future, ThreadPoolExecutor

    import pyarrow as pa

    problems: List[Any] = []
    unreadable: List[str] = []
    rows = {t: 0 for t in TABLES}
    for t in TABLES:
        (out / t).mkdir(parents=True, exist_ok=True)
    first = 0
    written = 0
    writer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="holecards-parquet")
    pending: Optional["Future[None]"] = None
    try:
        for part in _parts(files):
            tables = _part_tables(part, site, threads, problems, unreadable)
            if tables is None:
                continue
            tables = [_shift(table, first) for table in tables]
            for t, table in zip(TABLES, tables):
                rows[t] += table.num_rows
            if pending is not None:
                pending.result()  # (one part's files in writing at a time)
            pending = writer.submit(_write_part, out, written, tables)
            first += tables[0].num_rows
            written += 1
        if pending is not None:
            pending.result()
    finally:
        writer.shutdown(wait=True)
    if written == 0:
        for t in TABLES:
            _write_empty(pa, t, out / t)
    return rows, problems, unreadable


def _write_part(out: Path, number: int, tables: Sequence[Any]) -> None:
    """One part's table files: ``OUT/TABLE/part-NNNNN.parquet``."""
    import pyarrow.parquet as pq  # type: ignore[import-untyped,unused-ignore]

    for t, table in zip(TABLES, tables):
        pq.write_table(table, out / t / f"part-{number:05}.parquet")


def _part_tables(
    part: Sequence[Path],
    site: Optional[str],
    threads: Optional[int],
    problems: List[Any],
    unreadable: List[str],
) -> Optional[List[Any]]:
    """A part's three tables (``hand_id`` from 0), or None where no hand
    in it converted; its problems and unreadable files added to those
    lists."""
    import pyarrow as pa

    from .._core import _site_columns
    from . import HandHistoryError, SiteProblem, load_each, to_arrow
    from ._arrow import _tables

    if _is_phh(part[0]):
        histories: List[Any] = []
        for got in load_each(part, threads=threads):
            if isinstance(got, HandHistoryError):
                unreadable.append(str(got))
            else:
                histories.extend(got)
        if not histories:
            return None
        return list(to_arrow(histories, threads=threads))
    # Converted and summarised in one call: the hands that convert
    # go straight from the engine's conversion into the columns,
    # with no Python object made for each.
    results, columns = _site_columns(part, site, threads)
    for f, r in zip(part, results):
        if isinstance(r, HandHistoryError):
            unreadable.append(str(r))
        else:
            problems.extend(SiteProblem(str(f), *p) for p in r[1])
    if columns is None:
        return None
    return list(_tables(pa, columns))


def _ray() -> Any:
    try:
        import ray
        import ray.data
    except ImportError:
        raise ConfigError("ray=True needs Ray Data: pip install 'holecards[ray]'") from None
    if not ray.is_initialized():
        ray.init(include_dashboard=False, log_to_driver=False, configure_logging=False)
    return ray


def _write_ray(
    files: Sequence[Path], out: Path, site: Optional[str]
) -> Tuple[Dict[str, int], List[Any], List[str]]:
    ray = _ray()
    import pyarrow as pa

    names = [str(f) for f in files]
    ctx = ray.data.DataContext.get_current()
    log = logging.getLogger("ray.data")
    kept = (ctx.execution_options.preserve_order, log.level)
    ctx.execution_options.preserve_order = True
    log.setLevel(logging.WARNING)
    try:
        return _run_ray(ray, pa, names, out, site)
    finally:
        ctx.execution_options.preserve_order, level = kept
        log.setLevel(level)


def _run_ray(
    ray: Any,
    pa: Any,
    names: List[str],
    out: Path,
    site: Optional[str],
) -> Tuple[Dict[str, int], List[Any], List[str]]:
    def convert(row: Dict[str, Any]) -> Dict[str, Any]:
        i = row["file"]
        data, why = _read_file(names[i])
        if why:
            got = _empty_row(why)
        else:
            got = _convert_one(names[i], data, site)
        got["file"] = i
        return got

    def size(name: str) -> int:
        try:
            return os.path.getsize(name)
        except OSError:
            return 0

    # Blocks of about BLOCK_BYTES of text, at least four a core and at most
    # one a file: a task per file costs more than most files take to
    # convert. (Each task reads its files: every node must see them.)
    total_size = sum(size(n) for n in names)
    cores = max(1, int(ray.cluster_resources().get("CPU", 1)))
    blocks = min(len(names), max(4 * cores, -(-total_size // BLOCK_BYTES)))
    converted = (
        ray.data.from_items([{"file": i} for i in range(len(names))], override_num_blocks=blocks)
        .map(convert, num_cpus=1)
        .materialize()
    )
    counted = ["rows_" + t for t in TABLES]
    meta = converted.select_columns(["file", "count", "error", "problems", *counted]).take_all()
    meta.sort(key=lambda r: r["file"])
    first: Dict[int, int] = {}
    total = 0
    problems: List[Any] = []
    unreadable: List[str] = []
    for r in meta:
        first[r["file"]] = total
        total += r["count"]
        problems.extend(_unpack_problems(r["problems"]))
        if r["error"]:
            unreadable.append(r["error"])
    rows = {t: sum(r["rows_" + t] for r in meta) for t in TABLES}
    for t in TABLES:
        if rows[t] == 0:
            # (Ray writes no file for no rows: one file keeps the schema)
            _write_empty(pa, t, out / t)
            continue

        def unpack(batch: Any, t: str = t) -> Any:
            parts = [
                _shifted(pa, blob.as_py(), first[f.as_py()])
                for f, blob in zip(batch.column("file"), batch.column(t))
                if blob.as_py()
            ]
            return pa.concat_tables(parts) if parts else _empty(pa, t)

        converted.select_columns(["file", t]).map_batches(
            unpack, batch_format="pyarrow", num_cpus=1
        ).write_parquet(str(out / t))
    return rows, problems, unreadable


def _write_empty(pa: Any, t: str, folder: Path) -> None:
    import pyarrow.parquet as pq

    folder.mkdir(parents=True, exist_ok=True)
    pq.write_table(_empty(pa, t), folder / "part-0.parquet")


def _empty(pa: Any, t: str) -> Any:
    from ._arrow import _type

    fields = [(name, _type(pa, kind)) for name, kind in _SCHEMAS[t]]
    return pa.schema(fields).empty_table()


def write_dataset(
    paths: Union[str, "os.PathLike[str]", Iterable[Union[str, "os.PathLike[str]"]]],
    out: Union[str, "os.PathLike[str]"],
    *,
    site: Optional[str] = None,
    ray: bool = False,
    threads: Optional[int] = None,
) -> DatasetSummary:
    """Hand history files converted and written as a Parquet dataset.

    ``paths``: PHH files, site files and folders (as ``holecards convert``
    takes them). ``out``: a folder, new or empty, that gets ``hands/``,
    ``actions/`` and ``players/``, each a Parquet dataset of the table
    :func:`to_arrow` makes (read one with ``pyarrow.parquet.read_table``,
    or DuckDB's ``read_parquet('OUT/hands/*.parquet')``). ``hand_id``
    numbers the hands across all files, in the files' order.

    ``ray=True`` runs the work on the Ray cluster ``ray.init`` connected to
    (a local one is started when none is), with Ray Data; every node must
    see the files and ``out`` at the same paths (a shared file system).
    The rows written are the same as without Ray. ``threads`` is the cores
    used without Ray (all by default). ``site`` as for :func:`from_site`.
    """
    from . import SITES, _paths

    if site is not None and site not in SITES:
        raise ConfigError(f"unknown site {site!r} (known: {', '.join(SITES)})")
    try:
        import pyarrow  # noqa: F401
    except ImportError:
        raise ConfigError("write_dataset needs pyarrow: pip install 'holecards[arrow]'") from None
    given = _paths(paths, "write_dataset")
    missing = [p for p in given if not p.exists()]
    if missing:
        raise ConfigError(f"no such file or folder: {missing[0]}")
    target = Path(out)
    if target.exists() and (not target.is_dir() or any(target.iterdir())):
        raise ConfigError(f"{target}: write_dataset writes a new or empty folder")
    files = corpus_files(given)
    if not files:
        raise ConfigError("no hand history files found in " + ", ".join(map(str, given)))
    target.mkdir(parents=True, exist_ok=True)
    if ray:
        rows, problems, unreadable = _write_ray(files, target, site)
    else:
        rows, problems, unreadable = _write_local(files, target, site, threads)
    return DatasetSummary(
        tables={t: target / t for t in TABLES},
        files=len(files),
        rows=rows,
        problems=problems,
        unreadable=unreadable,
        engine="ray" if ray else "local",
    )
