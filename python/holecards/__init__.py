"""holecards: a Texas Hold'em engine with exact rules and native speed.

The evaluator::

    >>> import holecards
    >>> rank = holecards.evaluate("Kh Kd Kc 7s 7d 2c 3h")
    >>> str(rank)
    'Full house, kings full of sevens'
    >>> rank.category
    <Category.FULL_HOUSE: 6>
"""

from __future__ import annotations

# _start first: the command line's Ctrl-C while the package imports
from . import _start, phh  # noqa: F401
from ._core import (
    HOLE_CARDS,
    MAX_SEATS,
    MIN_SEATS,
    Action,
    BadugiRank,
    Bust,
    Card,
    Deck,
    Event,
    Finish,
    Game,
    Hand,
    HandRank,
    LegalActions,
    LowballRank,
    LowRank,
    OmahaRange,
    Player,
    Positions,
    Pot,
    Range,
    Rules,
    SeatView,
    ShortDeckRank,
    Table,
    Tournament,
    evaluate,
    evaluate_ace_to_five,
    evaluate_badugi,
    evaluate_deuce_to_seven,
    evaluate_low8,
    evaluate_omaha,
    evaluate_omaha_low8,
    evaluate_short_deck,
    icm,
    parse_cards,
)
from ._equity import (
    EquityGrid,
    EquityResult,
    GameEquityResult,
    OmahaEquityResult,
    equity,
    equity_grid,
    game_equity,
    omaha_equity,
)
from ._evaluate import (
    evaluate_ace_to_five_many,
    evaluate_badugi_many,
    evaluate_deuce_to_seven_many,
    evaluate_low8_many,
    evaluate_many,
    evaluate_omaha_many,
    evaluate_short_deck_many,
)
from ._stats import PlayerStats, StatsReport, stats
from .enums import ActionKind, Category, EventKind, IllegalReason, Street, Structure
from .errors import *
from .sim import simulate

__all__ = [
    "HOLE_CARDS",
    "MAX_SEATS",
    "MIN_SEATS",
    "Action",
    "ActionKind",
    "Bust",
    "Card",
    "CardError",
    "Category",
    "ConfigError",
    "Deck",
    "DuplicateCardError",
    "Event",
    "EventKind",
    "Finish",
    "Hand",
    "HandHistoryError",
    "HandRank",
    "HolecardsError",
    "IllegalActionError",
    "IllegalReason",
    "InUseError",
    "LegalActions",
    "LowRank",
    "NoCardsLeftError",
    "Player",
    "Positions",
    "Game",
    "Pot",
    "OmahaRange",
    "Range",
    "RangeError",
    "Rules",
    "SeatView",
    "ShortDeckRank",
    "BadugiRank",
    "LowballRank",
    "StateError",
    "Table",
    "Tournament",
    "UnsupportedVariantError",
    "Street",
    "Structure",
    "EquityError",
    "EquityGrid",
    "EquityResult",
    "equity",
    "equity_grid",
    "omaha_equity",
    "game_equity",
    "GameEquityResult",
    "OmahaEquityResult",
    "evaluate",
    "evaluate_many",
    "evaluate_low8",
    "evaluate_omaha",
    "evaluate_omaha_low8",
    "evaluate_omaha_many",
    "evaluate_low8_many",
    "evaluate_short_deck_many",
    "evaluate_short_deck",
    "evaluate_badugi",
    "evaluate_badugi_many",
    "evaluate_deuce_to_seven",
    "evaluate_deuce_to_seven_many",
    "evaluate_ace_to_five",
    "evaluate_ace_to_five_many",
    "icm",
    "simulate",
    "stats",
    "PlayerStats",
    "StatsReport",
    "parse_cards",
    "phh",
]

try:
    from importlib.metadata import version as _version

    __version__ = _version("holecards")
except Exception:  # pragma: no cover - running from a source tree
    __version__ = "0+unknown"
