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

from ._core import Card, Deck, HandRank, evaluate, parse_cards
from ._evaluate import evaluate_many
from .enums import Category
from .errors import (
    CardError,
    ConfigError,
    DuplicateCardError,
    HolecardsError,
    IllegalActionError,
)

__all__ = [
    "Card",
    "CardError",
    "Category",
    "ConfigError",
    "Deck",
    "DuplicateCardError",
    "HandRank",
    "HolecardsError",
    "IllegalActionError",
    "evaluate",
    "evaluate_many",
    "parse_cards",
]

try:
    from importlib.metadata import version as _version

    __version__ = _version("holecards")
except Exception:  # pragma: no cover - running from a source tree
    __version__ = "0+unknown"
