"""Hand histories in the PHH format, read and written as ``json`` and
``tomllib`` do it.

::

    >>> import holecards as hc
    >>> histories = hc.phh.loads(text)                  # doctest: +SKIP
    >>> hand = histories[0].replay()                    # doctest: +SKIP
    >>> hc.phh.dumps(hand)                              # doctest: +SKIP

* ``load(path_or_file)`` / ``loads(text)``: a list of :class:`HandHistory`
  (one for a ``.phh``, one per ``[N]`` table of a ``.phhs``).
* ``load_many(paths, threads=None)``: every history of many files, parsed in
  Rust across cores with the GIL released.
* ``dumps(obj)`` / ``dump(obj, file)``: a ``Hand`` (finished or not, written
  from its events), a ``HandHistory`` (its fields as read, unknown ones
  included), or a list of them (a ``.phhs`` with ``[1]``, ``[2]``, ...).
* ``replay_all(histories, threads=None)``: each history replayed, for big
  corpora.
* ``to_arrow(histories)``: three pyarrow tables, hands, actions and players
  (needs the ``arrow`` extra).
* ``from_site(text_or_path, site=None)``: a poker site's hand histories
  (PokerStars, GGPoker, Winamax, 888poker, Full Tilt, PartyPoker, iPoker,
  Ongame, Absolute; ACPC logs)
  converted to PHH, each replayed and checked against the
  site's amounts; what does not convert is reported, hand by hand
  (``docs/sites.md``).
* ``from_site_each(paths, site=None, threads=None)``: many site files (a
  folder standing for the ``.txt`` files under it) converted on every
  core, one ``SiteConversion`` or error per file.
* ``write_dataset(paths, out, ray=False)``: files converted and written as
  a Parquet dataset of the three tables, on this machine or on a Ray
  cluster with Ray Data, the same rows either way.

Variants: ``NT`` and ``FT`` from the spec; ``PT`` (pot-limit) and ``PGT``
(Progressive, with ``progressive_bets``) are this project's extension
(``docs/phh.md``). Other variants raise :class:`UnsupportedVariantError`.
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, Iterable, List, Optional, Sequence, Tuple, Union

from .._core import (
    PHH_MAX_BYTES,
    SITE_NAMES,
    Hand,
    HandHistory,
    _phh_dumps_hand,
    _phh_dumps_history,
    _phh_dumps_many,
    _phh_find_files,
    _phh_from_hand,
    _phh_load_each,
    _phh_load_many,
    _phh_load_path,
    _phh_loads,
    _phh_replay_each,
    _site_convert,
    _site_convert_files,
)
from ..errors import ConfigError, HandHistoryError, HolecardsError
from ._arrow import ArrowTables
from ._dataset import DatasetSummary, write_dataset

__all__ = [
    "HandHistory",
    "HandHistoryError",
    "MAX_BYTES",
    "dump",
    "dumps",
    "load",
    "load_many",
    "loads",
    "replay_all",
    "find_files",
    "to_arrow",
    "ArrowTables",
    "from_site",
    "from_site_each",
    "find_site_files",
    "write_dataset",
    "DatasetSummary",
    "SiteConversion",
    "SiteProblem",
    "SITES",
]

#: The sites whose hand histories ``from_site`` converts.
SITES: Tuple[str, ...] = tuple(SITE_NAMES)

#: How a one-line text of each site starts (else a one-line ``str`` is a
#: path).
_HEADERS = (
    "PokerStars ",
    "Poker Hand #",
    "Winamax Poker ",
    "#Game No : ",
    "***** ",
    "Full Tilt Poker ",
    "FullTiltPoker ",
    "STATE:",
    "<?xml",
    "<session",
    "Stage #",
)

PathLike = Union[str, "os.PathLike[str]"]
Writable = Union[Hand, HandHistory, Sequence[Union[Hand, HandHistory]]]

#: The most bytes a file or text may have (the Rust reader's ``MAX_BYTES``).
MAX_BYTES: int = PHH_MAX_BYTES


def _paths(paths: Union[PathLike, Iterable[PathLike]], fn: str) -> List[Path]:
    """A str or path-like is one path (not the letters of one); any other
    iterable gives its paths."""
    if isinstance(paths, (str, os.PathLike)):
        return [Path(paths)]
    if isinstance(paths, (bytes, bytearray)):
        raise TypeError(f"{fn}() takes a path or paths as str or os.PathLike, not bytes")
    out = []
    for p in paths:
        if not isinstance(p, (str, os.PathLike)):
            raise TypeError(f"{fn}() takes paths as str or os.PathLike, not {type(p).__name__}")
        out.append(Path(p))
    return out


def loads(text: Union[str, bytes], *, source: str = "<string>") -> List[HandHistory]:
    """The histories in PHH text (``source`` names it in error messages)."""
    if isinstance(text, (bytes, bytearray)):
        if len(text) > MAX_BYTES:
            raise HandHistoryError(
                f"{source}: line 1: {len(text)} bytes, more than {MAX_BYTES} (the reader's limit)"
            )
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as e:
            raise HandHistoryError(f"{source}: not UTF-8 text (byte {e.start})") from None
    if not isinstance(text, str):
        raise TypeError(f"loads() takes str or bytes, not {type(text).__name__}")
    return _phh_loads(text, source)


def load(path_or_file: Union[PathLike, IO[str], IO[bytes]]) -> List[HandHistory]:
    """The histories of a ``.phh`` or ``.phhs`` file, given by path or open file."""
    if isinstance(path_or_file, (str, os.PathLike)):
        return _phh_load_path(Path(path_or_file))
    read = getattr(path_or_file, "read", None)
    if read is None:
        raise TypeError(f"load() takes a path or a file, not {type(path_or_file).__name__}")
    source = str(getattr(path_or_file, "name", "<file>"))
    # One more than the limit is read, never the whole of an endless stream.
    data = read(MAX_BYTES + 1)
    if len(data) > MAX_BYTES:
        raise HandHistoryError(f"{source}: more than {MAX_BYTES} bytes (the reader's limit)")
    return loads(data, source=source)


def find_files(paths: Union[PathLike, Iterable[PathLike]]) -> List[Path]:
    """The ``.phh`` and ``.phhs`` files among ``paths`` (one path, or many),
    folders searched (links to folders not followed), sorted."""
    return _phh_find_files(_paths(paths, "find_files"))


def load_many(
    paths: Union[PathLike, Iterable[PathLike]], *, threads: Optional[int] = None
) -> List[HandHistory]:
    """Every history of every file (one path, or many; folders searched),
    parsed on ``threads`` cores (all by default); the first file that cannot
    be read raises."""
    return _phh_load_many(_paths(paths, "load_many"), threads)


def load_each(
    paths: Union[PathLike, Iterable[PathLike]], *, threads: Optional[int] = None
) -> List[Union[List[HandHistory], HandHistoryError]]:
    """Per file (one path, or many), its histories or the error that reading it gave."""
    return _phh_load_each(_paths(paths, "load_each"), threads)


def replay_all(
    histories: Sequence[HandHistory], *, threads: Optional[int] = None
) -> List[Union[Hand, HolecardsError]]:
    """Each history replayed on ``threads`` cores: its final ``Hand``, or the error."""
    return _phh_replay_each(histories if isinstance(histories, list) else list(histories), threads)


def dumps(obj: Writable) -> str:
    """PHH text for a ``Hand``, a ``HandHistory``, or a list of them (``.phhs``)."""
    if isinstance(obj, Hand):
        return _phh_dumps_hand(obj)
    if isinstance(obj, HandHistory):
        return _phh_dumps_history(obj)
    if isinstance(obj, (list, tuple)):
        return _phh_dumps_many([_phh_from_hand(x) if isinstance(x, Hand) else x for x in obj])
    raise TypeError(
        f"dumps() takes a Hand, a HandHistory or a list of them, not {type(obj).__name__}"
    )


def dump(obj: Writable, file: Union[PathLike, IO[str]]) -> None:
    """Writes ``dumps(obj)`` to a path or an open text file."""
    text = dumps(obj)
    if isinstance(file, (str, os.PathLike)):
        Path(file).write_text(text, encoding="utf-8")
    else:
        file.write(text)


def to_arrow(histories: Sequence[HandHistory], *, threads: Optional[int] = None) -> ArrowTables:
    """Three ``pyarrow.Table``s (``hands``, ``actions``, ``players``): one row
    per hand, per action and per player, joined by ``hand_id``."""
    from ._arrow import to_arrow as impl

    return impl(histories, threads=threads)


@dataclass(frozen=True)
class SiteProblem:
    """A hand of a site's text that is not among the converted ones."""

    #: The text's name (a path, or ``<string>``).
    source: str
    #: The line (1-based) where the hand starts.
    line: int
    #: The line the problem is on, when it is one line's.
    at_line: Optional[int]
    #: The site's hand number, when its header gave one.
    hand: Optional[str]
    #: ``"refused"`` (cannot be converted: a line not understood, a game or
    #: rule the engine does not play, a hand cut short) or ``"mismatch"``
    #: (converted, but the replay does not reach the site's amounts).
    kind: str
    #: Why, in words.
    reason: str
    #: A mismatched hand's conversion, to look at.
    history: Optional[HandHistory] = None

    def __str__(self) -> str:
        where = f"{self.source}: line {self.at_line or self.line}"
        hand = f" (hand #{self.hand})" if self.hand else ""
        return f"{where}{hand}: {self.kind}: {self.reason}"


@dataclass(frozen=True)
class SiteConversion:
    """A site's text converted: the hands that converted and were verified,
    and a :class:`SiteProblem` for each other hand."""

    site: str
    hands: List[HandHistory] = field(default_factory=list)
    problems: List[SiteProblem] = field(default_factory=list)
    #: The text's name (its path, or ``<string>``), as the histories' ``source``.
    source: str = "<string>"

    @property
    def refused(self) -> List[SiteProblem]:
        return [p for p in self.problems if p.kind == "refused"]

    @property
    def mismatched(self) -> List[SiteProblem]:
        return [p for p in self.problems if p.kind == "mismatch"]


def from_site(
    text_or_path: Union[str, bytes, "os.PathLike[str]", IO[str], IO[bytes]],
    site: Optional[str] = None,
    *,
    source: Optional[str] = None,
    threads: Optional[int] = None,
) -> SiteConversion:
    """A poker site's hand histories as PHH.

    ``text_or_path`` is the text (``str`` holding a line break, or
    ``bytes``), a path (``os.PathLike``, or a ``str`` naming a file) or an
    open file. ``site`` is one of :data:`SITES`, or ``None`` to detect it
    from the first hand. Each hand is converted, replayed through the engine
    and compared with the amounts the site recorded; a hand that cannot be
    converted or does not reach those amounts is a :class:`SiteProblem`
    (with the line and why) and the rest still convert. The hands are
    converted on ``threads`` cores (all by default), the result the same
    for any number. Raises :class:`HandHistoryError` only for the text as
    a whole (too large, no known site's hand in it).
    """
    if site is not None and site not in SITES:
        raise ConfigError(f"unknown site {site!r} (known: {', '.join(SITES)})")
    if isinstance(text_or_path, (str, bytes)) and not text_or_path.strip():
        raise HandHistoryError(f"{source or '<string>'}: an empty text: no hand history in it")
    data: Union[str, bytes]
    if isinstance(text_or_path, os.PathLike) or (
        isinstance(text_or_path, str)
        and "\n" not in text_or_path
        and "\r" not in text_or_path
        and not text_or_path.lstrip("\ufeff").startswith(_HEADERS)
    ):
        path = Path(text_or_path)
        name = source or str(path)
        try:
            st = path.stat()
        except OSError as e:
            raise HandHistoryError(f"{name}: cannot read it ({e.strerror})") from None
        if stat.S_ISDIR(st.st_mode):
            raise HandHistoryError(
                f"{name}: a folder; from_site takes one file (holecards convert takes folders)"
            )
        if not stat.S_ISREG(st.st_mode):
            raise HandHistoryError(f"{name}: not a regular file")
        size = st.st_size
        if size > MAX_BYTES:
            raise HandHistoryError(
                f"{name}: {size} bytes, more than {MAX_BYTES} (the reader's limit)"
            )
        try:
            data = path.read_bytes()
        except OSError as e:
            # a directory, a file gone or unreadable since the stat
            raise HandHistoryError(
                f"{name}: cannot read it ({e.strerror}); from_site takes one file "
                "(holecards convert takes folders)"
            ) from None
    elif isinstance(text_or_path, (str, bytes, bytearray)):
        data = text_or_path if isinstance(text_or_path, str) else bytes(text_or_path)
        name = source or "<string>"
    else:
        read = getattr(text_or_path, "read", None)
        if read is None:
            raise TypeError(
                f"from_site() takes text, a path or a file, not {type(text_or_path).__name__}"
            )
        name = source or str(getattr(text_or_path, "name", "<file>"))
        data = read(MAX_BYTES + 1)
        if len(data) > MAX_BYTES:
            raise HandHistoryError(f"{name}: more than {MAX_BYTES} bytes (the reader's limit)")
    return _conversion(name, _site_convert(data, name, site, threads))


def _conversion(name: str, result: Any) -> SiteConversion:
    found, hands, problems = result
    return SiteConversion(
        site=found,
        hands=[h for _, h in hands],
        problems=[SiteProblem(name, *p) for p in problems],
        source=name,
    )


#: the suffixes of the site files a folder stands for
SITE_SUFFIXES = (".txt", ".xml")


def find_site_files(paths: Union[PathLike, Iterable[PathLike]]) -> List[Path]:
    """The site files among ``paths`` (one path, or many): each file given,
    and for each folder the ``.txt`` and ``.xml`` (iPoker's) files under
    it, sorted."""
    out: List[Path] = []
    for p in _paths(paths, "find_site_files"):
        if p.is_dir():
            out.extend(sorted(f for f in p.rglob("*") if f.suffix in SITE_SUFFIXES and f.is_file()))
        else:
            out.append(p)
    return out


def from_site_each(
    paths: Union[PathLike, Iterable[PathLike]],
    site: Optional[str] = None,
    *,
    threads: Optional[int] = None,
) -> List[Union[SiteConversion, HandHistoryError]]:
    """Site files converted as by :func:`from_site`, on ``threads`` cores
    (all by default): for each file of :func:`find_site_files` ``(paths)``,
    in that order, its :class:`SiteConversion` (``source`` names the file)
    or the :class:`HandHistoryError` that file alone gave (unreadable,
    too large, no known site's hand in it). ``site`` ``None`` detects each
    file's site."""
    if site is not None and site not in SITES:
        raise ConfigError(f"unknown site {site!r} (known: {', '.join(SITES)})")
    files = find_site_files(paths)
    out: List[Union[SiteConversion, HandHistoryError]] = []
    for f, r in zip(files, _site_convert_files(files, site, threads)):
        out.append(r if isinstance(r, HandHistoryError) else _conversion(str(f), r))
    return out
