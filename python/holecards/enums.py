"""Enumerations shared by the evaluator and the game."""

from __future__ import annotations

import enum

__all__ = ["ActionKind", "Category", "Street", "Structure"]


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


class Street(enum.IntEnum):
    """Betting rounds; ``SHOWDOWN`` once cards were shown."""

    PREFLOP = 0
    FLOP = 1
    TURN = 2
    RIVER = 3
    SHOWDOWN = 4


class ActionKind(enum.IntEnum):
    """What an entry of :attr:`Hand.history` records."""

    POST_ANTE = 0
    POST_SMALL_BLIND = 1
    POST_BIG_BLIND = 2
    POST_STRADDLE = 3
    FOLD = 4
    CHECK = 5
    CALL = 6
    BET = 7
    RAISE = 8


class Structure(enum.IntEnum):
    """Betting structures."""

    FIXED_LIMIT = 0
    POT_LIMIT = 1
    NO_LIMIT = 2
    PROGRESSIVE = 3
