"""A slow, obviously-correct reference hand evaluator: the tests' oracle.

Plain Python, no holecards import. A card is a ``(rank, suit)`` pair with
rank 0 (deuce) .. 12 (ace) and suit 0..3; helpers convert from the card index
``rank * 4 + suit`` that holecards uses.

The rules (RULES.md, "Hand ranking"): the best five of the 5, 6 or 7 cards;
categories low to high are high card, one pair, two pair, three of a kind,
straight, flush, full house, four of a kind, straight flush; within a category
compare the ranks that make the category, then the kickers, in order; suits
never break ties; the ace is high, and low only in A-2-3-4-5 (a five-high
straight).
"""

from __future__ import annotations

import itertools
from collections import Counter
from typing import Iterable, Sequence, Tuple

Card = Tuple[int, int]  # (rank 0..12, suit 0..3)
Key = Tuple[int, Tuple[int, ...]]  # (category 0..8, tiebreak ranks)

# The categories 0..8, low to high.
HIGH_CARD, ONE_PAIR, TWO_PAIR, THREE_OF_A_KIND, STRAIGHT = range(5)
FLUSH, FULL_HOUSE, FOUR_OF_A_KIND, STRAIGHT_FLUSH = range(5, 9)

ACE = 12
FIVE = 3  # the rank index of a five: the top card of the wheel

RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "cdhs"


def from_index(index: int) -> Card:
    """The ``(rank, suit)`` pair of a card index ``rank * 4 + suit``."""
    return (index // 4, index % 4)


def to_index(card: Card) -> int:
    rank, suit = card
    return rank * 4 + suit


def card_text(card: Card) -> str:
    rank, suit = card
    return RANK_CHARS[rank] + SUIT_CHARS[suit]


def straight_top(ranks: Sequence[int]) -> int | None:
    """The top rank of the straight these five ranks make, or None.

    Five distinct consecutive ranks make a straight topped by the highest; the
    one exception is A-2-3-4-5 (the wheel), whose top card is the five.
    """
    distinct = sorted(set(ranks))
    if len(distinct) != 5:
        return None
    if distinct[4] - distinct[0] == 4:
        return distinct[4]
    if distinct == [0, 1, 2, 3, ACE]:
        return FIVE
    return None


def eval5(cards: Sequence[Card]) -> Key:
    """The key of exactly five cards: bigger key = better hand."""
    assert len(cards) == 5 and len(set(cards)) == 5, cards
    ranks = [rank for rank, _ in cards]
    suits = [suit for _, suit in cards]
    is_flush = len(set(suits)) == 1
    top = straight_top(ranks)

    counts = Counter(ranks)
    # Ranks grouped by how many times they appear, biggest group first and,
    # within equal groups, higher rank first: e.g. K K K 7 7 -> [K, 7];
    # K K 7 7 2 -> [K, 7, 2]; A Q 9 5 3 -> [A, Q, 9, 5, 3].
    groups = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    group_ranks = tuple(rank for rank, _ in groups)
    shape = sorted(counts.values(), reverse=True)

    if top is not None and is_flush:
        return (STRAIGHT_FLUSH, (top,))
    if shape == [4, 1]:
        return (FOUR_OF_A_KIND, group_ranks)  # quad rank, kicker
    if shape == [3, 2]:
        return (FULL_HOUSE, group_ranks)  # trips rank, pair rank
    if is_flush:
        return (FLUSH, tuple(sorted(ranks, reverse=True)))
    if top is not None:
        return (STRAIGHT, (top,))
    if shape == [3, 1, 1]:
        return (THREE_OF_A_KIND, group_ranks)  # trips, kicker, kicker
    if shape == [2, 2, 1]:
        return (TWO_PAIR, group_ranks)  # high pair, low pair, kicker
    if shape == [2, 1, 1, 1]:
        return (ONE_PAIR, group_ranks)  # pair, three kickers
    assert shape == [1, 1, 1, 1, 1]
    return (HIGH_CARD, tuple(sorted(ranks, reverse=True)))


def best(cards: Iterable[Card]) -> Tuple[Key, Tuple[Card, ...]]:
    """The best key over all 5-card subsets, and one subset that makes it."""
    cards = list(cards)
    assert 5 <= len(cards) <= 7 and len(set(cards)) == len(cards), cards
    return max(
        ((eval5(five), five) for five in itertools.combinations(cards, 5)), key=lambda kf: kf[0]
    )


def evaluate(cards: Iterable[Card]) -> Key:
    """The key of the best five of 5, 6 or 7 ``(rank, suit)`` cards."""
    return best(cards)[0]


def evaluate_indices(indices: Iterable[int]) -> Key:
    """:func:`evaluate` for card indices ``rank * 4 + suit``."""
    return evaluate(from_index(int(i)) for i in indices)


def ranks_in_order(key: Key) -> Tuple[int, ...]:
    """The five ranks of a hand with this key, most significant first.

    Quads then the kicker, trips then the pair, pairs then the kicker,
    straights from the top down with a wheel's ace last (5-4-3-2-A), flushes
    and high cards from the top down.
    """
    category, tiebreak = key
    if category in (STRAIGHT, STRAIGHT_FLUSH):
        top = tiebreak[0]
        if top == FIVE:
            return (3, 2, 1, 0, ACE)
        return tuple(range(top, top - 5, -1))
    multiplicity = {
        HIGH_CARD: (1, 1, 1, 1, 1),
        ONE_PAIR: (2, 1, 1, 1),
        TWO_PAIR: (2, 2, 1),
        THREE_OF_A_KIND: (3, 1, 1),
        FLUSH: (1, 1, 1, 1, 1),
        FULL_HOUSE: (3, 2),
        FOUR_OF_A_KIND: (4, 1),
    }[category]
    out: list[int] = []
    for rank, times in zip(tiebreak, multiplicity):
        out.extend([rank] * times)
    return tuple(out)


# ---------------------------------------------------------------------------
# Every distinct 5-card hand value.


def all_distinct_keys() -> list[Key]:
    """Every distinct 5-card key, weakest first (there are 7,462).

    A 5-card hand's value depends only on its multiset of ranks and on
    whether it is a flush, so one representative hand of each kind covers
    them all.
    """
    keys = set()
    for ranks in itertools.combinations_with_replacement(range(13), 5):
        if max(Counter(ranks).values()) > 4:
            continue  # five of a kind needs a fifth suit
        keys.add(eval5(_offsuit(ranks)))
        if len(set(ranks)) == 5:
            keys.add(eval5([(r, 0) for r in ranks]))
    return sorted(keys)


def _offsuit(ranks: Sequence[int]) -> list[Card]:
    """Distinct cards with these ranks, never five of one suit."""
    seen: Counter = Counter()
    cards = []
    for i, r in enumerate(sorted(ranks)):
        # Copies of one rank take suits 0, 1, 2, ...; a run of singletons
        # gets suits starting from its position so they cannot all match.
        suit = (seen[r] + i) % 4
        while (r, suit) in cards:
            suit = (suit + 1) % 4
        cards.append((r, suit))
        seen[r] += 1
    assert len({s for _, s in cards}) > 1
    return cards


_TABLE: list = []  # filled on first use: [sorted keys, {key: value}]


def _table() -> list:
    if not _TABLE:
        keys = all_distinct_keys()
        _TABLE.extend([keys, {k: i + 1 for i, k in enumerate(keys)}])
    return _TABLE


def value_of_key(key: Key) -> int:
    """The dense value 1..7462 of a key (1 = the weakest, 7-5-4-3-2)."""
    return _table()[1][key]


def key_of_value(value: int) -> Key:
    """The key whose dense value is ``value`` (1..7462)."""
    assert 1 <= value <= len(_table()[0])
    return _table()[0][value - 1]


# ---------------------------------------------------------------------------
# Readable names, in the format holecards documents:
# "Full house, kings full of sevens", "Straight, five high", "Royal flush".

CATEGORY_NAMES = [
    "High card",
    "One pair",
    "Two pair",
    "Three of a kind",
    "Straight",
    "Flush",
    "Full house",
    "Four of a kind",
    "Straight flush",
]
RANK_NAMES = [
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "jack",
    "queen",
    "king",
    "ace",
]
RANK_PLURALS = [
    "twos",
    "threes",
    "fours",
    "fives",
    "sixes",
    "sevens",
    "eights",
    "nines",
    "tens",
    "jacks",
    "queens",
    "kings",
    "aces",
]


def name_of_key(key: Key) -> str:
    category, t = key
    if category == STRAIGHT_FLUSH and t[0] == ACE:
        return "Royal flush"
    if category in (STRAIGHT_FLUSH, STRAIGHT, FLUSH):
        detail = f"{RANK_NAMES[t[0]]} high"
    elif category in (FOUR_OF_A_KIND, THREE_OF_A_KIND, ONE_PAIR):
        detail = RANK_PLURALS[t[0]]
    elif category == FULL_HOUSE:
        detail = f"{RANK_PLURALS[t[0]]} full of {RANK_PLURALS[t[1]]}"
    elif category == TWO_PAIR:
        detail = f"{RANK_PLURALS[t[0]]} and {RANK_PLURALS[t[1]]}"
    else:
        detail = RANK_NAMES[t[0]]
    return f"{CATEGORY_NAMES[category]}, {detail}"


# Omaha and the eight-or-better low (no holecards import here either).
#
# Omaha: a hand plays exactly two of its hole cards and exactly three of the
# board's. The low (ace-to-five, eight or better): five cards of five
# distinct ranks, each eight or lower, the ace low; straights and flushes do
# not count against it; lows compare from the highest card down, and the
# lower is the better.


def omaha_high(hole: Sequence[Card], board: Sequence[Card]) -> Key:
    """The key of the best two-from-``hole``, three-from-``board`` hand."""
    return max(
        eval5(list(two) + list(three))
        for two in itertools.combinations(hole, 2)
        for three in itertools.combinations(board, 3)
    )


LowKey = Tuple[int, ...]  # the five ranks high to low, the ace as 1: smaller is better


def low8_of_five(cards: Sequence[Card]) -> LowKey | None:
    """The low of exactly five cards, or None when they do not qualify."""
    ranks = sorted((1 if rank == ACE else rank + 2 for rank, _ in cards), reverse=True)
    if len(set(ranks)) == 5 and ranks[0] <= 8:
        return tuple(ranks)
    return None


def best_low8(cards: Iterable[Card]) -> LowKey | None:
    """The best low that any five of 5, 6 or 7 cards make, or None."""
    lows = [low8_of_five(five) for five in itertools.combinations(list(cards), 5)]
    found = [low for low in lows if low is not None]
    return min(found) if found else None


def omaha_low8(hole: Sequence[Card], board: Sequence[Card]) -> LowKey | None:
    """The best two-from-``hole``, three-from-``board`` low, or None."""
    lows = [
        low8_of_five(list(two) + list(three))
        for two in itertools.combinations(hole, 2)
        for three in itertools.combinations(board, 3)
    ]
    found = [low for low in lows if low is not None]
    return min(found) if found else None


# Short-deck (six-plus) hold'em: the 36 cards from six to ace. A flush beats
# a full house; A-6-7-8-9 is a straight, the lowest (and suited, the lowest
# straight flush); three of a kind is below a straight unless
# ``trips_beat_straight``.


def short_deck_eval5(cards: Sequence[Card], trips_beat_straight: bool = False) -> Key:
    """The short-deck key of exactly five cards: bigger key = better hand."""
    category, ranks = eval5(cards)
    if sorted(rank for rank, _ in cards) == [4, 5, 6, 7, ACE]:
        # A-6-7-8-9: eval5 calls it ace high (or an ace-high flush)
        category, ranks = (STRAIGHT_FLUSH if category == FLUSH else STRAIGHT), (7,)
    order = [HIGH_CARD, ONE_PAIR, TWO_PAIR, THREE_OF_A_KIND, STRAIGHT, FULL_HOUSE, FLUSH]
    order += [FOUR_OF_A_KIND, STRAIGHT_FLUSH]
    if trips_beat_straight:
        order[3], order[4] = STRAIGHT, THREE_OF_A_KIND
    return (order.index(category), ranks)


def short_deck_best(cards: Iterable[Card], trips_beat_straight: bool = False) -> Key:
    """The best short-deck key over all 5-card subsets of 5 to 7 cards."""
    return max(
        short_deck_eval5(five, trips_beat_straight)
        for five in itertools.combinations(list(cards), 5)
    )


BadugiKey = Tuple[
    int, Tuple[int, ...]
]  # (cards played, their ranks high to low negated): greater is better


def badugi(cards: Sequence[Card]) -> BadugiKey:
    """The badugi of four cards: the largest subset with no rank and no suit
    twice, then the lowest from the highest card down, aces low."""
    best: BadugiKey | None = None
    for size in range(1, len(cards) + 1):
        for chosen in itertools.combinations(cards, size):
            ranks = [1 if rank == ACE else rank + 2 for rank, _ in chosen]
            suits = [suit for _, suit in chosen]
            if len(set(ranks)) < size or len(set(suits)) < size:
                continue
            key = (size, tuple(-r for r in sorted(ranks, reverse=True)))
            if best is None or key > best:
                best = key
    assert best is not None
    return best


def deuce_to_seven5(cards: Sequence[Card]) -> Key:
    """The deuce-to-seven key of five cards, a smaller key the better low:
    the standard categories with an ace only high (A-5-4-3-2 is no
    straight)."""
    ranks = sorted((rank for rank, _ in cards), reverse=True)
    flush = len({suit for _, suit in cards}) == 1
    counts = {r: ranks.count(r) for r in ranks}
    groups = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    shape = [c for _, c in groups]
    straight = len(groups) == 5 and ranks[0] - ranks[4] == 4
    tiebreak = tuple(r for r, _ in groups)
    if straight:
        return (8 if flush else 4, (ranks[0],))
    category = {
        (4, 1): 7,
        (3, 2): 6,
        (3, 1, 1): 3,
        (2, 2, 1): 2,
        (2, 1, 1, 1): 1,
    }.get(tuple(shape), 5 if flush else 0)
    return (category, tiebreak)


def ace_to_five5(cards: Sequence[Card]) -> Key:
    """The ace-to-five key of five cards, a smaller key the better low:
    aces low, pairs and their kin count, straights and flushes do not."""
    ranks = [(rank + 1) % 13 for rank, _ in cards]
    counts = {r: ranks.count(r) for r in ranks}
    groups = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    shape = tuple(c for _, c in groups)
    category = {(1, 1, 1, 1, 1): 0, (2, 1, 1, 1): 1, (2, 2, 1): 2, (3, 1, 1): 3, (3, 2): 4}.get(
        shape, 5
    )
    return (category, tuple(r for r, _ in groups))


def lowball_best(cards: Sequence[Card], key) -> Key:
    """The best (smallest) key of any five of 5 to 7 cards."""
    return min(key(five) for five in itertools.combinations(list(cards), 5))
