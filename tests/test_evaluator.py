"""holecards.evaluate against the reference evaluator in reference_eval.py.

Expected values come from the reference (best of all 5-card subsets with
explicit category rules) or from hands written out by hand, never from
holecards itself.
"""

from __future__ import annotations

import copy
import itertools
import pickle

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import holecards
import reference_eval as ref
import strategies as hs
from holecards import Card, Category, HandRank, evaluate

SETTINGS = settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
RANKS = "23456789TJQKA"
SUITS = "cdhs"


def text(hand) -> str:
    """Card indices as text, e.g. [50, 0] -> 'Ah 2c' (written independently of holecards)."""
    return " ".join(RANKS[i // 4] + SUITS[i % 4] for i in hand)


def ref_key(hand):
    return ref.evaluate_indices(hand)


def idx(cards_text: str) -> list[int]:
    """'Ah Kd' -> [50, 45], by the documented layout index = rank * 4 + suit."""
    return [RANKS.index(t[0].upper()) * 4 + SUITS.index(t[1].lower()) for t in cards_text.split()]


# ---------------------------------------------------------------------------
# One hand against the reference.


@SETTINGS
@given(hs.any_hand())
def test_value_category_and_name_match_reference(hand):
    rank = evaluate(hand)
    key = ref_key(hand)
    assert isinstance(rank, HandRank)
    assert 1 <= rank.value <= 7462
    # The value is the hand's place among the 7,462 distinct 5-card values.
    assert rank.value == ref.value_of_key(key), (text(hand), rank, key)
    assert rank.category == key[0]
    assert isinstance(rank.category, Category)
    assert rank.category is Category(key[0])
    assert rank.name == ref.name_of_key(key)
    assert str(rank) == ref.name_of_key(key)


@SETTINGS
@given(hs.hard_hand())
def test_hard_cases_match_reference(hand):
    rank = evaluate(hand)
    key = ref_key(hand)
    assert rank.value == ref.value_of_key(key), (text(hand), rank, key)
    assert rank.category == key[0]


# ---------------------------------------------------------------------------
# Two hands: holecards orders them as the reference does.


def _check_order(a, b):
    ra, rb = evaluate(a), evaluate(b)
    ka, kb = ref_key(a), ref_key(b)
    assert (ra < rb) == (ka < kb), (text(a), text(b), ra, rb)
    assert (ra > rb) == (ka > kb), (text(a), text(b), ra, rb)
    assert (ra == rb) == (ka == kb), (text(a), text(b), ra, rb)
    assert (ra != rb) == (ka != kb)
    assert (ra <= rb) == (ka <= kb)
    assert (ra >= rb) == (ka >= kb)
    assert (ra.value < rb.value) == (ka < kb)
    if ka == kb:
        assert hash(ra) == hash(rb)


@SETTINGS
@given(hs.any_hand(), hs.any_hand())
def test_pairwise_order_matches_reference(a, b):
    _check_order(a, b)


@SETTINGS
@given(hs.hard_hand(), hs.hard_hand())
def test_pairwise_order_hard_cases(a, b):
    _check_order(a, b)


@SETTINGS
@given(hs.board_and_two_holdings())
def test_boards_that_play(deal):
    board, hole_a, hole_b = deal
    a, b = board + hole_a, board + hole_b
    _check_order(a, b)
    ra, rboard = evaluate(a), evaluate(board)
    assert ra >= rboard  # more cards never hurt
    if ref_key(a) == ref_key(board):
        # The board plays: the hole cards add nothing.
        assert ra == rboard
        assert ra.value == rboard.value


@SETTINGS
@given(hs.any_hand(), st.permutations(range(4)))
def test_suits_never_break_ties(hand, perm):
    """Renaming the suits changes no hand's value."""
    renamed = [(c // 4) * 4 + perm[c % 4] for c in hand]
    assert evaluate(renamed) == evaluate(hand)
    assert hash(evaluate(renamed)) == hash(evaluate(hand))


# ---------------------------------------------------------------------------
# best_five.


@SETTINGS
@given(hs.any_hand())
def test_best_five(hand):
    rank = evaluate(hand)
    five = rank.best_five
    assert isinstance(five, tuple) and len(five) == 5
    assert all(isinstance(c, Card) for c in five)
    indices = [int(c) for c in five]
    assert len(set(indices)) == 5
    assert set(indices) <= set(hand)
    # Those five are as good as the whole hand...
    key = ref_key(hand)
    assert ref_key(indices) == key
    assert evaluate(five) == rank
    assert evaluate(five).value == rank.value
    # ...and come most significant first.
    assert tuple(c.rank for c in five) == ref.ranks_in_order(key), (text(hand), five)


@SETTINGS
@given(hs.any_hand(), st.randoms(use_true_random=False))
def test_best_five_does_not_depend_on_input_order(hand, rnd):
    shuffled = list(hand)
    rnd.shuffle(shuffled)
    assert evaluate(shuffled).best_five == evaluate(hand).best_five


# ---------------------------------------------------------------------------
# Hands written out by hand.

NAMED = [
    # (cards, category, name, best five in order (None: check ranks only))
    ("Kh Kd Kc 7s 7d 2c 3h", Category.FULL_HOUSE, "Full house, kings full of sevens", None),
    ("Ah 2d 3c 4s 5h 9c Td", Category.STRAIGHT, "Straight, five high", "5h 4s 3c 2d Ah"),
    ("Kh Kd 7s 7d 2c 3h 9c", Category.TWO_PAIR, "Two pair, kings and sevens", None),
    ("As Ks Qs Js Ts", Category.STRAIGHT_FLUSH, "Royal flush", "As Ks Qs Js Ts"),
    ("Th Jh Qh Kh Ah 9h 8h", Category.STRAIGHT_FLUSH, "Royal flush", "Ah Kh Qh Jh Th"),
    ("7c 5d 4h 3s 2c", Category.HIGH_CARD, "High card, seven", "7c 5d 4h 3s 2c"),
    (
        "9h 8h 7h 6h 5h Ts Jc",
        Category.STRAIGHT_FLUSH,
        "Straight flush, nine high",
        "9h 8h 7h 6h 5h",
    ),
    (
        "5s 4s 3s 2s As Ks Qs",
        Category.STRAIGHT_FLUSH,
        "Straight flush, five high",
        "5s 4s 3s 2s As",
    ),
    ("Ad Ac As Ah Kd", Category.FOUR_OF_A_KIND, "Four of a kind, aces", None),
    ("7h 7d 7c 7s Kh Kd Kc", Category.FOUR_OF_A_KIND, "Four of a kind, sevens", None),
    ("Qh Qd Qc 6s 6d 6h 2c", Category.FULL_HOUSE, "Full house, queens full of sixes", None),
    ("6h 6d 6c 2s 2d", Category.FULL_HOUSE, "Full house, sixes full of twos", None),
    ("Ah 9h 7h 4h 2h Kd", Category.FLUSH, "Flush, ace high", "Ah 9h 7h 4h 2h"),
    ("9h 8h 7h 6h 2h Ts 3c", Category.FLUSH, "Flush, nine high", "9h 8h 7h 6h 2h"),
    ("2d 3d 4d 5d 7d Ah 6c", Category.FLUSH, "Flush, seven high", "7d 5d 4d 3d 2d"),
    ("Ts 9d 8c 7h 6s Ah 2c", Category.STRAIGHT, "Straight, ten high", "Ts 9d 8c 7h 6s"),
    ("Ah Kd Qc Js Th", Category.STRAIGHT, "Straight, ace high", "Ah Kd Qc Js Th"),
    ("Ah 2d 3c 4s 5h 6d", Category.STRAIGHT, "Straight, six high", "6d 5h 4s 3c 2d"),
    ("9h 9d 9c Ks 2d", Category.THREE_OF_A_KIND, "Three of a kind, nines", "9h 9d 9c Ks 2d"),
    ("Ah Ad Kh Kd Qh Qd 2c", Category.TWO_PAIR, "Two pair, aces and kings", None),
    ("Th Td 8s 6c 3d 2h", Category.ONE_PAIR, "One pair, tens", "Th Td 8s 6c 3d"),
    ("Kh Jd 9s 6c 3d", Category.HIGH_CARD, "High card, king", "Kh Jd 9s 6c 3d"),
    ("Qs Jd 9s 6c 3d 4h 2h", Category.HIGH_CARD, "High card, queen", "Qs Jd 9s 6c 4h"),
]


@pytest.mark.parametrize("cards, category, name, five", NAMED)
def test_named_hands(cards, category, name, five):
    rank = evaluate(cards)
    assert rank.category == category
    assert rank.name == name
    assert str(rank) == name
    assert name in repr(rank)
    best = rank.best_five
    if five is not None:
        assert [str(c) for c in best] == five.split()
    # Independent of the table above: the reference agrees.
    assert ref.name_of_key(ref_key(idx(cards))) == name


def test_best_five_order_by_hand():
    # Full house: the trips, then the pair.
    assert [c.rank_char for c in evaluate("7s Kh 7d Kd 2c Kc 3h").best_five] == list("KKK77")
    # Two pair: the high pair, the low pair, the kicker (the best of three).
    assert [c.rank_char for c in evaluate("3c 7s Qh 7d Kd 2c Kc").best_five] == list("KK77Q")
    # Three pairs: the lowest pair is outkicked by the odd card.
    assert [c.rank_char for c in evaluate("Ah Ad 4h 4d 3h 3d 2c").best_five] == list("AA443")
    assert [c.rank_char for c in evaluate("Ah Ad 4h 4d 3h 3d 5c").best_five] == list("AA445")
    # Quads, then the best kicker even from a pair or trips.
    assert [c.rank_char for c in evaluate("7h 7d 7c 7s Kh Kd 2c").best_five] == list("7777K")
    # Trips, then two kickers high first.
    assert [c.rank_char for c in evaluate("2h 9h 9d Jc 9c 4s 3d").best_five] == list("999J4")
    # Wheel: the ace comes last.
    assert [c.rank_char for c in evaluate("3c Ad 5h 2s 4d").best_five] == list("5432A")


def test_value_range_ends():
    assert evaluate("7c 5d 4h 3s 2c").value == 1
    assert evaluate("7c 5d 4h 3s 2d").value == 1
    assert evaluate("As Ks Qs Js Ts").value == 7462
    assert evaluate("Ac Kc Qc Jc Tc 2d 3d").value == 7462
    # 7-5-4-3-2 suited is a flush, well above the weakest hand.
    assert evaluate("7c 5c 4c 3c 2c").category == Category.FLUSH
    # The weakest 6- and 7-card hands: the extra cards are kickers.
    assert evaluate("8c 6d 5h 4s 3c 2d").value > 1


HAND_ORDER = [
    # Each hand beats the one before it.
    "7c 5d 4h 3s 2c",
    "8c 5d 4h 3s 2c",
    "Ac Kd Qh Js 9c",
    "2c 2d 3h 4s 5c",
    "2c 2d Ah Ks Qc",
    "Ac Ad Kh Qs Jc",
    "3c 3d 2h 2s 4c",
    "Ac Ad Kh Ks Qc",
    "2c 2d 2h 3s 4c",
    "Ac Ad Ah Ks Qc",
    "Ac 2d 3h 4s 5c",
    "2c 3d 4h 5s 6c",
    "Tc Jd Qh Ks Ac",
    "2c 3c 4c 5c 7c",
    "Ac Kc Qc Jc 9c",
    "2c 2d 2h 3s 3c",
    "2c 2d 2h As Ac",
    "3c 3d 3h 2s 2c",
    "Ac Ad Ah Ks Kc",
    "2c 2d 2h 2s 3c",
    "2c 2d 2h 2s Ac",
    "3c 3d 3h 3s 2c",
    "Ac Ad Ah As Kc",
    "Ac 2c 3c 4c 5c",
    "2c 3c 4c 5c 6c",
    "9c Tc Jc Qc Kc",
    "Tc Jc Qc Kc Ac",
]


def test_hand_order_by_hand():
    ranks = [evaluate(h) for h in HAND_ORDER]
    for weaker, stronger in zip(ranks, ranks[1:]):
        assert weaker < stronger, (weaker, stronger)
        assert stronger > weaker
        assert weaker != stronger
    # And the reference agrees with the table.
    keys = [ref_key(idx(h)) for h in HAND_ORDER]
    assert keys == sorted(keys) and len(set(keys)) == len(keys)


def test_ties_by_hand():
    # Suits never break ties.
    assert evaluate("Ah Kd 7c 5s 3h") == evaluate("As Kc 7d 5h 3s")
    assert evaluate("Ah Kh Qh Jh Th") == evaluate("As Ks Qs Js Ts")
    # The sixth and seventh cards do not play past the best five.
    assert evaluate("Ah Kd 7c 5s 3h 2c") == evaluate("Ah Kd 7c 5s 3h")
    assert evaluate("Ah Ad Kc Ks Qh Qd 2c") == evaluate("Ah Ad Kc Ks Qh 3d 2c")
    # But a kicker does.
    assert evaluate("Ah Ad Kc 5s 3h") > evaluate("As Ac Qd Jh Ts")
    assert evaluate("Ah Ad Kc Ks Qh") > evaluate("As Ac Kd Kh Jh")
    # Playing the board: a royal flush on the board ties everyone.
    board = "Ac Kc Qc Jc Tc"
    assert evaluate(board + " 2d 3h") == evaluate(board + " As Ah") == evaluate(board)
    # A straight on the board: a player with a higher card in the run wins.
    board = "5c 6d 7h 8s 9c"
    assert evaluate(board + " Td 2h") > evaluate(board + " 4d 4h") == evaluate(board)
    # The wheel is the lowest straight; A-K-Q-J-T is not "around the corner".
    assert evaluate("Ac 2d 3h 4s 5c") < evaluate("2c 3d 4h 5s 6c")
    assert evaluate("Qc Kd Ah 2s 3c").category == Category.HIGH_CARD


# ---------------------------------------------------------------------------
# HandRank as a value: hashable, picklable, immutable.


@SETTINGS
@given(hs.any_hand())
def test_pickle_round_trip(hand):
    rank = evaluate(hand)
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        back = pickle.loads(pickle.dumps(rank, protocol=protocol))
        assert isinstance(back, HandRank)
        assert back == rank and not (back != rank)
        assert hash(back) == hash(rank)
        assert back.value == rank.value
        assert back.category is rank.category
        assert back.name == rank.name
        assert back.best_five == rank.best_five
    assert copy.copy(rank) == rank
    assert copy.deepcopy(rank).best_five == rank.best_five


def test_hand_rank_is_hashable_and_immutable():
    a = evaluate("Ah Kd 7c 5s 3h")
    b = evaluate("As Kc 7d 5h 3s 2c")  # equal value, different cards
    c = evaluate("Ah Kd 7c 5s 4h")
    assert a == b and hash(a) == hash(b)
    assert len({a, b, c}) == 2
    assert {a: 1}[b] == 1
    with pytest.raises(AttributeError):
        a.value = 5  # type: ignore[misc]
    with pytest.raises(AttributeError):
        a.foo = 5  # type: ignore[attr-defined]
    # Comparing with something that is not a hand rank.
    assert a != a.value
    assert not (a == "High card, ace")
    with pytest.raises(TypeError):
        a < 5  # type: ignore[operator]  # noqa: B015


def test_restore_rejects_a_tampered_pickle():
    rank = evaluate("Ah Kd 7c 5s 3h")
    fn, (value, cards) = rank.__reduce__()
    assert fn(value, cards) == rank
    with pytest.raises(holecards.HolecardsError):
        fn(value + 1, cards)  # a value the cards do not make
    for bad in (0, 7463):
        with pytest.raises(holecards.HolecardsError):
            fn(bad, cards)


# ---------------------------------------------------------------------------
# Input forms.

FORMS_HAND = ["Ah", "Kd", "Qc", "Js", "9h", "2c", "3d"]  # ace-high, no pair
FORMS_INDICES = idx(" ".join(FORMS_HAND))


def _forms():
    cards = [Card(t) for t in FORMS_HAND]
    yield "string with spaces", "Ah Kd Qc Js 9h 2c 3d"
    yield "string without spaces", "AhKdQcJs9h2c3d"
    yield "string with commas", "Ah,Kd,Qc,Js,9h,2c,3d"
    yield "string mixed separators, case", "ah, KD qC,js  9H\t2c\n3d"
    yield "list of Card", cards
    yield "tuple of Card", tuple(cards)
    yield "list of str", list(FORMS_HAND)
    yield "tuple of str", tuple(FORMS_HAND)
    yield "list of int", list(FORMS_INDICES)
    yield "tuple of int", tuple(FORMS_INDICES)
    yield "generator", (c for c in cards)
    yield "iterator", iter(FORMS_INDICES)
    yield "map", map(str, cards)
    yield "set", set(cards)
    yield "mixed", [cards[0], "Kd", FORMS_INDICES[2], "jS", Card(FORMS_INDICES[4]), 0, "3d"]
    yield "numpy ints", np.array(FORMS_INDICES, dtype=np.int64)


@pytest.mark.parametrize("label, value", list(_forms()), ids=[f for f, _ in _forms()])
def test_input_forms(label, value):
    rank = evaluate(value)
    assert rank.category == Category.HIGH_CARD
    assert rank.name == "High card, ace"
    assert [str(c) for c in rank.best_five] == ["Ah", "Kd", "Qc", "Js", "9h"]
    assert rank == evaluate(list(FORMS_INDICES))


def test_ten_spelled_out():
    assert evaluate("10h Jh Qh Kh Ah").name == "Royal flush"
    assert evaluate(["10h", "Jh", "Qh", "Kh", "Ah"]) == evaluate("Th Jh Qh Kh Ah")


# ---------------------------------------------------------------------------
# Bad input: always a holecards exception, never a panic or a bare TypeError.

BAD_HANDS = [
    ("four cards", "Ah Kd Qc Js", holecards.CardError),
    ("eight cards", "Ah Kd Qc Js Th 9d 8c 7s", holecards.CardError),
    ("no cards", "", holecards.CardError),
    ("empty list", [], holecards.CardError),
    ("four ints", [0, 1, 2, 3], holecards.CardError),
    ("eight ints", list(range(8)), holecards.CardError),
    ("52 cards", list(range(52)), holecards.CardError),
    ("duplicate in string", "Ah Kd Qc Js Ah", holecards.DuplicateCardError),
    ("duplicate mixed forms", ["Ah", 50, "Qc", "Js", "Th"], holecards.DuplicateCardError),
    ("duplicate Card", [Card("Ah"), Card("Ah"), "Qc", "Js", "Th"], holecards.DuplicateCardError),
    ("bad token", "Ah Kd Qc Js Tx", holecards.CardError),
    ("index 52", [52, 1, 2, 3, 4], holecards.CardError),
    ("index -1", [-1, 1, 2, 3, 4], holecards.CardError),
    ("huge index", [2**70, 1, 2, 3, 4], holecards.CardError),
    ("bool", [True, 1, 2, 3, 4], holecards.CardError),
    ("all bools", [True, False, True, False, True], holecards.CardError),
    ("float", [0.0, 1, 2, 3, 4], holecards.CardError),
    ("whole float", [50.0, 1, 2, 3, 4], holecards.CardError),
    ("None in list", [None, 1, 2, 3, 4], holecards.CardError),
    ("object", [object(), 1, 2, 3, 4], holecards.CardError),
    ("nested list", [["Ah"], 1, 2, 3, 4], holecards.CardError),
    ("bytes item", [b"Ah", 1, 2, 3, 4], holecards.CardError),
    ("None", None, holecards.CardError),
    ("int", 5, holecards.CardError),
    ("float", 5.0, holecards.CardError),
    ("bool", True, holecards.CardError),
    ("bytes", b"AhKdQcJsTh", holecards.CardError),
]


@pytest.mark.parametrize("label, value, exc", BAD_HANDS, ids=[b[0] for b in BAD_HANDS])
def test_bad_hands_raise_holecards_errors(label, value, exc):
    with pytest.raises(exc) as info:
        evaluate(value)
    assert isinstance(info.value, holecards.HolecardsError)
    assert isinstance(info.value, ValueError)
    if exc is holecards.CardError:
        assert not isinstance(info.value, holecards.DuplicateCardError)
    assert str(info.value)  # a message, not an empty error


def test_bad_hand_messages():
    with pytest.raises(holecards.CardError, match="4"):
        evaluate("Ah Kd Qc Js")
    with pytest.raises(holecards.CardError, match="8"):
        evaluate("Ah Kd Qc Js Th 9d 8c 7s")
    with pytest.raises(holecards.DuplicateCardError, match="Ah"):
        evaluate("Ah Kd Qc Js Ah")
    with pytest.raises(holecards.CardError, match="'Tx'"):
        evaluate("Ah Kd Qc Js Tx")
    with pytest.raises(holecards.CardError, match="52"):
        evaluate([52, 1, 2, 3, 4])


_JUNK = st.one_of(
    st.integers(-3, 55),
    st.integers(),
    st.booleans(),
    st.none(),
    st.floats(allow_nan=True),
    st.text(alphabet="23456789TJQKAtjqka10cdhsxz ", max_size=4),
    st.sampled_from([Card(0), Card(51), Card(30)]),
    st.builds(object),
    st.binary(max_size=3),
)


def _item_card(item):
    """The card index an item stands for, or None: the documented rules, restated."""
    if isinstance(item, Card):
        return int(item)
    if isinstance(item, bool):
        return None
    if isinstance(item, int):
        return item if 0 <= item <= 51 else None
    if isinstance(item, str):
        t = item.strip()
        if len(t) < 2:
            return None
        rank, suit = t[:-1].upper(), t[-1].lower()
        rank = "T" if rank == "10" else rank
        if len(rank) != 1 or rank not in RANKS or suit not in SUITS:
            return None
        return RANKS.index(rank) * 4 + SUITS.index(suit)
    return None


@settings(max_examples=1000, deadline=None)
@given(st.lists(st.one_of(_JUNK, st.integers(0, 51)), max_size=9))
def test_fuzz_items_never_panic(items):
    cards = [_item_card(i) for i in items]
    try:
        rank = evaluate(items)
    except holecards.DuplicateCardError:
        assert None not in cards and len(set(cards)) < len(cards)
    except holecards.CardError:
        assert None in cards or not 5 <= len(cards) <= 7
    else:
        assert None not in cards and len(set(cards)) == len(cards) and 5 <= len(cards) <= 7
        assert rank.value == ref.value_of_key(ref_key(cards))


# ---------------------------------------------------------------------------
# Every 5-card hand.


def test_all_5_card_hands():
    """All 2,598,960 hands: 7,462 distinct values, each where the reference puts it.

    A 5-card hand's reference key depends only on its sorted ranks and on
    whether it is a flush, so a table over (sorted ranks, flush) built from
    reference_eval gives the expected value of every hand.
    """
    hands = np.fromiter(
        itertools.combinations(range(52), 5), dtype=np.dtype((np.uint8, 5)), count=2_598_960
    )
    values = holecards.evaluate_many(hands)
    assert values.shape == (2_598_960,)
    assert len(np.unique(values)) == 7462
    assert values.min() == 1 and values.max() == 7462

    ranks = np.sort(hands >> 2, axis=1).astype(np.int64)
    suits = hands & 3
    flush = (suits == suits[:, :1]).all(axis=1)
    code = (ranks * 13 ** np.arange(5)).sum(axis=1) * 2 + flush

    table = np.zeros(13**5 * 2, dtype=np.uint16)
    for key in ref.all_distinct_keys():
        rs = sorted(ref.ranks_in_order(key))
        is_flush = key[0] in (ref.FLUSH, ref.STRAIGHT_FLUSH)
        c = sum(r * 13**i for i, r in enumerate(rs)) * 2 + is_flush
        table[c] = ref.value_of_key(key)
    expected = table[code]
    assert (expected > 0).all()  # every hand's shape is in the table
    bad = np.flatnonzero(values != expected)
    assert bad.size == 0, [(text(hands[i]), int(values[i]), int(expected[i])) for i in bad[:5]]

    # The textbook counts per category.
    cat_of_value = np.array([0] + [ref.key_of_value(v)[0] for v in range(1, 7463)])
    counts = np.bincount(cat_of_value[values], minlength=9)
    assert counts.tolist() == [1302540, 1098240, 123552, 54912, 10200, 5108, 3744, 624, 40]
