"""The exceptions holecards raises.

Every one derives from :class:`HolecardsError`; those about bad input also
derive from :class:`ValueError`, so code that already catches ``ValueError``
keeps working.
"""

from __future__ import annotations

__all__ = [
    "HolecardsError",
    "CardError",
    "DuplicateCardError",
    "ConfigError",
    "IllegalActionError",
]


class HolecardsError(Exception):
    """Base class of every holecards error."""


class CardError(HolecardsError, ValueError):
    """Something that is not a card, or the wrong number of cards."""


class DuplicateCardError(CardError):
    """The same card twice in one hand or deal."""


class ConfigError(HolecardsError, ValueError):
    """A configuration that cannot be played: rules, stacks, seats, options."""


class IllegalActionError(HolecardsError, ValueError):
    """A move the rules forbid in this state; the message gives the legal range."""
