"""``holecards.phh.to_arrow``: a corpus as two Arrow tables (needs pyarrow,
the ``arrow`` extra)."""

from __future__ import annotations

from typing import Any, Optional, Sequence, Tuple

from .._core import HandHistory, _phh_columns


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
    ``failed``), ``error``, ``unit`` (the chip unit as text: "1", "0.01"),
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
    int_list = pa.list_(pa.int64())
    hand_schema = pa.schema(
        [
            ("hand_id", pa.int64()),
            ("source", pa.string()),
            ("section", pa.string()),
            ("variant", pa.string()),
            ("status", pa.string()),
            ("error", pa.string()),
            ("unit", pa.string()),
            ("small_blind", pa.int64()),
            ("big_blind", pa.int64()),
            ("ante", pa.int64()),
            ("seat_count", pa.int64()),
            ("starting_stacks", int_list),
            ("final_stacks", int_list),
            ("board", pa.string()),
            ("pot", pa.int64()),
            ("winners", int_list),
        ]
    )
    action_schema = pa.schema(
        [
            ("hand_id", pa.int64()),
            ("index", pa.int64()),
            ("seat", pa.int64()),
            ("street", pa.string()),
            ("kind", pa.string()),
            ("amount", pa.int64()),
            ("all_in", pa.bool_()),
        ]
    )
    return pa.table(hands, schema=hand_schema), pa.table(acts, schema=action_schema)
