"""Python-side checks for the NumPy batch evaluator."""

from __future__ import annotations

import operator
from typing import Any, Optional

import numpy as np

from . import _core
from .errors import CardError, ConfigError

#: More threads than this for one call is surely a mistake (each call builds its pool).
MAX_THREADS = 1024


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
    if threads is not None:
        try:
            count = None if isinstance(threads, bool) else operator.index(threads)
        except TypeError:
            count = None
        if count is None or not 1 <= count <= MAX_THREADS:
            raise ConfigError(
                f"threads must be None or an integer from 1 to {MAX_THREADS}, not {threads!r}"
            )
        threads = count
    try:
        arr = np.asarray(cards)
    except (ValueError, TypeError) as e:
        raise CardError(
            f"cards must be an array of card indices of shape (n, 5), (n, 6) or (n, 7): {e}"
        ) from None
    if arr.ndim != 2 or arr.shape[1] not in (5, 6, 7):
        raise CardError(f"cards must have shape (n, 5), (n, 6) or (n, 7), not {arr.shape}")
    if arr.dtype != np.uint8:
        if arr.dtype.kind not in "iu":
            raise CardError(f"cards must be an integer array of card indices, not {arr.dtype}")
        if arr.size and (int(arr.min()) < 0 or int(arr.max()) > 255):
            bad = int(arr.min()) if int(arr.min()) < 0 else int(arr.max())
            row = int(np.argwhere(arr == bad)[0][0])
            raise CardError(f"row {row}: {bad} is not a card: a card index is 0..51")
        arr = arr.astype(np.uint8)
    arr = np.ascontiguousarray(arr)
    return _core._evaluate_many(arr, threads)
