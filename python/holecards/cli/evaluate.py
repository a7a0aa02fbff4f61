"""``holecards eval``: evaluate 5 to 7 card hands.

Evaluate hands of 5, 6 or 7 cards; each argument is one hand, e.g.
'Ah Kh Qh Jh Th 2c 3d'. With several hands, say which wins or ties.
Arguments that are each a single card are taken together as one hand.
"""

from __future__ import annotations

import argparse
import json
from typing import Any, Optional, Sequence, TextIO

from .._core import HandRank, evaluate, parse_cards
from .._format import cards as _cards
from ..enums import Category
from ..errors import HolecardsError
from ._common import CliError, command


def _category_text(category: Category) -> str:
    return category.name.replace("_", " ").lower()


def _rank_json(text: str, rank: HandRank) -> dict[str, Any]:
    return {
        "cards": [str(card) for card in parse_cards(text)],
        "value": rank.value,
        "category": rank.category.name,
        "best_five": [str(card) for card in rank.best_five],
        "name": rank.name,
    }


def _evaluate_argument(text: str, label: Optional[str]) -> HandRank:
    try:
        return evaluate(text)
    except HolecardsError as exc:
        raise CliError(f"{label}: {exc}" if label else str(exc)) from exc


def run_eval(hands: Sequence[str], as_json: bool, out: TextIO) -> None:
    """Evaluate each hand; with several, say which wins."""
    texts = list(hands)
    # ``holecards eval Ah Kh Qh Jh Th`` (one card an argument) means one hand.
    if len(texts) > 1 and all(_looks_like_one_card(text) for text in texts):
        texts = [" ".join(texts)]
    several = len(texts) > 1
    ranks = [
        _evaluate_argument(text, f"hand {number} ({text.strip()!r})" if several else None)
        for number, text in enumerate(texts, start=1)
    ]
    best = max(ranks)
    winners = [index for index, rank in enumerate(ranks) if rank == best]

    if as_json:
        if several:
            payload: dict[str, Any] = {
                "hands": [_rank_json(text, rank) for text, rank in zip(texts, ranks)],
                "winners": winners,
                "tie": len(winners) > 1,
            }
        else:
            payload = _rank_json(texts[0], ranks[0])
        print(json.dumps(payload, indent=2), file=out)
        return

    for number, (text, rank) in enumerate(zip(texts, ranks), start=1):
        prefix = f"hand {number}: " if several else ""
        indent = "  " if several else ""
        print(f"{prefix}{_cards(parse_cards(text))}", file=out)
        print(f"{indent}value:     {rank.value}", file=out)
        print(f"{indent}category:  {_category_text(rank.category)}", file=out)
        print(f"{indent}best five: {_cards(rank.best_five)}", file=out)
        print(f"{indent}name:      {rank.name}", file=out)
    if several:
        numbers = [index + 1 for index in winners]
        if len(numbers) == 1:
            print(f"hand {numbers[0]} wins with {best.name}", file=out)
        else:
            names = ", ".join(str(n) for n in numbers[:-1]) + f" and {numbers[-1]}"
            print(f"hands {names} tie with {best.name}", file=out)


def _looks_like_one_card(text: str) -> bool:
    """``Ah`` or ``10h`` (or a typo of that size): too short to be a whole hand."""
    return 0 < len(text.strip()) <= 3


def add_parser(commands: Any) -> None:
    """The ``eval`` command's arguments."""
    ev = command(commands, __doc__)
    ev.add_argument("cards", nargs="+", metavar="CARDS", help="a hand, e.g. 'Ah Kh Qh Jh Th 2c 3d'")
    ev.add_argument(
        "--json",
        action="store_true",
        help="print JSON: one hand as an object; several as {hands, winners (indices), tie}",
    )


def run(args: argparse.Namespace, out: TextIO) -> int:
    run_eval(args.cards, args.json, out)
    return 0
