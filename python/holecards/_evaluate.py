"""Python-side checks for the NumPy batch evaluator."""

from __future__ import annotations

import operator
from typing import Any, Optional

import numpy as np

from . import _core
from .errors import CardError, ConfigError, DuplicateCardError

#: More threads than this for one call is surely a mistake (each call builds its pool).
MAX_THREADS = 1024


def _threads(threads: Any) -> Optional[int]:
    if threads is None:
        return None
    try:
        count = None if isinstance(threads, bool) else operator.index(threads)
    except TypeError:
        count = None
    if count is None or not 1 <= count <= MAX_THREADS:
        raise ConfigError(
            f"threads must be None or an integer from 1 to {MAX_THREADS}, not {threads!r}"
        )
    return count


def _flag(value: Any, name: str) -> bool:
    """``value`` as a bool: True or False (NumPy's too), nothing else."""
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    raise TypeError(f"{name} must be True or False, not {value!r}")


#: The most rows one batch call takes (hundreds of gigabytes of cards).
MAX_ROWS = 2**36


def _card_rows(
    cards: Any, widths: tuple[int, ...], what: str, convert: bool = True
) -> "np.ndarray[Any, Any]":
    """``cards`` as a C-contiguous uint8 array of shape (n, w), w in ``widths``
    (with ``convert=False``, an integer array as it came, for a caller that
    checks it with another array first)."""
    shapes = ", ".join(f"(n, {w})" for w in widths[:-1])
    shapes = f"{shapes} or (n, {widths[-1]})" if shapes else f"(n, {widths[-1]})"
    try:
        arr = np.asarray(cards)
    except (ValueError, TypeError) as e:
        raise CardError(f"{what} must be an array of card indices of shape {shapes}: {e}") from None
    if arr.ndim != 2 or arr.shape[1] not in widths:
        raise CardError(f"{what} must have shape {shapes}, not {arr.shape}")
    if arr.shape[0] > MAX_ROWS:
        # (from the shape, before any copy: a broadcast view can claim more
        # rows than any memory holds)
        raise CardError(
            f"{what} has {arr.shape[0]:,} rows: at most 2**36 ({MAX_ROWS:,}) are evaluated in one call"
        )
    if arr.dtype != np.uint8:
        if arr.dtype.kind not in "iu":
            raise CardError(f"{what} must be an integer array of card indices, not {arr.dtype}")
        if not convert:
            return arr
        if _beyond_uint8(arr):
            _refuse_first_bad_row(arr)
        arr = arr.astype(np.uint8)
    return np.ascontiguousarray(arr)


def _beyond_uint8(arr: "np.ndarray[Any, Any]") -> bool:
    """Whether an integer array holds a value no ``uint8`` holds."""
    return arr.dtype != np.uint8 and bool(arr.size and (int(arr.min()) < 0 or int(arr.max()) > 255))


def _refuse_first_bad_row(arr: "np.ndarray[Any, Any]") -> None:
    """Raises for the first bad row of an integer array holding a value no
    ``uint8`` holds (the kernels check the others): a card out of range, or
    a card twice in a row before it."""
    out = (arr < 0) | (arr > 51)
    row = int(np.flatnonzero(out.any(axis=1))[0])
    before = np.sort(arr[:row], axis=1)
    twice = np.flatnonzero((before[:, 1:] == before[:, :-1]).any(axis=1))
    if twice.size:
        r = int(twice[0])
        s = before[r]
        card = int(s[1:][s[1:] == s[:-1]][0])
        raise DuplicateCardError(f"row {r}: duplicate card {_core.Card(card)}")
    bad = int(arr[row][out[row]][0])
    raise CardError(f"row {row}: {bad} is not a card: a card index is 0..51")


def evaluate_many(
    cards: Any, threads: Optional[int] = None
) -> "np.ndarray[Any, np.dtype[np.uint16]]":
    """Evaluate many hands at once.

    ``cards`` is an array of card indices (0..51, ``rank * 4 + suit``) of shape
    ``(n, 5)``, ``(n, 6)`` or ``(n, 7)``; ``uint8`` is used as it is, other
    integer arrays are checked and converted. Returns a ``uint16`` array of
    ``n`` values on the same scale as :attr:`HandRank.value`. The GIL is
    released; ``threads=None`` uses every core, ``threads=1`` the calling
    thread only.
    """
    count = _threads(threads)
    return _core._evaluate_many(_card_rows(cards, (5, 6, 7), "cards"), count)


def evaluate_omaha_many(
    hole: Any, board: Any, *, low: bool = False, threads: Optional[int] = None
) -> "np.ndarray[Any, np.dtype[np.uint16]]":
    """Evaluate many Omaha hands at once.

    ``hole`` is an array of card indices of shape ``(n, 4)``, ``(n, 5)`` or
    ``(n, 6)`` and ``board`` one of shape ``(n, 3)``, ``(n, 4)`` or ``(n, 5)``,
    converted as :func:`evaluate_many` converts its rows. Each row plays
    exactly two hole cards and three board cards. Returns a ``uint16`` array
    of ``n`` values: the high hand's (the scale of :attr:`HandRank.value`), or
    with ``low=True`` the eight-or-better low's (the scale of
    :attr:`LowRank.value`, 0 where no low qualifies). The GIL is released;
    ``threads`` as in :func:`evaluate_many`.
    """
    high_or_low = _flag(low, "low")
    count = _threads(threads)
    hole_rows = _card_rows(hole, (4, 5, 6), "hole", convert=False)
    board_rows = _card_rows(board, (3, 4, 5), "board", convert=False)
    if len(hole_rows) != len(board_rows):
        raise CardError(
            f"hole and board must have as many rows: {len(hole_rows)} and {len(board_rows)}"
        )
    if _beyond_uint8(hole_rows) or _beyond_uint8(board_rows):
        # a value no uint8 holds: the first bad row of hole and board together
        # (a row's board card can repeat its hole card), as the kernel names it
        _refuse_first_bad_row(
            np.concatenate([hole_rows.astype(np.int64), board_rows.astype(np.int64)], axis=1)
        )
    return _core._evaluate_omaha_many(
        np.ascontiguousarray(hole_rows.astype(np.uint8, copy=False)),
        np.ascontiguousarray(board_rows.astype(np.uint8, copy=False)),
        high_or_low,
        count,
    )


def evaluate_short_deck_many(
    cards: Any, *, trips_beat_straight: bool = False, threads: Optional[int] = None
) -> "np.ndarray[Any, np.dtype[np.uint16]]":
    """Evaluate many short-deck hands at once.

    ``cards`` is an array of card indices of shape ``(n, 5)``, ``(n, 6)`` or
    ``(n, 7)``, converted as :func:`evaluate_many` converts its rows; every
    card must be of the 36-card short deck, sixes to aces (indices 16..51).
    Returns a ``uint16`` array of ``n`` values on the scale of
    :attr:`ShortDeckRank.value` for the ranking (``trips_beat_straight``).
    The GIL is released; ``threads`` as in :func:`evaluate_many`.
    """
    flag = _flag(trips_beat_straight, "trips_beat_straight")
    count = _threads(threads)
    rows = _card_rows(cards, (5, 6, 7), "cards")
    return _core._evaluate_short_deck_many(rows, flag, count)


def evaluate_low8_many(
    cards: Any, *, threads: Optional[int] = None
) -> "np.ndarray[Any, np.dtype[np.uint16]]":
    """Evaluate the eight-or-better lows of many hands at once.

    ``cards`` is an array of card indices of shape ``(n, 5)``, ``(n, 6)`` or
    ``(n, 7)``, converted as :func:`evaluate_many` converts its rows. Each
    row's best low from any five of its cards (as :func:`evaluate_low8`) is
    returned in a ``uint16`` array of ``n`` values on the scale of
    :attr:`LowRank.value`, 0 where no five qualify. The GIL is released;
    ``threads`` as in :func:`evaluate_many`.
    """
    count = _threads(threads)
    return _core._evaluate_low8_many(_card_rows(cards, (5, 6, 7), "cards"), count)


def evaluate_badugi_many(
    cards: Any, *, threads: Optional[int] = None
) -> "np.ndarray[Any, np.dtype[np.uint16]]":
    """Evaluate many badugi hands at once.

    ``cards`` is an array of card indices of shape ``(n, 4)``, converted as
    :func:`evaluate_many` converts its rows. Returns a ``uint16`` array of
    ``n`` values on the scale of :attr:`BadugiRank.value`. The GIL is
    released; ``threads`` as in :func:`evaluate_many`.
    """
    count = _threads(threads)
    return _core._evaluate_badugi_many(_card_rows(cards, (4,), "cards"), count)


def evaluate_deuce_to_seven_many(
    cards: Any, *, threads: Optional[int] = None
) -> "np.ndarray[Any, np.dtype[np.uint16]]":
    """Evaluate many deuce-to-seven lows at once.

    ``cards`` is an array of card indices of shape ``(n, 5)``, ``(n, 6)`` or
    ``(n, 7)``, converted as :func:`evaluate_many` converts its rows; each
    row plays its best five as :func:`evaluate_deuce_to_seven` does. Returns
    a ``uint16`` array of ``n`` values on the scale of
    :attr:`LowballRank.value`. The GIL is released; ``threads`` as in
    :func:`evaluate_many`.
    """
    count = _threads(threads)
    return _core._evaluate_lowball_many(_card_rows(cards, (5, 6, 7), "cards"), False, count)


def evaluate_ace_to_five_many(
    cards: Any, *, threads: Optional[int] = None
) -> "np.ndarray[Any, np.dtype[np.uint16]]":
    """Evaluate many ace-to-five lows (razz) at once: as
    :func:`evaluate_deuce_to_seven_many`, each row as
    :func:`evaluate_ace_to_five` values it."""
    count = _threads(threads)
    return _core._evaluate_lowball_many(_card_rows(cards, (5, 6, 7), "cards"), True, count)
