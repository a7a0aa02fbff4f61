"""``holecards replay`` and ``holecards convert``: PHH hand histories checked, or
converted (site text files too) to .phhs or Parquet."""

from __future__ import annotations

import argparse
import os
import stat
import tempfile
from pathlib import Path
from typing import Any, Callable, List, Optional, Sequence, TextIO, Tuple

from ._common import CliError, add_threads

_STATUS_ORDER = ("matched", "half_chip", "legal", "mismatch", "failed", "unsupported")


def _load_corpus(
    paths: Sequence[str], threads: Optional[int], out: TextIO
) -> tuple[list[Any], list[tuple[str, str]]]:
    """Every history under ``paths`` and the files that could not be read."""
    from .. import phh

    missing = [p for p in paths if not os.path.exists(p)]
    if missing:
        raise CliError(f"no such file or folder: {missing[0]}")
    files = phh.find_files(paths)
    if not files:
        raise CliError("no .phh or .phhs files found in " + ", ".join(paths))
    histories: list[Any] = []
    unreadable: list[tuple[str, str]] = []
    for f, r in zip(files, phh.load_each(files, threads=threads)):
        if isinstance(r, list):
            histories.extend(r)
        else:
            unreadable.append((str(f), str(r)))
    return histories, unreadable


def run_replay(paths: Sequence[str], threads: Optional[int], out: TextIO) -> int:
    """Replay every hand under ``paths``; 1 when any hand fails."""
    from rich.console import Console
    from rich.progress import Progress
    from rich.table import Table

    from .._core import _phh_check_each

    console = Console(file=out, highlight=False, soft_wrap=True)
    histories, unreadable = _load_corpus(paths, threads, out)
    results: list[tuple[str, str]] = []
    chunk = 20_000
    with Progress(console=console, transient=True, disable=len(histories) <= chunk) as progress:
        task = progress.add_task("replaying", total=len(histories))
        for start in range(0, len(histories), chunk):
            part = histories[start : start + chunk]
            results.extend(_phh_check_each(part, threads))
            progress.advance(task, len(part))
    counts = {k: 0 for k in _STATUS_ORDER}
    variants: dict[str, int] = {}
    for status, detail in results:
        counts[status] += 1
        if status == "unsupported":
            variants[detail] = variants.get(detail, 0) + 1
    read = len({h.source for h in histories})
    table = Table(
        title=f"holecards replay: {len(histories)} hands in {read + len(unreadable)} files"
        + (f" ({len(unreadable)} not read)" if unreadable else "")
    )
    table.add_column("result")
    table.add_column("hands", justify="right")
    labels = {
        "matched": "matched their finishing_stacks",
        "half_chip": "matched, a half-chip split paid by the odd-chip rule",
        "legal": "legal (nothing recorded to compare)",
        "mismatch": "ended with other stacks",
        "failed": "failed",
        "unsupported": "unsupported variant",
    }
    for k in _STATUS_ORDER:
        table.add_row(labels[k], str(counts[k]))
    if unreadable:
        table.add_row("files that could not be read", str(len(unreadable)))
    console.print(table)
    if variants:
        console.print(
            "unsupported variants: " + ", ".join(f"{v} {n}" for v, n in sorted(variants.items()))
        )
    failures = [
        (h, st, d) for h, (st, d) in zip(histories, results) if st in ("mismatch", "failed")
    ]
    for _path, why in unreadable:
        console.print(f"FAILED {why}", markup=False)
    for h, st, d in failures[:50]:
        where = h.source + (f" [{h.section}]" if h.section else "")
        console.print(f"{st.upper()} {d if st == 'failed' else where + ': ' + d}", markup=False)
    if len(failures) > 50:
        console.print(f"... and {len(failures) - 50} more")
    return 1 if failures or unreadable else 0


def _site_files(paths: Sequence[str]) -> list[Path]:
    """The site text files among ``paths``: files given that are not PHH,
    and the ``.txt`` and ``.xml`` files under folders given (sorted)."""
    from .. import phh

    return [p for p in phh.find_site_files(paths) if p.suffix not in (".phh", ".phhs")]


def _convert_sites(
    files: Sequence[Path], threads: Optional[int], out: TextIO
) -> tuple[list[Any], list[Any], int]:
    """Every hand of the site files converted on ``threads`` cores, with a
    progress bar (a batch of files at a time): the hands, the problems, and
    the files that could not be read at all."""
    from rich.console import Console
    from rich.progress import Progress

    from .. import phh

    hands: list[Any] = []
    problems: list[Any] = []
    unreadable = 0
    console = Console(file=out, highlight=False)
    step = 64
    with Progress(console=console, transient=True, disable=not console.is_terminal) as bar:
        task = bar.add_task("converting", total=len(files))
        for i in range(0, len(files), step):
            part = files[i : i + step]
            for c in phh.from_site_each(part, threads=threads):
                if isinstance(c, phh.HandHistoryError):
                    print(f"skipped {c}", file=out)
                    unreadable += 1
                else:
                    hands.extend(c.hands)
                    problems.extend(c.problems)
            bar.advance(task, len(part))
    return hands, problems, unreadable


def _writable_target(path: Path, given: Optional[str] = None) -> None:
    """Refuses an output path that names no file (``''``, ``/``, ``.``) or
    names something other than a regular file: a folder, a device, a pipe
    (a failed write would remove it; a pipe would wait for a reader)."""
    if not path.name or path.name in (".", ".."):
        shown = given if given is not None else repr(str(path))
        raise CliError(f"--to {shown}: give a file name to write")
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        return
    except OSError as e:
        raise CliError(f"--to {path}: cannot use it ({e.strerror})") from None
    if not stat.S_ISREG(mode):
        raise CliError(f"--to {path}: not a regular file (a folder, device or pipe); give a file")


def _write_all(writes: List[Tuple[Path, Callable[[Path], None]]]) -> None:
    """Writes each file under a temporary name beside it, then puts them
    all in place: a failed write leaves every target as it was."""
    done: List[Tuple[str, Path]] = []
    try:
        for path, write in writes:
            fd, tmp = tempfile.mkstemp(
                prefix=f".{path.name}.", suffix=".tmp", dir=str(path.parent or ".")
            )
            os.close(fd)
            done.append((tmp, path))
            write(Path(tmp))
    except BaseException:
        for tmp, _ in done:
            try:
                os.unlink(tmp)
            except OSError:
                pass
        raise
    for tmp, path in done:
        os.replace(tmp, path)


def run_convert(paths: Sequence[str], target: str, threads: Optional[int], out: TextIO) -> int:
    """Write the hands under ``paths`` (PHH files, or a site's hand
    histories converted) to ``TARGET``: a ``.phhs`` file, or Parquet (one
    row per hand, and ``TARGET`` with ``.actions`` before the suffix, one
    row per action)."""
    from .. import phh

    missing = [p for p in paths if not os.path.exists(p)]
    if missing:
        raise CliError(f"no such file or folder: {missing[0]}")
    if Path(target).suffix not in (".phhs", ".phh", ".parquet", ""):
        raise CliError(
            f"--to {target}: write a .phhs file or .parquet tables, not {Path(target).suffix}"
        )
    to_phh = target.endswith((".phhs", ".phh"))
    base = Path(target)
    _writable_target(base, repr(target))
    suffix = base.suffix or ".parquet"
    outputs = [base]
    if not to_phh:
        outputs += [
            base.with_name(base.stem + ".actions" + suffix),
            base.with_name(base.stem + ".players" + suffix),
        ]
    for o in outputs[1:]:
        _writable_target(o)
    if not to_phh:
        try:
            import pyarrow.parquet as pq  # type: ignore[import-untyped,unused-ignore]
        except ImportError:
            raise CliError("convert needs pyarrow: pip install 'holecards[arrow]'") from None
    phh_paths = [p for p in paths if os.path.isdir(p) or p.endswith((".phh", ".phhs"))]
    phh_files = phh.find_files(phh_paths) if phh_paths else []
    site_files = _site_files(paths)
    if not phh_files and not site_files:
        raise CliError("no hand history files found in " + ", ".join(paths))
    histories: list[Any] = []
    unreadable: list[tuple[str, str]] = []
    if phh_files:
        histories, unreadable = _load_corpus(phh_paths, threads, out)
    site_hands, problems, bad_files = _convert_sites(site_files, threads, out)
    histories.extend(site_hands)
    not_replayed = 0
    try:
        if to_phh:
            _write_all([(base, lambda tmp: phh.dump(histories, tmp))])
            print(f"{len(histories)} hands -> {base}", file=out)
        else:
            tables = phh.to_arrow(histories, threads=threads)
            _, actions_path, players_path = outputs
            _write_all(
                [
                    (base, lambda tmp: pq.write_table(tables.hands, tmp)),
                    (actions_path, lambda tmp: pq.write_table(tables.actions, tmp)),
                    (players_path, lambda tmp: pq.write_table(tables.players, tmp)),
                ]
            )
            print(f"{tables.hands.num_rows} hands -> {base}", file=out)
            print(f"{tables.actions.num_rows} actions -> {actions_path}", file=out)
            print(f"{tables.players.num_rows} players -> {players_path}", file=out)
            status = tables.hands.column("status").to_pylist()
            not_replayed = sum(s in ("mismatch", "failed") for s in status)
    except OSError as e:
        raise CliError(f"--to {base}: cannot write it ({e.strerror or e})") from None
    if not_replayed:
        print(
            f"{not_replayed} hands did not replay to their recorded end "
            "(status mismatch or failed in the hands table)",
            file=out,
        )
    for _path, why in unreadable:
        print(f"skipped {why}", file=out)
    if site_files:
        refused = sum(p.kind == "refused" for p in problems)
        print(
            f"site files: {len(site_hands)} hands converted, "
            f"{len(problems) - refused} mismatched, {refused} refused",
            file=out,
        )
        for p in problems[:50]:
            print(str(p), file=out)
        if len(problems) > 50:
            print(f"... and {len(problems) - 50} more", file=out)
    return 1 if unreadable or bad_files or problems or not_replayed else 0


def run_dataset(
    paths: Sequence[str], target: str, ray: bool, threads: Optional[int], out: TextIO
) -> int:
    """``convert --dataset`` and ``--ray``: the three tables written as
    Parquet datasets under the folder ``target``."""
    from .. import phh
    from ..errors import ConfigError

    try:
        s = phh.write_dataset(paths, target, ray=ray, threads=threads)
    except ConfigError as e:
        raise CliError(str(e)) from None
    for t, folder in s.tables.items():
        print(f"{s.rows[t]} {t} -> {folder}", file=out)
    for why in s.unreadable:
        print(f"skipped {why}", file=out)
    refused = sum(p.kind == "refused" for p in s.problems)
    print(
        f"{s.files} files: {s.hands} hands written, "
        f"{len(s.problems) - refused} mismatched, {refused} refused",
        file=out,
    )
    for p in s.problems[:50]:
        print(str(p), file=out)
    if len(s.problems) > 50:
        print(f"... and {len(s.problems) - 50} more", file=out)
    return 1 if s.unreadable or s.problems else 0


def add_parser(commands: Any) -> None:
    """The ``replay`` and ``convert`` commands' arguments."""
    rp = commands.add_parser(
        "replay",
        help="replay PHH hand histories and check them",
        description=(
            "Replay every hand of the .phh/.phhs files given (folders are searched), each action "
            "checked as legal, and compare the result with the recorded finishing_stacks. "
            "Exit status 1 when any hand fails."
        ),
    )
    cv = commands.add_parser(
        "convert",
        help="convert hand histories (PHH, or a site's text files) to .phhs or Parquet",
        description=(
            "Read the hands of the files given (PHH files, and a poker site's hand history "
            "text files: PokerStars, GGPoker; folders are searched for .phh, .phhs, .txt and .xml), "
            "convert "
            "the site's hands to PHH, each replayed and checked against the site's amounts, "
            "and write them to OUT: a .phhs file, or three Parquet tables, one row per hand "
            "(OUT), per action (OUT with .actions before the suffix) and per player "
            "(.players; needs pyarrow: pip install 'holecards[arrow]'). With --dataset or "
            "--ray, OUT is a new folder that gets the three tables as Parquet datasets "
            "(OUT/hands, OUT/actions, OUT/players), --ray doing the work on a Ray cluster "
            "with Ray Data (pip install 'holecards[ray]'); the rows are the same. Prints how "
            "many hands converted, mismatched and were refused, and why; exit status 1 when "
            "any hand did not convert."
        ),
    )
    cv.add_argument(
        "--to",
        required=True,
        metavar="OUT",
        help="the file to write: OUT.phhs or OUT.parquet (a folder with --dataset or --ray)",
    )
    cv.add_argument(
        "--dataset",
        action="store_true",
        help="write OUT as a folder of three Parquet datasets (hands, actions, players)",
    )
    cv.add_argument(
        "--ray",
        action="store_true",
        help="as --dataset, the work done on a Ray cluster with Ray Data "
        "(RAY_ADDRESS names one; else a local one is started)",
    )
    for sub in (rp, cv):
        sub.add_argument(
            "paths",
            nargs="+",
            metavar="PATH",
            help="a .phh or .phhs file (convert: or a site's text file), or a folder",
        )
        add_threads(sub)


def run(args: argparse.Namespace, out: TextIO) -> int:
    if args.command == "convert":
        if args.dataset or args.ray:
            return run_dataset(args.paths, args.to, args.ray, args.threads, out)
        return run_convert(args.paths, args.to, args.threads, out)
    return run_replay(args.paths, args.threads, out)
