"""``holecards.phh.to_arrow``: a corpus as two Arrow tables (needs pyarrow,
the ``arrow`` extra)."""

from __future__ import annotations

from typing import Any, Optional, Sequence, Tuple

from .._core import PHH_ACTION_COLUMNS, PHH_HAND_COLUMNS, HandHistory, _phh_columns


def _pyarrow() -> Any:
    try:
        import pyarrow  # type: ignore[import-untyped,unused-ignore]
    except ImportError:  # pragma: no cover - depends on the environment
        raise ImportError(
            "holecards.phh.to_arrow needs pyarrow: pip install 'holecards[arrow]'"
        ) from None
    return pyarrow


def to_arrow(histories: Sequence[HandHistory], *, threads: Optional[int] = None) -> Tuple[Any, Any]:
    """Two ``pyarrow.Table``s.

    ``hands``, one row per history: ``hand_id`` (its index), ``source``,
    ``section``, ``variant``, ``status`` (``ok``, ``unsupported`` or
    ``failed``), ``error``, ``unit`` (the chip unit, a decimal equal to
    ``HandHistory.unit``: 1, 0.01),
    ``small_blind``, ``big_blind``, ``ante``, ``seat_count``,
    ``starting_stacks``, ``final_stacks`` (chips in that unit), ``board``,
    ``pot`` and ``winners`` (seats that won chips; seats are 0-based, seat 0
    being PHH's ``p1``).

    ``actions``, one row per post and player action: ``hand_id``, ``index``,
    ``seat``, ``street``, ``kind``, ``amount`` (as ``Action.amount``) and
    ``all_in``.
    """
    pa = _pyarrow()
    # Replayed and summarised in Rust on every core; only the columns come back.
    hands, acts = _phh_columns(list(histories), threads)
    return (
        pa.table(hands, schema=_schema(pa, PHH_HAND_COLUMNS)),
        pa.table(acts, schema=_schema(pa, PHH_ACTION_COLUMNS)),
    )


def _schema(pa: Any, columns: Sequence[Tuple[str, str]]) -> Any:
    """The engine's column list (names and Arrow type names) as a schema."""
    types = {
        "int64": pa.int64(),
        "string": pa.string(),
        "bool": pa.bool_(),
        "list<int64>": pa.list_(pa.int64()),
        "decimal128(31, 30)": pa.decimal128(31, 30),
    }
    return pa.schema([(name, types[kind]) for name, kind in columns])
