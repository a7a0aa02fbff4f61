"""Card, parse_cards and Deck.

The card layout is the documented one: index = rank * 4 + suit, ranks
2..A = 0..12, suits c d h s = 0..3, so 2c = 0 and As = 51.
"""

from __future__ import annotations

import copy
import pickle
import random
import re

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

import holecards
from holecards import Card, Deck, parse_cards

RANKS = "23456789TJQKA"
SUITS = "cdhs"
ALL_TEXT = [r + s for r in RANKS for s in SUITS]  # index order: 2c 2d 2h 2s 3c ...


# ---------------------------------------------------------------------------
# Card


@pytest.mark.parametrize("index", range(52))
def test_every_card(index):
    rank, suit = divmod(index, 4)
    name = RANKS[rank] + SUITS[suit]
    assert ALL_TEXT[index] == name
    for c in (Card(index), Card(name), Card(name.lower()), Card(name.upper()), Card(Card(index))):
        assert isinstance(c, Card)
        assert int(c) == index
        assert c.rank == rank
        assert c.suit == suit
        assert c.rank_char == RANKS[rank]
        assert c.suit_char == SUITS[suit]
        assert str(c) == name
        assert repr(c) == f"Card('{name}')"
        assert eval(repr(c), {"Card": Card}) == c
        assert c == Card(index) and hash(c) == hash(Card(index))


def test_card_layout_fixed_points():
    assert int(Card("2c")) == 0
    assert int(Card("2d")) == 1
    assert int(Card("3c")) == 4
    assert int(Card("Ah")) == 50
    assert int(Card("As")) == 51
    assert str(Card(50)) == "Ah"
    assert repr(Card("Ah")) == "Card('Ah')"
    assert Card("As").rank == 12 and Card("As").suit == 3
    assert Card("2c").rank == 0 and Card("2c").suit == 0


def test_ten_and_case():
    th = Card("Th")
    assert Card("10h") == th
    assert Card("10H") == th
    assert Card("th") == th
    assert Card("tH") == th
    assert str(Card("10h")) == "Th"
    assert Card("aH") == Card("Ah") == Card("AH") == Card("ah")
    assert Card(np.uint8(50)) == Card("Ah")
    assert Card(np.int64(0)) == Card("2c")


def test_card_eq_hash_order():
    cards = [Card(i) for i in range(52)]
    assert len(set(cards)) == 52
    assert len({Card(i) for i in range(52)} | {Card(t) for t in ALL_TEXT}) == 52
    assert Card(50) == Card("Ah")
    assert Card(50) != Card(51)
    assert not (Card(50) != Card("Ah"))
    assert hash(Card(50)) == hash(Card("Ah"))
    assert {Card("Ah"): 1}[Card(50)] == 1
    shuffled = cards[:]
    random.Random(3).shuffle(shuffled)
    assert sorted(shuffled) == cards  # ordered by index
    assert Card("2c") < Card("2d") < Card("3c") < Card("As")
    assert Card("As") >= Card("Ah") and Card("Ah") <= Card("As") and Card("As") > Card("Ah")


def test_card_is_immutable():
    c = Card("Ah")
    for attr in ("rank", "suit", "rank_char", "suit_char"):
        with pytest.raises(AttributeError):
            setattr(c, attr, 0)
    with pytest.raises(AttributeError):
        c.foo = 1  # type: ignore[attr-defined]
    with pytest.raises(AttributeError):
        del c.rank  # type: ignore[misc]
    assert c == Card("Ah") and c.rank == 12


@pytest.mark.parametrize("index", [0, 1, 30, 50, 51])
def test_card_pickle_and_copy(index):
    c = Card(index)
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        back = pickle.loads(pickle.dumps(c, protocol=protocol))
        assert type(back) is Card
        assert back == c and hash(back) == hash(c) and str(back) == str(c)
    assert copy.copy(c) == c
    assert copy.deepcopy([c]) == [c]
    assert pickle.loads(pickle.dumps([Card(i) for i in range(52)])) == [Card(i) for i in range(52)]


BAD_CARDS = [
    ("Ax", "'Ax' is not a card: suit must be one of c d h s"),
    ("ax", "'ax' is not a card: suit must be one of c d h s"),
    ("Zh", "'Zh'"),
    ("1h", "'1h'"),
    ("11h", "'11h'"),
    ("0h", "'0h'"),
    ("A", "'A'"),
    ("Ahh", "'Ahh'"),
    ("AhKd", "'AhKd'"),
    ("", None),
    (52, "52"),
    (255, "255"),
    (-1, "-1"),
    (2**64, None),
    (True, None),
    (False, None),
    (1.0, None),
    (50.0, None),
    (None, None),
    (b"Ah", None),
    ([50], None),
    (object(), None),
]


@pytest.mark.parametrize("value, message", BAD_CARDS, ids=[repr(b[0])[:20] for b in BAD_CARDS])
def test_bad_cards(value, message):
    with pytest.raises(holecards.CardError) as info:
        Card(value)
    assert isinstance(info.value, holecards.HolecardsError)
    assert isinstance(info.value, ValueError)
    assert not isinstance(info.value, holecards.DuplicateCardError)
    if message is not None:
        assert message in str(info.value), str(info.value)


def test_rank_error_mentions_rank_and_suit_error_mentions_suit():
    with pytest.raises(holecards.CardError, match="rank"):
        Card("Zh")
    with pytest.raises(holecards.CardError, match="suit must be one of c d h s"):
        Card("Ax")


# ---------------------------------------------------------------------------
# parse_cards


def _texts(cards):
    return [str(c) for c in cards]


@pytest.mark.parametrize(
    "text, expected",
    [
        ("AhKd7c", ["Ah", "Kd", "7c"]),
        ("Ah Kd 7c", ["Ah", "Kd", "7c"]),
        ("Ah,Kd,7c", ["Ah", "Kd", "7c"]),
        ("Ah, Kd ,7c", ["Ah", "Kd", "7c"]),
        ("ah kD, 7C", ["Ah", "Kd", "7c"]),
        ("AH KD 7C", ["Ah", "Kd", "7c"]),
        ("  Ah\tKd\n7c  ", ["Ah", "Kd", "7c"]),
        ("10h", ["Th"]),
        ("10h9h", ["Th", "9h"]),
        ("9h10h", ["9h", "Th"]),
        ("10h 10d,10c10s", ["Th", "Td", "Tc", "Ts"]),
        ("Ah", ["Ah"]),
        ("", []),
        ("   ", []),
        (",,", []),
        (" ".join(ALL_TEXT), ALL_TEXT),
        ("".join(ALL_TEXT), ALL_TEXT),
    ],
)
def test_parse_cards(text, expected):
    cards = parse_cards(text)
    assert isinstance(cards, list)
    assert all(isinstance(c, Card) for c in cards)
    assert _texts(cards) == expected
    assert [int(c) for c in cards] == [ALL_TEXT.index(t) for t in expected]


@pytest.mark.parametrize(
    "text, card", [("AhAh", "Ah"), ("Ah ah", "Ah"), ("10h Th", "Th"), ("2c Kd 2C", "2c")]
)
def test_parse_cards_rejects_duplicates(text, card):
    with pytest.raises(holecards.DuplicateCardError) as info:
        parse_cards(text)
    e = info.value
    assert isinstance(e, holecards.CardError)
    assert isinstance(e, holecards.HolecardsError)
    assert isinstance(e, ValueError)
    assert card in str(e)


def test_duplicate_error_hierarchy():
    assert issubclass(holecards.DuplicateCardError, holecards.CardError)
    assert issubclass(holecards.CardError, holecards.HolecardsError)
    assert issubclass(holecards.CardError, ValueError)
    assert issubclass(holecards.DuplicateCardError, ValueError)


@pytest.mark.parametrize(
    "text, token, why",
    [
        ("Ax", "Ax", "suit must be one of c d h s"),
        ("Ah Ax", "Ax", "suit must be one of c d h s"),
        ("Ah,Zd", "Zd", "rank"),
        ("Ah K", "K", None),
        ("1h", "1h", None),
        ("Ah 11h", "11h", None),
        ("Ahx", "Ahx", None),
        ("AhKx", "AhKx", "suit must be one of c d h s"),
        ("Ah Kd 7", "7", None),
        ("Ah;Kd", "Ah;Kd", None),
    ],
)
def test_parse_cards_bad_tokens(text, token, why):
    with pytest.raises(holecards.CardError) as info:
        parse_cards(text)
    assert not isinstance(info.value, holecards.DuplicateCardError)
    msg = str(info.value)
    if token is not None:
        # The message quotes the bad token, or the part of it that is wrong
        # (in "AhKx" the culprit is "Kx").
        quoted = re.findall(r"'([^']*)'", msg)
        assert any(q and q in token for q in quoted), msg
    if why is not None:
        assert why in msg, msg


def test_parse_cards_rejects_non_strings():
    for value in (None, 5, ["Ah"], b"Ah"):
        with pytest.raises((holecards.CardError, TypeError)):
            parse_cards(value)  # type: ignore[arg-type]


def _reference_parse(text):
    """The documented grammar, restated: tokens split on whitespace and commas;
    a token is one or more cards, each a rank (one of 23456789TJQKA or 10, any
    case) then a suit (c d h s, any case). Returns card indices, 'bad' or 'dup'."""
    out = []
    for token in re.split(r"[\s,]+", text):
        i = 0
        while i < len(token):
            size = 3 if token[i : i + 2] == "10" else 2
            piece = token[i : i + size]
            if len(piece) < size:
                return "bad"
            rank, suit = piece[:-1].upper(), piece[-1].lower()
            rank = "T" if rank == "10" else rank
            if rank not in RANKS or suit not in SUITS:
                return "bad"
            out.append(RANKS.index(rank) * 4 + SUITS.index(suit))
            i += size
    if len(set(out)) != len(out):
        return "dup"
    return out


@settings(max_examples=1000, deadline=None)
@given(st.text(alphabet="23456789TJQKAtjqka10cdhsCDHSxz ,\t\n", max_size=14))
def test_parse_cards_fuzz(text):
    expected = _reference_parse(text)
    try:
        got = [int(c) for c in parse_cards(text)]
    except holecards.DuplicateCardError:
        assert expected == "dup", text
    except holecards.CardError as e:
        assert expected == "bad", text
        # The message quotes the offending part of the input.
        quoted = re.findall(r"'([^']*)'", str(e))
        assert any(q and q in text for q in quoted), (text, str(e))
    else:
        assert got == expected, text


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.integers(0, 51), unique=True, max_size=52), st.sampled_from(["", " ", ",", ", "])
)
def test_parse_cards_round_trip(indices, sep):
    text = sep.join(ALL_TEXT[i] for i in indices)
    assert [int(c) for c in parse_cards(text)] == indices


# ---------------------------------------------------------------------------
# Deck


def _ints(cards):
    return [int(c) for c in cards]


def test_new_deck_has_every_card_once():
    for deck in (Deck(), Deck(seed=1), Deck(None), Deck(seed=0), Deck(seed=2**64 - 1)):
        assert len(deck) == 52
        rest = deck.remaining()
        assert len(rest) == 52
        assert all(isinstance(c, Card) for c in rest)
        assert sorted(_ints(rest)) == list(range(52))


def test_seeded_deck_is_reproducible():
    a, b, c = Deck(seed=42), Deck(42), Deck(seed=43)
    assert _ints(a.remaining()) == _ints(b.remaining())
    assert _ints(a.remaining()) != _ints(c.remaining())
    assert _ints(a.deal(5)) == _ints(b.deal(5))
    a.shuffle()
    b.shuffle()
    assert len(a) == 52
    assert _ints(a.remaining()) == _ints(b.remaining())
    # Reshuffling continues the generator: a new order.
    assert _ints(a.remaining()) != _ints(Deck(seed=42).remaining())


def test_unseeded_decks_differ():
    orders = {tuple(_ints(Deck().remaining())) for _ in range(5)}
    assert len(orders) == 5
    # Nor is an unseeded deck the same as some small seed's.
    seeded = {tuple(_ints(Deck(seed=s).remaining())) for s in range(5)}
    assert not orders & seeded
    # Nor is it just unsorted: a fresh deck is not in index order.
    assert list(orders)[0] != tuple(range(52)) and list(orders)[0] != tuple(range(51, -1, -1))


def test_deal():
    deck = Deck(seed=7)
    order = _ints(deck.remaining())
    one = deck.deal()
    assert isinstance(one, list) and len(one) == 1 and int(one[0]) == order[0]
    assert len(deck) == 51
    three = deck.deal(3)
    assert _ints(three) == order[1:4]
    assert _ints(deck.remaining()) == order[4:]
    assert deck.deal(0) == []
    assert len(deck) == 48
    rest = deck.deal(48)
    assert _ints(rest) == order[4:]
    assert len(deck) == 0 and deck.remaining() == []
    assert deck.deal(0) == []


@pytest.mark.parametrize("left, ask", [(52, 53), (52, 1000), (2, 3), (0, 1)])
def test_dealing_too_many_leaves_the_deck_unchanged(left, ask):
    deck = Deck(seed=3)
    deck.deal(52 - left)
    before = _ints(deck.remaining())
    with pytest.raises(holecards.HolecardsError) as info:
        deck.deal(ask)
    assert str(ask) in str(info.value)
    assert len(deck) == left
    assert _ints(deck.remaining()) == before
    if left:
        assert _ints(deck.deal(left)) == before


def test_negative_deal_is_an_error_and_changes_nothing():
    deck = Deck(seed=3)
    before = _ints(deck.remaining())
    # Not a holecards error today (a conversion OverflowError); accept either.
    with pytest.raises((holecards.HolecardsError, OverflowError, ValueError)):
        deck.deal(-1)
    assert _ints(deck.remaining()) == before


def test_deck_repr():
    deck = Deck(seed=1)
    deck.deal(2)
    assert "50" in repr(deck)


def _position_chi2(orders: np.ndarray) -> float:
    """Chi-square of the 52x52 table (card, position) against uniform."""
    n = len(orders)
    counts = np.zeros((52, 52))
    np.add.at(counts, (orders, np.broadcast_to(np.arange(52), orders.shape)), 1)
    assert counts.sum() == n * 52
    expected = n / 52
    return float(((counts - expected) ** 2 / expected).sum())


SHUFFLES = 5200  # 100 expected per (card, position) cell
# 51 * 51 = 2601 degrees of freedom: mean 2601, sd ~72. Six sd above the mean.
CHI2_LIMIT = 2601 + 6 * (2 * 2601) ** 0.5


def test_shuffle_is_uniform_over_positions():
    deck = Deck(seed=2024)
    orders = []
    for _ in range(SHUFFLES):
        orders.append(_ints(deck.remaining()))
        deck.shuffle()
    orders = np.array(orders)
    assert _position_chi2(orders) < CHI2_LIMIT
    # Also across independent seeds, the first card dealt.
    first = np.bincount([int(Deck(seed=s).deal()[0]) for s in range(SHUFFLES)], minlength=52)
    chi2_first = float(((first - SHUFFLES / 52) ** 2 / (SHUFFLES / 52)).sum())
    assert chi2_first < 51 + 6 * (2 * 51) ** 0.5


def test_position_chi2_can_fail():
    """The statistic above does catch classic shuffle bugs."""
    rng = random.Random(1)

    def naive():  # swap each place with any place: biased
        a = list(range(52))
        for i in range(52):
            j = rng.randrange(52)
            a[i], a[j] = a[j], a[i]
        return a

    def sattolo():  # off by one in Fisher-Yates: no card stays put
        a = list(range(52))
        for i in range(51, 0, -1):
            j = rng.randrange(i)
            a[i], a[j] = a[j], a[i]
        return a

    def fair():
        a = list(range(52))
        rng.shuffle(a)
        return a

    assert _position_chi2(np.array([naive() for _ in range(SHUFFLES)])) > CHI2_LIMIT
    assert _position_chi2(np.array([sattolo() for _ in range(SHUFFLES)])) > CHI2_LIMIT
    assert _position_chi2(np.array([fair() for _ in range(SHUFFLES)])) < CHI2_LIMIT


@settings(max_examples=1000, deadline=None)
@given(
    st.one_of(
        st.integers(),
        st.text(max_size=5),
        st.text(alphabet="23456789TJQKAtjqka10cdhsCDHSxz ", max_size=4),
        st.floats(),
        st.binary(max_size=3),
        st.none(),
        st.booleans(),
        st.lists(st.integers(0, 51), max_size=2),
        st.complex_numbers(),
    )
)
def test_card_fuzz_never_panics(value):
    """Card(x) is a Card or a CardError, whatever x is."""
    try:
        c = Card(value)
    except holecards.CardError:
        if isinstance(value, int) and not isinstance(value, bool):
            assert not 0 <= value <= 51
        if isinstance(value, str):
            t = value.strip()
            ok = len(t) >= 2 and t[:-1].upper() in set(RANKS) | {"10"} and t[-1].lower() in SUITS
            assert not ok, value
    else:
        if isinstance(value, int):
            assert not isinstance(value, bool) and int(c) == value
        else:
            assert isinstance(value, str), value
            t = value.strip()
            rank = "T" if t[:-1] == "10" else t[:-1].upper()
            assert str(c) == rank + t[-1].lower()
