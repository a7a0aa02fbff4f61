"""``holecards.phh.to_arrow``: a corpus as two Arrow tables (needs pyarrow,
the ``arrow`` extra)."""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Sequence, Tuple

from ._core import Hand, HandHistory, _phh_replay_each
from .enums import EventKind

_ACTIONS = (
    EventKind.POST_ANTE,
    EventKind.POST_SMALL_BLIND,
    EventKind.POST_BIG_BLIND,
    EventKind.POST_STRADDLE,
    EventKind.FOLD,
    EventKind.CHECK,
    EventKind.CALL,
    EventKind.BET,
    EventKind.RAISE,
)


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
    results = _phh_replay_each(list(histories), threads)
    hands: Dict[str, List[Any]] = {k: [] for k in (
        "hand_id", "source", "section", "variant", "status", "error", "unit", "small_blind", "big_blind",
        "ante", "seat_count", "starting_stacks", "final_stacks", "board", "pot", "winners")}
    acts: Dict[str, List[Any]] = {k: [] for k in ("hand_id", "index", "seat", "street", "kind", "amount", "all_in")}
    for hid, (h, (res, places, _unknown)) in enumerate(zip(histories, results)):
        hands["hand_id"].append(hid)
        hands["source"].append(h.source)
        hands["section"].append(h.section)
        hands["variant"].append(h.variant)
        hand: Optional[Hand] = res if isinstance(res, Hand) else None
        if hand is None:
            from .errors import UnsupportedVariantError

            hands["status"].append("unsupported" if isinstance(res, UnsupportedVariantError) else "failed")
            hands["error"].append(str(res))
        else:
            hands["status"].append("ok")
            hands["error"].append(None)
        hands["unit"].append("1" if places == 0 else "0." + "0" * (places - 1) + "1")
        rules = hand.rules if hand is not None else None
        hands["small_blind"].append(rules.small_blind if rules else None)
        hands["big_blind"].append(rules.big_blind if rules else None)
        hands["ante"].append((rules.ante or rules.big_blind_ante) if rules else None)
        hands["seat_count"].append(hand.num_players if hand else None)
        hands["starting_stacks"].append(hand.starting_stacks if hand else None)
        hands["final_stacks"].append(hand.final_stacks if hand else None)
        hands["board"].append("".join(str(c) for c in hand.board) if hand else None)
        hands["pot"].append(hand.pot if hand else None)
        payoffs = hand.payoffs if hand else None
        hands["winners"].append([s for s, p in enumerate(payoffs) if p > 0] if payoffs is not None else None)
        if hand is None:
            continue
        for i, a in enumerate(hand.history):
            acts["hand_id"].append(hid)
            acts["index"].append(i)
            acts["seat"].append(a.seat)
            acts["street"].append(a.street.name.lower())
            acts["kind"].append(a.kind.name.lower())
            acts["amount"].append(a.amount)
            acts["all_in"].append(a.all_in)
    int_list = pa.list_(pa.int64())
    hand_schema = pa.schema([
        ("hand_id", pa.int64()), ("source", pa.string()), ("section", pa.string()), ("variant", pa.string()),
        ("status", pa.string()), ("error", pa.string()), ("unit", pa.string()), ("small_blind", pa.int64()),
        ("big_blind", pa.int64()), ("ante", pa.int64()), ("seat_count", pa.int64()),
        ("starting_stacks", int_list), ("final_stacks", int_list), ("board", pa.string()), ("pot", pa.int64()),
        ("winners", int_list),
    ])
    action_schema = pa.schema([
        ("hand_id", pa.int64()), ("index", pa.int64()), ("seat", pa.int64()), ("street", pa.string()),
        ("kind", pa.string()), ("amount", pa.int64()), ("all_in", pa.bool_()),
    ])
    return pa.table(hands, schema=hand_schema), pa.table(acts, schema=action_schema)
