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

from ._core import (
    Action,
    Card,
    Deck,
    Hand,
    HandRank,
    LegalActions,
    Pot,
    Rules,
    SeatView,
    evaluate,
    parse_cards,
)
from ._evaluate import evaluate_many
from .enums import ActionKind, Category, Street, Structure
from .errors import (
    CardError,
    ConfigError,
    DuplicateCardError,
    HolecardsError,
    IllegalActionError,
)

__all__ = [
    "Action",
    "ActionKind",
    "Card",
    "CardError",
    "Category",
    "ConfigError",
    "Deck",
    "DuplicateCardError",
    "Hand",
    "HandRank",
    "HolecardsError",
    "IllegalActionError",
    "LegalActions",
    "Pot",
    "Rules",
    "SeatView",
    "Street",
    "Structure",
    "evaluate",
    "evaluate_many",
    "parse_cards",
]

try:
    from importlib.metadata import version as _version

    __version__ = _version("holecards")
except Exception:  # pragma: no cover - running from a source tree
    __version__ = "0+unknown"
