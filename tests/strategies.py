"""Hypothesis strategies for hands.

Every hand strategy draws a list of distinct card indices (``rank * 4 +
suit``, 0..51) in a shuffled order. Besides uniformly random hands there are
strategies aimed at the cases evaluators get wrong: wheels and steel wheels,
six or seven suited cards, two sets of trips, three pairs, quads beside a full
house, a straight and a flush in the same seven cards, boards that play.
"""

from __future__ import annotations

from typing import Any, List

from hypothesis import strategies as st

from reference_equity import DECK_TEXT

ACE = 12
ALL_CARDS = list(range(52))


def card(rank: int, suit: int) -> int:
    return rank * 4 + suit


@st.composite
def _fill(draw, fixed: List[int], size: int) -> List[int]:
    """``fixed`` plus random other cards up to ``size``, shuffled."""
    assert len(set(fixed)) == len(fixed) <= size
    rest = [c for c in ALL_CARDS if c not in fixed]
    extra = draw(
        st.lists(
            st.sampled_from(rest),
            min_size=size - len(fixed),
            max_size=size - len(fixed),
            unique=True,
        )
    )
    return draw(st.permutations(fixed + extra))


def sizes(min_size: int = 5) -> st.SearchStrategy[int]:
    return st.sampled_from([n for n in (5, 6, 7) if n >= min_size])


def random_hand(size: int | None = None) -> st.SearchStrategy[List[int]]:
    """A uniformly random hand of ``size`` (or 5, 6 or 7) distinct cards."""
    if size is None:
        return sizes().flatmap(random_hand)
    return st.lists(st.integers(0, 51), min_size=size, max_size=size, unique=True)


@st.composite
def wheel(draw, suited: bool = False) -> List[int]:
    """A-2-3-4-5 (any suits, or all one suit: a steel wheel) plus 0-2 cards."""
    if suited:
        suit = draw(st.integers(0, 3))
        suits = [suit] * 5
    else:
        suits = draw(st.lists(st.integers(0, 3), min_size=5, max_size=5))
    fixed = [card(r, s) for r, s in zip([ACE, 0, 1, 2, 3], suits)]
    return draw(_fill(fixed, draw(sizes())))


def steel_wheel() -> st.SearchStrategy[List[int]]:
    return wheel(suited=True)


@st.composite
def many_suited(draw) -> List[int]:
    """Six or seven cards of one suit (a 7-card hand), or five or six of a 6."""
    suit = draw(st.integers(0, 3))
    size = draw(sizes(6))
    n_suited = draw(st.integers(5 if size == 6 else 6, size))
    ranks = draw(st.lists(st.integers(0, 12), min_size=n_suited, max_size=n_suited, unique=True))
    fixed = [card(r, suit) for r in ranks]
    others = [c for c in ALL_CARDS if c % 4 != suit]
    extra = draw(
        st.lists(
            st.sampled_from(others), min_size=size - n_suited, max_size=size - n_suited, unique=True
        )
    )
    return draw(st.permutations(fixed + extra))


@st.composite
def two_trips(draw) -> List[int]:
    """Two sets of three of a kind plus a seventh card."""
    r1, r2 = draw(st.lists(st.integers(0, 12), min_size=2, max_size=2, unique=True))
    s1 = draw(st.lists(st.integers(0, 3), min_size=3, max_size=3, unique=True))
    s2 = draw(st.lists(st.integers(0, 3), min_size=3, max_size=3, unique=True))
    fixed = [card(r1, s) for s in s1] + [card(r2, s) for s in s2]
    return draw(_fill(fixed, 7))


@st.composite
def three_pairs(draw) -> List[int]:
    """Three pairs plus a seventh card (the kicker question)."""
    ranks = draw(st.lists(st.integers(0, 12), min_size=3, max_size=3, unique=True))
    fixed = []
    for r in ranks:
        fixed += [
            card(r, s)
            for s in draw(st.lists(st.integers(0, 3), min_size=2, max_size=2, unique=True))
        ]
    return draw(_fill(fixed, 7))


@st.composite
def quads_and_full_house(draw) -> List[int]:
    """Four of a kind with trips (a full house too) or with a pair."""
    quad, other = draw(st.lists(st.integers(0, 12), min_size=2, max_size=2, unique=True))
    n_other = draw(st.integers(2, 3))
    fixed = [card(quad, s) for s in range(4)]
    fixed += [
        card(other, s)
        for s in draw(st.lists(st.integers(0, 3), min_size=n_other, max_size=n_other, unique=True))
    ]
    return draw(_fill(fixed, 7))


@st.composite
def straight_and_flush(draw) -> List[int]:
    """Seven cards holding both a straight and a flush (maybe a straight flush)."""
    top = draw(st.integers(3, 12))  # 3: the wheel
    ranks = [ACE, 0, 1, 2, 3] if top == 3 else list(range(top - 4, top + 1))
    suit = draw(st.integers(0, 3))
    n_suited = draw(st.integers(3, 5))  # straight cards in the flush suit
    suited_idx = draw(
        st.lists(st.integers(0, 4), min_size=n_suited, max_size=n_suited, unique=True)
    )
    fixed = []
    for i, r in enumerate(ranks):
        if i in suited_idx:
            fixed.append(card(r, suit))
        else:
            fixed.append(card(r, draw(st.sampled_from([s for s in range(4) if s != suit]))))
    # Enough further cards of the suit to make five of it.
    need = max(0, 5 - n_suited)
    spare = [card(r, suit) for r in range(13) if card(r, suit) not in fixed]
    fixed += draw(st.lists(st.sampled_from(spare), min_size=need, max_size=need, unique=True))
    return draw(_fill(fixed, 7))


@st.composite
def straight_flush_hand(draw) -> List[int]:
    """A straight flush (royal and steel wheel included) plus 0-2 cards."""
    top = draw(st.integers(3, 12))
    ranks = [ACE, 0, 1, 2, 3] if top == 3 else list(range(top - 4, top + 1))
    suit = draw(st.integers(0, 3))
    return draw(_fill([card(r, suit) for r in ranks], draw(sizes())))


@st.composite
def rank_dense(draw) -> List[int]:
    """Cards from only two to four ranks: pairs, trips, quads, full houses."""
    n_ranks = draw(st.integers(2, 4))
    ranks = draw(st.lists(st.integers(0, 12), min_size=n_ranks, max_size=n_ranks, unique=True))
    pool = [card(r, s) for r in ranks for s in range(4)]
    size = draw(sizes())
    size = min(size, len(pool))
    return draw(st.lists(st.sampled_from(pool), min_size=size, max_size=size, unique=True))


@st.composite
def suit_dense(draw) -> List[int]:
    """Cards from only one or two suits: flushes, and flushes beside straights."""
    suits = draw(st.lists(st.integers(0, 3), min_size=1, max_size=2, unique=True))
    pool = [card(r, s) for r in range(13) for s in suits]
    size = draw(sizes())
    return draw(st.lists(st.sampled_from(pool), min_size=size, max_size=size, unique=True))


@st.composite
def run_dense(draw) -> List[int]:
    """Cards from a window of five to seven consecutive ranks: straights.

    The window may wrap below the deuce to the ace (A-2-3-4-5-6...).
    """
    width = draw(st.integers(5, 7))
    low = draw(st.integers(-1, 13 - width))
    ranks = [ACE if r == -1 else r for r in range(low, low + width)]
    pool = [card(r, s) for r in ranks for s in range(4)]
    size = draw(sizes())
    return draw(st.lists(st.sampled_from(pool), min_size=size, max_size=size, unique=True))


def hard_hand() -> st.SearchStrategy[List[int]]:
    """One of the targeted hard cases."""
    return st.one_of(
        wheel(),
        steel_wheel(),
        many_suited(),
        two_trips(),
        three_pairs(),
        quads_and_full_house(),
        straight_and_flush(),
        straight_flush_hand(),
        rank_dense(),
        suit_dense(),
        run_dense(),
    )


def any_hand() -> st.SearchStrategy[List[int]]:
    """A random hand or a hard case, 5 to 7 cards."""
    return st.one_of(random_hand(), hard_hand())


@st.composite
def strong_board(draw) -> List[int]:
    """Five board cards that often play: straights, flushes, full houses,
    quads with a high kicker, straight flushes, or just random."""
    kind = draw(
        st.sampled_from(["straight", "flush", "full_house", "quads", "straight_flush", "random"])
    )
    if kind in ("straight", "straight_flush"):
        top = draw(st.integers(3, 12))
        ranks = [ACE, 0, 1, 2, 3] if top == 3 else list(range(top - 4, top + 1))
        if kind == "straight_flush":
            suit = draw(st.integers(0, 3))
            return [card(r, suit) for r in ranks]
        return [card(r, draw(st.integers(0, 3))) for r in ranks]
    if kind == "flush":
        suit = draw(st.integers(0, 3))
        ranks = draw(st.lists(st.integers(0, 12), min_size=5, max_size=5, unique=True))
        return [card(r, suit) for r in ranks]
    if kind == "full_house":
        r1, r2 = draw(st.lists(st.integers(0, 12), min_size=2, max_size=2, unique=True))
        s1 = draw(st.lists(st.integers(0, 3), min_size=3, max_size=3, unique=True))
        s2 = draw(st.lists(st.integers(0, 3), min_size=2, max_size=2, unique=True))
        return [card(r1, s) for s in s1] + [card(r2, s) for s in s2]
    if kind == "quads":
        quad, kicker = draw(st.lists(st.integers(9, 12), min_size=2, max_size=2, unique=True))
        return [card(quad, s) for s in range(4)] + [card(kicker, draw(st.integers(0, 3)))]
    return draw(random_hand(5))


@st.composite
def board_and_two_holdings(draw):
    """(board of 5, hole cards A, hole cards B), all 9 cards distinct."""
    board = draw(strong_board())
    rest = [c for c in ALL_CARDS if c not in board]
    holes = draw(st.lists(st.sampled_from(rest), min_size=4, max_size=4, unique=True))
    return board, holes[:2], holes[2:]


@st.composite
def known_hands_spot(draw: Any, min_players: int, max_players: int, board_len: int) -> Any:
    """Known hole cards, a board of board_len cards and 0 to 3 dead cards."""
    n = draw(st.integers(min_players, max_players))
    n_dead = draw(st.integers(0, 3))
    deck = draw(st.permutations(DECK_TEXT))
    hands = [deck[2 * i] + deck[2 * i + 1] for i in range(n)]
    board = deck[2 * n : 2 * n + board_len]
    dead = deck[2 * n + board_len : 2 * n + board_len + n_dead]
    return hands, board, dead


def any_argument(list_item_max: int, *more: Any) -> Any:
    """Any value a caller might pass as an argument: None, booleans, integers
    (huge, negative), floats (NaN, infinities), short text, short lists of
    integers up to ``list_item_max``, an object, and the strategies ``more``."""
    return st.one_of(
        st.none(),
        st.booleans(),
        st.integers(),
        st.integers(min_value=2**63 - 2, max_value=2**65),
        st.integers(max_value=0),
        st.floats(allow_nan=True, allow_infinity=True),
        st.text(max_size=4),
        st.lists(st.integers(min_value=-5, max_value=list_item_max), max_size=3),
        *more,
        st.just(object()),
    )
