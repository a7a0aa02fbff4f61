"""A slow, obviously-correct reference equity calculator: the tests' oracle
for ``holecards.equity``.

Plain Python, no holecards import; hands are valued by
:mod:`reference_eval`. Exact arithmetic throughout (``fractions.Fraction``).

The definition it implements: each player holds a *range*, a list of
``((card_a, card_b), weight)`` combos. A *deal* is one combo per player, no
card shared among the players, the known board and the dead cards, together
with one completion of the board to five cards from the cards left. Every
deal counts with weight = the product of its combos' weights (every
completion of the board of one tuple of combos is equally likely, so each gets
that same weight). Over all deals:

* ``boards`` = the total weight of the deals;
* ``wins[p]`` = the weight of the deals where p alone has the best hand;
* ``ties[p]`` = the weight of the deals where p shares the best hand;
* ``equities[p]`` = (the weight of p's wins + the weight of each k-way tie
  p is in divided by k) / ``boards``; the equities sum to 1.

A card is text like ``"Ah"`` (rank ``23456789TJQKA``, suit ``cdhs``, either
case) or anything whose ``str()`` is such text (e.g. a ``holecards.Card``).
A weight is anything :class:`fractions.Fraction` accepts: an int, a float
(taken exactly as the binary number it is), a Fraction or text like
``"0.25"``.

It enumerates everything, so keep spots small: a river or turn spot with a
few combos per player takes milliseconds to a second; a flop heads-up hand
against a 30-combo range takes several seconds.
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from typing import Dict, FrozenSet, Iterable, List, NamedTuple, Sequence, Tuple, Union

import reference_eval

Card = Tuple[int, int]  # reference_eval's (rank 0..12, suit 0..3)
Weight = Union[int, float, str, Fraction]
Combo = Tuple[Tuple[object, object], Weight]  # ((card_a, card_b), weight)

RANKS = reference_eval.RANK_CHARS  # "23456789TJQKA"
SUITS = reference_eval.SUIT_CHARS  # "cdhs"
DECK_TEXT = [r + s for r in RANKS for s in SUITS]  # index = rank * 4 + suit


class ReferenceResult(NamedTuple):
    equities: List[Fraction]
    wins: List[Fraction]
    ties: List[Fraction]
    boards: Fraction


def parse_card(card: object) -> Card:
    """``"Ah"`` (or anything whose ``str()`` is that) -> ``(12, 2)``."""
    text = str(card).strip()
    if len(text) != 2 or text[0].upper() not in RANKS or text[1].lower() not in SUITS:
        raise ValueError(f"not a card: {card!r}")
    return (RANKS.index(text[0].upper()), SUITS.index(text[1].lower()))


def split_cards(text: str) -> List[str]:
    """``"2c 7d9h"`` -> ``["2c", "7d", "9h"]`` (spaces and commas ignored)."""
    compact = "".join(ch for ch in text if ch not in " ,")
    if len(compact) % 2:
        raise ValueError(f"odd number of characters in card text: {text!r}")
    return [compact[i : i + 2] for i in range(0, len(compact), 2)]


def hand_range(hand: str, weight: Weight = 1) -> List[Combo]:
    """The range of one known hand, e.g. ``hand_range("AhKh")``."""
    a, b = split_cards(hand)
    return [((a, b), weight)]


def all_combos(weight: Weight = 1) -> List[Combo]:
    """Every one of the 1,326 two-card combos (the range ``"random"``)."""
    return [((a, b), weight) for a, b in itertools.combinations(DECK_TEXT, 2)]


def one_card_range(card: str, weight: Weight = 1) -> List[Combo]:
    """A player who holds ``card`` and one unknown card: ``card`` with each of
    the other 51 cards, equally weighted (combos that collide with other known
    cards simply never make a deal)."""
    return [((card, other), weight) for other in DECK_TEXT if parse_card(other) != parse_card(card)]


def reference_equity(
    players: Sequence[Sequence[Combo]],
    board: Iterable[object] = (),
    dead: Iterable[object] = (),
) -> ReferenceResult:
    """The exact equities of ``players`` (a list of ranges) on ``board`` (0 to
    5 known cards) with ``dead`` cards out of the deck; see the module
    docstring for the definition. Raises ``ValueError`` when no deal is
    possible."""
    board_cards = [parse_card(c) for c in board]
    dead_cards = [parse_card(c) for c in dead]
    known = board_cards + dead_cards
    if len(board_cards) > 5:
        raise ValueError(f"a board has at most 5 cards, got {len(board_cards)}")
    if len(set(known)) != len(known):
        raise ValueError("a card appears twice among the board and the dead cards")
    ranges: List[List[Tuple[Tuple[Card, Card], Fraction]]] = []
    for rng in players:
        parsed = []
        for (a, b), w in rng:
            pair = (parse_card(a), parse_card(b))
            if pair[0] == pair[1]:
                raise ValueError(f"a combo holds the same card twice: {a}{b}")
            parsed.append((pair, Fraction(w)))
        ranges.append(parsed)
    n = len(ranges)

    deck = [(r, s) for r in range(13) for s in range(4)]
    wins = [Fraction(0)] * n
    ties = [Fraction(0)] * n
    shares = [Fraction(0)] * n
    boards = Fraction(0)

    # Memo of hand values by the set of (2 + 5) cards: the same combo meets
    # the same board in many tuples. Only speeds things up.
    memo: Dict[FrozenSet[Card], reference_eval.Key] = {}

    def value(cards: List[Card]) -> reference_eval.Key:
        key = frozenset(cards)
        if key not in memo:
            memo[key] = reference_eval.evaluate(cards)
        return memo[key]

    for tuple_ in itertools.product(*ranges):
        holes = [pair for pair, _ in tuple_]
        used = [card for pair in holes for card in pair]
        if len(set(used + known)) != len(used) + len(known):
            continue  # two players share a card, or one holds a board/dead card
        weight = Fraction(1)
        for _, w in tuple_:
            weight *= w
        left = [card for card in deck if card not in used and card not in known]
        for completion in itertools.combinations(left, 5 - len(board_cards)):
            full_board = board_cards + list(completion)
            values = [value(list(pair) + full_board) for pair in holes]
            best = max(values)
            winners = [p for p in range(n) if values[p] == best]
            boards += weight
            if len(winners) == 1:
                wins[winners[0]] += weight
            else:
                for p in winners:
                    ties[p] += weight
            for p in winners:
                shares[p] += weight / len(winners)

    if boards == 0:
        raise ValueError("no deal is possible: every tuple of combos collides")
    return ReferenceResult(
        equities=[s / boards for s in shares],
        wins=wins,
        ties=ties,
        boards=boards,
    )


# ---------------------------------------------------------------------------
# Omaha: known hands of 4 to 6 cards, each playing exactly two of them with
# three board cards; every completion of the board equally likely. In hi/lo
# each pot is split between the best high and the best eight-or-better low
# (the whole pot to the high when no low qualifies), each half among its
# ties.


class OmahaReference(NamedTuple):
    equities: List[Fraction]
    high_shares: List[Fraction]
    low_shares: List[Fraction]
    scoops: List[int]
    deals: int


def reference_omaha_equity(
    hands: Sequence[str], board: str = "", dead: str = "", hilo: bool = False
) -> OmahaReference:
    """Exact Omaha equity of known hands by enumerating every board."""
    held = [[parse_card(c) for c in split_cards(h)] for h in hands]
    known = [parse_card(c) for c in split_cards(board)]
    out = [parse_card(c) for c in split_cards(dead)]
    used = {c for h in held for c in h} | set(known) | set(out)
    stub = [(r, s) for r in range(13) for s in range(4) if (r, s) not in used]
    n = len(held)
    equities = [Fraction(0)] * n
    highs_won = [Fraction(0)] * n
    lows_won = [Fraction(0)] * n
    scoops = [0] * n
    deals = 0
    for extra in itertools.combinations(stub, 5 - len(known)):
        full = known + list(extra)
        deals += 1
        highs = [reference_eval.omaha_high(h, full) for h in held]
        best = max(highs)
        high_part = [
            Fraction(1, highs.count(best)) if highs[i] == best else Fraction(0) for i in range(n)
        ]
        lows = [reference_eval.omaha_low8(h, full) if hilo else None for h in held]
        found = [low for low in lows if low is not None]
        for i in range(n):
            highs_won[i] += high_part[i]
            if found:
                best_low = min(found)
                low_part = (
                    Fraction(1, found.count(best_low)) if lows[i] == best_low else Fraction(0)
                )
                lows_won[i] += low_part
                share = (high_part[i] + low_part) / 2
            else:
                share = high_part[i]
            equities[i] += share
            scoops[i] += share == 1
    return OmahaReference(
        [e / deals for e in equities],
        [h / deals for h in highs_won],
        [lo / deals for lo in lows_won],
        scoops,
        deals,
    )
