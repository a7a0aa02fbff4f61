"""Simulations between bots: ``holecards.simulate`` and its results.

``simulate`` plays cash hands or whole tournaments between built-in bots
(in Rust, on every core) or Python bots (callables taking a ``SeatView``);
``ray=True`` spreads the same seeded chunks over a Ray cluster. See
docs/simulation.md.
"""

from __future__ import annotations

from .._core import BuiltinBot
from ._simulate import (
    BOT_NAMES,
    BotArg as BotArg,
    BotMove as BotMove,
    SeatResult,
    SimulationResult,
    TournamentResult,
    TournamentSeatResult,
    simulate,
)

__all__ = [
    "simulate",
    "SimulationResult",
    "SeatResult",
    "TournamentResult",
    "TournamentSeatResult",
    "BuiltinBot",
    "BOT_NAMES",
]
