"""``holecards deal``: deal hole cards and a board.

Deal two hole cards to each player and a five-card board, and show the
best hands.
"""

from __future__ import annotations

import argparse
import random
from typing import Any, Optional, TextIO

from .._core import Card, Hand, Rules, evaluate
from .._format import cards as _cards, seats as _seats
from ._common import MAX_SEED, add_players, add_seed, command


def run_deal(seed: int, players: int, out: TextIO) -> None:
    """Deal hole cards and a board exactly as ``Hand(..., button=players - 1,
    seed=seed)`` deals them (one card at a time from the seat left of the
    button, burns before the flop, turn and river)."""
    hand = Hand(
        Rules.no_limit(small_blind=1, big_blind=2), [100] * players, button=players - 1, seed=seed
    )
    while not hand.is_over:  # check it down to see the whole board
        hand.check_or_call()
    hole: list[list[Card]] = [hand.hole_cards(seat) for seat in range(players)]
    board: list[Card] = hand.board

    ranks = [evaluate(cards + board) for cards in hole]
    best = max(ranks)
    print(f"holecards deal: {players} players, seed {seed}", file=out)
    for seat in range(players):
        mark = "  *" if ranks[seat] == best else ""
        print(f"  seat {seat}  [{_cards(hole[seat])}]  {ranks[seat].name}{mark}", file=out)
    print(f"board: [{_cards(board[:3])}] [{board[3]}] [{board[4]}]", file=out)
    winners = [seat for seat in range(players) if ranks[seat] == best]
    verb = "wins" if len(winners) == 1 else "tie"
    print(f"{_seats(winners)} {verb} with {best.name}", file=out)


def add_parser(commands: Any) -> None:
    """The ``deal`` command's arguments."""
    deal = command(commands, __doc__)
    add_seed(deal, "seed for a reproducible deal (default: a random seed, which is printed)")
    add_players(deal)


def run(args: argparse.Namespace, out: TextIO) -> int:
    seed: Optional[int] = args.seed
    if seed is None:
        seed = random.SystemRandom().randrange(MAX_SEED + 1)
    run_deal(seed, args.players, out)
    return 0
