"""The exceptions holecards raises.

Every one derives from :class:`HolecardsError`; those about bad input also
derive from :class:`ValueError`, so code that already catches ``ValueError``
keeps working.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Optional

if TYPE_CHECKING:  # pragma: no cover
    from ._core import Card, LegalActions
    from .enums import IllegalReason

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


class HolecardsError(Exception):
    """Base class of every holecards error."""


class CardError(HolecardsError, ValueError):
    """Something that is not a card, or the wrong number of cards."""


class DuplicateCardError(CardError):
    """The same card twice in one hand or deal; ``card`` is that card."""

    card: Optional[Card] = None


class ConfigError(HolecardsError, ValueError):
    """A configuration that cannot be played: rules, stacks, seats, options."""


class IllegalActionError(HolecardsError, ValueError):
    """A move the rules forbid in this state; the message gives the legal range.

    ``reason`` says why (an :class:`~holecards.IllegalReason`), ``legal`` is
    the :class:`~holecards.LegalActions` at that moment (``None`` once the
    hand is over) and ``seat`` the seat to act. The hand is left unchanged.
    """

    reason: Optional[IllegalReason] = None
    legal: Optional[LegalActions] = None
    seat: Optional[int] = None


class StateError(ConfigError):
    """Saved state (a pickle) that is corrupt or from another version."""


class NoCardsLeftError(ConfigError):
    """More cards asked for than are left in the deck."""


class HandHistoryError(HolecardsError, ValueError):
    """A hand history that cannot be read or replayed. The message names the
    file (and the ``[table]`` of a ``.phhs``) and the problem. For an action
    that cannot be played: ``location``, ``index`` (its position in
    ``actions``), ``action`` (its text), and when the engine refused the move
    ``reason`` and ``legal`` as on :class:`IllegalActionError`."""

    location: Optional[str] = None
    index: Optional[int] = None
    action: Optional[str] = None
    reason: Optional[IllegalReason] = None
    legal: Optional[LegalActions] = None


class UnsupportedVariantError(HandHistoryError):
    """A hand history of a variant holecards does not play; ``variant`` is its code."""

    variant: Optional[str] = None


class RangeError(HolecardsError, ValueError):
    """Text that is not a hand range. ``text`` is the whole text, ``token``
    the piece that is wrong and ``position`` where it starts (in characters
    from 0), so ``text[position:position + len(token)] == token``."""

    text: Optional[str] = None
    position: Optional[int] = None
    token: Optional[str] = None


class EquityError(HolecardsError, ValueError):
    """An equity question that cannot be answered as asked: too few or too
    many players, a range left empty by the known cards, no deal without a
    shared card, or an exact enumeration too large (the message gives the
    count and suggests ``trials``)."""


class InUseError(HolecardsError, RuntimeError):
    """An object that one thread is using, called from another at the same
    time (a :class:`~holecards.env.VectorEnv` stepped from two threads). Such
    an object is used by one thread at a time; nothing was changed."""
