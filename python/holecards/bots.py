"""Bots: players that decide from what their seat may see.

A bot is a callable taking a :class:`~holecards.SeatView` (the view of the
seat to act, with ``view.legal_actions()``) and returning a move:
``("fold", 0)``, ``("check", 0)``, ``("call", 0)`` (check or call),
``("bet", amount)`` or ``("raise", amount)`` (bet or raise to ``amount``);
in a stud game ``("bring_in", 0)`` (or a call) and ``("complete", amount)``;
in a draw game, when ``legal_actions().draw``, ``("discard", cards)`` (a
list of cards or a string such as ``"Kd9c"``) or ``("stand_pat", 0)``.
The engine reads every answer the same way wherever a bot plays (see
docs/tables.md). It never sees the hand itself, so it cannot peek at other
players' cards.
"""

from __future__ import annotations

import random
from typing import Any, Callable, Sequence, Tuple

from ._core import Hand, SeatView, _apply_answer, evaluate
from .enums import ActionKind, Category, Street
from .errors import ConfigError

__all__ = ["Bot", "Move", "DemoBot", "play_hand", "apply_move"]

Move = Tuple[str, Any]
Bot = Callable[[SeatView], Move]


class DemoBot:
    """The demo's seeded player: mostly checks or calls, sometimes bets or
    raises (more with a stronger hand), now and then folds to a bet."""

    def __init__(self, seed: int) -> None:
        self._rng = random.Random(seed)

    @staticmethod
    def strength(view: SeatView) -> int:
        """A rough 0 (weak), 1 (medium) or 2 (strong)."""
        hole = view.hole_cards or []
        board = view.board
        if not board:
            high, low = max(c.rank for c in hole), min(c.rank for c in hole)
            if hole[0].rank == hole[1].rank or low >= 9:  # a pair, or two cards jack or better
                return 2
            if high >= 10 or (hole[0].suit == hole[1].suit and high - low <= 2):
                return 1
            return 0
        category = evaluate(list(hole) + list(board)).category
        if category >= Category.TWO_PAIR:
            return 2
        return 1 if category == Category.ONE_PAIR else 0

    def _raise_amount(self, view: SeatView, low: int, high: int, call: int) -> int:
        if low == high:
            return low
        target = max(view.bets) + int(self._rng.choice((0.5, 0.66, 0.75, 1.0)) * (view.pot + call))
        unit = max(1, view.rules.small_blind)
        target = (target + unit // 2) // unit * unit
        return max(low, min(high, target))

    def __call__(self, view: SeatView) -> Move:
        legal = view.legal_actions()
        if legal is None:
            raise ValueError("DemoBot was asked to act for a seat that is not to act")
        strength = self.strength(view)
        raises = sum(
            1
            for a in view.history
            if a.street == view.street and a.kind in (ActionKind.BET, ActionKind.RAISE)
        )
        damping = 0.5**raises
        roll = self._rng.random()
        low, high = legal.min_raise_to, legal.max_raise_to
        if legal.call_amount > 0:
            preflop = view.street == Street.PREFLOP
            fold_p = (0.55, 0.25, 0.03)[strength] if preflop else (0.5, 0.2, 0.0)[strength]
            raise_p = (0.03, 0.1, 0.35)[strength] * damping
            if legal.can_fold and roll < fold_p:
                return ("fold", 0)
            if low is not None and high is not None and roll >= 1.0 - raise_p:
                return ("raise", self._raise_amount(view, low, high, legal.call_amount))
            return ("call", 0)
        if low is not None and high is not None and roll < (0.1, 0.3, 0.6)[strength] * damping:
            return ("raise", self._raise_amount(view, low, high, legal.call_amount))
        return ("call", 0)


def play_hand(hand: Hand, bots: Sequence[Bot]) -> Hand:
    """Plays ``hand`` to the end, asking ``bots[seat]`` with that seat's view.

    A bot may read ``hand`` itself while it decides (its pot, its history):
    the hand is only changed between the bots' calls. Answers are read by the
    engine's one decoder, as everywhere else (docs/tables.md)."""
    while (legal := hand.legal_actions()) is not None:
        seat = legal.seat
        if not 0 <= seat < len(bots):
            raise ConfigError(f"no bot for seat {seat}: play_hand takes one bot a seat")
        _apply_answer(hand, bots[seat](hand.view(seat)), f"the bot for seat {seat}")
    return hand


def apply_move(hand: Hand, answer: Any, who: str) -> None:
    """Plays a bot's answer on ``hand`` (for the player to act): ``("fold",
    0)``, ``("check", 0)``, ``("call", 0)`` (check or call), ``("bet", x)`` or
    ``("raise", x)``, ``("bring_in", 0)``, ``("discard", cards)`` or
    ``("stand_pat", 0)``. Anything else is a ``ConfigError`` naming ``who`` (the
    bot), never a move made up for it."""
    _apply_answer(hand, answer, who)
