"""The exceptions holecards raises.

Every one derives from :class:`HolecardsError`; those about bad input also
derive from :class:`ValueError`, so code that already catches ``ValueError``
keeps working. The classes are declared by the compiled module (which raises
them) and re-exported here; each carries, as attributes, what a program needs
to react (``None`` where it does not apply): see each class.
"""

from __future__ import annotations

from ._core import (
    CardError,
    ConfigError,
    DuplicateCardError,
    EquityError,
    HandHistoryError,
    HolecardsError,
    IllegalActionError,
    InUseError,
    NoCardsLeftError,
    RangeError,
    StateError,
    UnsupportedVariantError,
)

__all__ = [
    "HolecardsError",
    "CardError",
    "DuplicateCardError",
    "ConfigError",
    "IllegalActionError",
    "StateError",
    "NoCardsLeftError",
    "HandHistoryError",
    "UnsupportedVariantError",
    "RangeError",
    "EquityError",
    "InUseError",
]
