"""``holecards.phh.to_arrow``: a corpus as three Arrow tables (needs pyarrow,
the ``arrow`` extra)."""

from __future__ import annotations

from typing import Any, NamedTuple, Optional, Sequence, Tuple

from .._core import (
    PHH_ACTION_COLUMNS,
    PHH_HAND_COLUMNS,
    PHH_PLAYER_COLUMNS,
    HandHistory,
    _phh_columns,
)


class ArrowTables(NamedTuple):
    """The three ``pyarrow.Table``s of :func:`to_arrow`."""

    #: One row per history.
    hands: Any
    #: One row per post and player action.
    actions: Any
    #: One row per player of each history.
    players: Any


def _pyarrow() -> Any:
    try:
        import pyarrow  # type: ignore[import-untyped,unused-ignore]
    except ImportError:  # pragma: no cover - depends on the environment
        raise ImportError(
            "holecards.phh.to_arrow needs pyarrow: pip install 'holecards[arrow]'"
        ) from None
    return pyarrow


def to_arrow(histories: Sequence[HandHistory], *, threads: Optional[int] = None) -> ArrowTables:
    """Three ``pyarrow.Table``s, joined by ``hand_id``.

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

    ``players``, one row per player of each history: ``hand_id``, ``seat``
    (0-based, PHH's order), ``name`` and ``seat_number`` (the ``players``
    and ``seats`` fields, null where absent), ``starting_stack``,
    ``final_stack`` (chips in the hand's unit) and ``hole_cards`` (the first deal,
    ``AsKd``; null where a card is unknown).
    """
    pa = _pyarrow()
    # Replayed and summarised in Rust on every core; the columns come back
    # as Arrow buffers built there, wrapped here without a copy per value.
    return _tables(pa, _phh_columns(list(histories), threads))


def _tables(pa: Any, columns: Tuple[Any, Any, Any]) -> ArrowTables:
    """The three tables from the engine's columns (as ``_phh_columns``
    and the site conversions give them)."""
    hands, acts, players = columns
    return ArrowTables(
        _table(pa, hands, PHH_HAND_COLUMNS),
        _table(pa, acts, PHH_ACTION_COLUMNS),
        _table(pa, players, PHH_PLAYER_COLUMNS),
    )


def _type(pa: Any, kind: str) -> Any:
    """An Arrow type from the engine's name for it."""
    return {
        "int64": pa.int64(),
        "large_string": pa.large_string(),
        "bool": pa.bool_(),
        "large_list<int64>": pa.large_list(pa.int64()),
        "decimal128(31, 30)": pa.decimal128(31, 30),
    }[kind]


def _array(pa: Any, kind: Any, column: Tuple[Any, ...]) -> Any:
    """A column's Arrow buffers (built by the engine) as a ``pyarrow.Array``."""
    length, nulls, validity, buffers, child = column
    bufs = [None if validity is None else pa.py_buffer(validity)]
    bufs += [pa.py_buffer(b) for b in buffers]
    children = None
    if child is not None:
        children = [_array(pa, kind.value_type, child)]
    return pa.Array.from_buffers(kind, length, bufs, null_count=nulls, children=children)


def _table(pa: Any, columns: Any, schema: Sequence[Tuple[str, str]]) -> Any:
    """A table from the engine's columns, in its schema's order."""
    fields = [(name, _type(pa, kind)) for name, kind in schema]
    arrays = [_array(pa, t, columns[name]) for name, t in fields]
    return pa.Table.from_arrays(arrays, schema=pa.schema(fields))
