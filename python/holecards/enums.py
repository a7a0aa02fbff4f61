"""Enumerations shared by the evaluator and the game: the engine's own
enums as :class:`enum.IntEnum` classes, built by the compiled module from the
engine's tables, so their members and numbers are the engine's."""

from __future__ import annotations

from ._core import ActionKind, Category, EventKind, IllegalReason, Street, Structure

__all__ = ["ActionKind", "Category", "EventKind", "IllegalReason", "Street", "Structure"]
