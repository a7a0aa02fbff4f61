"""``holecards eval``: evaluate 5 to 7 card hands.

Evaluate hands of 5, 6 or 7 cards; each argument is one hand, e.g.
'Ah Kh Qh Jh Th 2c 3d'. With several hands, say which wins or ties.
Arguments that are each a single card are taken together as one hand.
With --board, each argument is a player's hole cards and the board is
shared; --game omaha (4 to 6 hole cards, exactly two of them played with
three of the board's), omaha-hilo (the eight-or-better low too) and
short-deck (sixes to aces) evaluate the other games.
"""

from __future__ import annotations

import argparse
import json
from typing import Any, Optional, Sequence, TextIO, Union

from .._core import (
    HandRank,
    LowRank,
    ShortDeckRank,
    evaluate,
    evaluate_omaha,
    evaluate_omaha_low8,
    evaluate_short_deck,
    parse_cards,
)
from .._format import cards as _cards
from ..enums import Category
from ..errors import HolecardsError
from ._common import CliError, command


def _category_text(category: Category) -> str:
    return category.name.replace("_", " ").lower()


#: The games ``--game`` takes.
GAMES = ("holdem", "omaha", "omaha-hilo", "short-deck")

_Rank = Union[HandRank, ShortDeckRank]


def _rank_json(text: str, rank: _Rank, low: Optional[LowRank] = None) -> dict[str, Any]:
    out: dict[str, Any] = {
        "cards": [str(card) for card in parse_cards(text)],
        "value": rank.value,
        "category": rank.category.name,
        "best_five": [str(card) for card in rank.best_five],
        "name": rank.name,
    }
    if low is not None:
        out["low"] = {
            "value": low.value,
            "best_five": [str(card) for card in low.best_five],
            "name": low.name,
        }
    return out


def _evaluate_argument(
    text: str, label: Optional[str], game: str, board: str, trips: bool
) -> tuple[_Rank, Optional[LowRank]]:
    """The hand's high rank, and its eight-or-better low in omaha-hilo."""
    try:
        if game == "omaha":
            return evaluate_omaha(text, board), None
        if game == "omaha-hilo":
            return evaluate_omaha(text, board), evaluate_omaha_low8(text, board)
        full = f"{text} {board}"
        if game == "short-deck":
            return evaluate_short_deck(full, trips_beat_straight=trips), None
        return evaluate(full), None
    except HolecardsError as exc:
        raise CliError(f"{label}: {exc}" if label else str(exc)) from exc


def _who(indices: Sequence[int]) -> str:
    numbers = [index + 1 for index in indices]
    if len(numbers) == 1:
        return f"hand {numbers[0]} wins"
    return "hands " + ", ".join(str(n) for n in numbers[:-1]) + f" and {numbers[-1]} tie"


def run_eval(
    hands: Sequence[str],
    as_json: bool,
    out: TextIO,
    game: str = "holdem",
    board: Optional[str] = None,
    trips_beat_straight: bool = False,
) -> None:
    """Evaluate each hand (with ``board``, each hand's hole cards and the
    board); with several, say which wins."""
    if game not in GAMES:
        raise CliError(f"unknown game {game!r}: one of {', '.join(GAMES)}")
    if game.startswith("omaha") and board is None:
        raise CliError(f"--game {game} needs --board: each hand is a player's hole cards")
    texts = list(hands)
    # ``holecards eval Ah Kh Qh Jh Th`` (one card an argument) means one hand.
    if len(texts) > 1 and all(_looks_like_one_card(text) for text in texts):
        texts = [" ".join(texts)]
    several = len(texts) > 1
    results = [
        _evaluate_argument(
            text,
            f"hand {number} ({text.strip()!r})" if several else None,
            game,
            board or "",
            trips_beat_straight,
        )
        for number, text in enumerate(texts, start=1)
    ]
    ranks = [high for high, _ in results]
    lows = [low for _, low in results]
    best = max(ranks, key=lambda r: r.value)
    winners = [index for index, rank in enumerate(ranks) if rank.value == best.value]
    qualifying = [low for low in lows if low is not None]
    best_low = max(qualifying, key=lambda r: r.value) if qualifying else None
    low_winners = [
        index
        for index, low in enumerate(lows)
        if low is not None and best_low is not None and low.value == best_low.value
    ]

    if as_json:
        if several:
            payload: dict[str, Any] = {
                "hands": [
                    _rank_json(text, rank, low) for text, rank, low in zip(texts, ranks, lows)
                ],
                "winners": winners,
                "tie": len(winners) > 1,
            }
            if game == "omaha-hilo":
                payload["low_winners"] = low_winners
        else:
            payload = _rank_json(texts[0], ranks[0], lows[0])
        if board is not None:
            payload["board"] = [str(card) for card in parse_cards(board)]
        print(json.dumps(payload, indent=2), file=out)
        return

    if board is not None:
        print(f"board: {_cards(parse_cards(board))}", file=out)
    for number, (text, rank, low) in enumerate(zip(texts, ranks, lows), start=1):
        prefix = f"hand {number}: " if several else ""
        indent = "  " if several else ""
        print(f"{prefix}{_cards(parse_cards(text))}", file=out)
        print(f"{indent}value:     {rank.value}", file=out)
        print(f"{indent}category:  {_category_text(rank.category)}", file=out)
        print(f"{indent}best five: {_cards(rank.best_five)}", file=out)
        print(f"{indent}name:      {rank.name}", file=out)
        if game == "omaha-hilo":
            low_text = f"{low.name} ({_cards(low.best_five)})" if low is not None else "none"
            print(f"{indent}low:       {low_text}", file=out)
    if several:
        print(f"{_who(winners)} with {best.name}", file=out)
        if game == "omaha-hilo":
            if best_low is None:
                print("no low: the high hand takes the whole pot", file=out)
            else:
                print(f"{_who(low_winners)} the low with {best_low.name}", file=out)


def _looks_like_one_card(text: str) -> bool:
    """``Ah`` or ``10h`` (or a typo of that size): too short to be a whole hand."""
    return 0 < len(text.strip()) <= 3


def add_parser(commands: Any) -> None:
    """The ``eval`` command's arguments."""
    ev = command(commands, __doc__)
    ev.add_argument("cards", nargs="+", metavar="CARDS", help="a hand, e.g. 'Ah Kh Qh Jh Th 2c 3d'")
    ev.add_argument(
        "--game",
        choices=GAMES,
        default="holdem",
        help="the game's showdown rule (default holdem)",
    )
    ev.add_argument(
        "--board",
        metavar="CARDS",
        help="board cards shared by every hand (each argument is then a player's hole cards)",
    )
    ev.add_argument(
        "--trips-beat-straight",
        action="store_true",
        help="short-deck: rank three of a kind above a straight",
    )
    ev.add_argument(
        "--json",
        action="store_true",
        help="print JSON: one hand as an object; several as {hands, winners (indices), tie}",
    )


def run(args: argparse.Namespace, out: TextIO) -> int:
    run_eval(args.cards, args.json, out, args.game, args.board, args.trips_beat_straight)
    return 0
