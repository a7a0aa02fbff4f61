"""Enumerations shared by the evaluator and the game."""

from __future__ import annotations

import enum

__all__ = ["ActionKind", "Category", "EventKind", "IllegalReason", "Street", "Structure"]


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


class EventKind(enum.IntEnum):
    """What an entry of :attr:`Hand.events` records. The first nine are the
    :class:`ActionKind` members, with the same numbers."""

    POST_ANTE = 0
    POST_SMALL_BLIND = 1
    POST_BIG_BLIND = 2
    POST_STRADDLE = 3
    FOLD = 4
    CHECK = 5
    CALL = 6
    BET = 7
    RAISE = 8
    DEAL_HOLE = 9
    BURN = 10
    DEAL_BOARD = 11
    RETURN_UNCALLED = 12
    SHOW = 13
    MUCK = 14
    AWARD = 15


class IllegalReason(enum.IntEnum):
    """Why an action was refused: :attr:`IllegalActionError.reason`."""

    NOT_YOUR_TURN = 0
    HAND_OVER = 1
    CANNOT_FOLD = 2
    CANNOT_CHECK = 3
    NOTHING_TO_CALL = 4
    BELOW_MINIMUM = 5
    ABOVE_MAXIMUM = 6
    NOT_REOPENED = 7
    RAISE_CAP_REACHED = 8
    NO_CHIPS_BEYOND_CALL = 9
    NOBODY_CAN_ANSWER = 10
    BET_OR_FOLD_ONLY = 11
    NOT_AN_AMOUNT = 12
