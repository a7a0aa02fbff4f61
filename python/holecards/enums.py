"""Enumerations shared by the evaluator and the game."""

from __future__ import annotations

import enum

__all__ = ["Category"]


class Category(enum.IntEnum):
    """Hand categories, weakest first. A royal flush is the top straight flush."""

    HIGH_CARD = 0
    ONE_PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8
