"""Omaha high, the eight-or-better lows and their batch form, against the
plain-Python reference (tests/reference_eval.py) under Hypothesis."""

from __future__ import annotations

import pickle

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import holecards as hc
import reference_eval as ref
from long_calls import assert_stops_on_ctrl_c

SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def omaha_spot(draw):
    """Distinct hole cards (4 to 6) and board cards (3 to 5), as indices."""
    n_hole = draw(st.integers(4, 6))
    n_board = draw(st.integers(3, 5))
    # Low-heavy decks now and then, so that lows and their ties come often.
    pool = draw(st.sampled_from([list(range(52)), list(range(28)) + list(range(48, 52))]))
    cards = draw(st.permutations(pool))[: n_hole + n_board]
    return cards[:n_hole], cards[n_hole:]


def ref_cards(indices):
    return [ref.from_index(i) for i in indices]


def low_key(rank: hc.LowRank) -> tuple[int, ...]:
    return ref.low8_of_five(ref_cards(int(c) for c in rank.best_five))


def sign(x: int) -> int:
    return (x > 0) - (x < 0)


@SETTINGS
@given(omaha_spot(), omaha_spot())
def test_omaha_high_orders_hands_as_the_reference(a, b):
    ra, rb = hc.evaluate_omaha(*a), hc.evaluate_omaha(*b)
    ka = ref.omaha_high(ref_cards(a[0]), ref_cards(a[1]))
    kb = ref.omaha_high(ref_cards(b[0]), ref_cards(b[1]))
    assert (ra > rb, ra == rb) == (ka > kb, ka == kb)
    for (hole, board), rank, key in [(a, ra, ka), (b, rb, kb)]:
        five = [int(c) for c in rank.best_five]
        # two from the hand, three from the board, and the hand it names
        assert sum(c in hole for c in five) == 2 and sum(c in board for c in five) == 3
        assert ref.evaluate_indices(five) == key
        assert hc.evaluate(five) == rank


@SETTINGS
@given(omaha_spot(), omaha_spot())
def test_omaha_low_matches_the_reference(a, b):
    la, lb = hc.evaluate_omaha_low8(*a), hc.evaluate_omaha_low8(*b)
    ka = ref.omaha_low8(ref_cards(a[0]), ref_cards(a[1]))
    kb = ref.omaha_low8(ref_cards(b[0]), ref_cards(b[1]))
    assert (la is None) == (ka is None) and (lb is None) == (kb is None)
    for (hole, board), low, key in [(a, la, ka), (b, lb, kb)]:
        if low is not None:
            five = [int(c) for c in low.best_five]
            assert sum(c in hole for c in five) == 2 and sum(c in board for c in five) == 3
            assert low_key(low) == key
    if la is not None and lb is not None:
        # the lower low is the better one and compares greater
        assert sign(la.value - lb.value) == sign((kb > ka) - (ka > kb))


@SETTINGS
@given(st.integers(5, 7).flatmap(lambda n: st.permutations(range(52)).map(lambda p: p[:n])))
def test_low8_is_the_best_five_card_low(cards):
    low = hc.evaluate_low8(cards)
    key = ref.best_low8(ref_cards(cards))
    assert (low is None) == (key is None)
    if low is not None:
        assert low_key(low) == key
        assert all(int(c) in cards for c in low.best_five)


def test_worked_lows_and_names():
    assert str(hc.evaluate_low8("8h 6d 4c 3s 2h Kd Kc")) == "Eight-six low"
    wheel = hc.evaluate_low8("5h 4d 3c 2s Ah")
    assert wheel.name == "Five-four low" and wheel.value == 224
    assert hc.evaluate_low8("8h 7d 6c 5s 4h").value == 7
    assert hc.evaluate_low8("8h 8d 4c 3s 2h 9d Kc") is None
    assert wheel > hc.evaluate_low8("6h 4d 3c 2s Ah") > hc.evaluate_low8("8h 7d 6c 5s 4h")
    # Omaha: A-2 from the hand, 3-4-8 from the board
    low = hc.evaluate_omaha_low8("Ah 2d Ks Qs", "2c 3d 4h 9s 8c")
    assert repr(low) == "<LowRank 112: Eight-four low>"
    assert [str(c) for c in low.best_five] == ["8c", "4h", "3d", "2d", "Ah"]
    # a pair of aces in the hand is one low rank: no low
    assert hc.evaluate_omaha_low8("Ah Ad Ks Qs", "2c 3d 4h 9s Tc") is None
    # four hearts in the hand and two on the board make no flush
    rank = hc.evaluate_omaha("Ah Qh 7h 2h", "Kh 9h Kd 5c 3s")
    assert str(rank) == "One pair, kings"
    assert [str(c) for c in rank.best_five] == ["Kh", "Kd", "Ah", "Qh", "9h"]


def test_ranks_pickle_and_hash():
    low = hc.evaluate_omaha_low8("Ah 2d Ks Qs", "2c 3d 4h 9s 8c")
    again = pickle.loads(pickle.dumps(low))
    assert again == low and hash(again) == hash(low) and again.best_five == low.best_five
    with pytest.raises(hc.CardError):
        hc._core._restore_low_rank(0b11111 << 40)  # no low in those five cards
    high = hc.evaluate_omaha("As Ah Ad Ac", "Kh 7d 2c 9s 4h")
    assert pickle.loads(pickle.dumps(high)) == high and high.name == "One pair, aces"


@pytest.mark.parametrize(
    "hole, board, message",
    [
        ("Ah Kd", "2c 3d 4h", "Omaha needs 4, 5 or 6 hole cards, got 2"),
        ("Ah Kd Qs Jc 9h 8h 7h", "2c 3d 4h", "Omaha needs 4, 5 or 6 hole cards, got 7"),
        ("Ah Kd Qs Jc", "2c 3d", "an Omaha board is 3, 4 or 5 cards, got 2"),
        ("Ah Kd Qs Jc", "2c 3d 4h 5h 6h 7h", "an Omaha board is 3, 4 or 5 cards, got 6"),
        ("Ah Kd Qs Jc", "Ah 3d 4h", "duplicate card Ah"),
    ],
)
def test_bad_omaha_hands_name_the_problem(hole, board, message):
    for f in (hc.evaluate_omaha, hc.evaluate_omaha_low8):
        with pytest.raises(hc.CardError, match=message):
            f(hole, board)


@st.composite
def omaha_arrays(draw):
    n_hole = draw(st.integers(4, 6))
    n_board = draw(st.integers(3, 5))
    rows = draw(
        st.lists(
            st.permutations(range(52)).map(lambda p: p[: n_hole + n_board]), min_size=1, max_size=20
        )
    )
    arr = np.array(rows, dtype=np.uint8)
    return arr[:, :n_hole].copy(), arr[:, n_hole:].copy()


@SETTINGS
@given(omaha_arrays(), st.sampled_from([None, 1, 2]))
def test_omaha_batch_matches_one_hand_at_a_time(arrays, threads):
    hole, board = arrays
    high = hc.evaluate_omaha_many(hole, board, threads=threads)
    low = hc.evaluate_omaha_many(hole, board, low=True, threads=threads)
    assert high.dtype == np.uint16 and low.dtype == np.uint16
    for h, b, v, lv in zip(hole.tolist(), board.tolist(), high.tolist(), low.tolist()):
        assert v == hc.evaluate_omaha(h, b).value
        one = hc.evaluate_omaha_low8(h, b)
        assert lv == (0 if one is None else one.value)


def test_omaha_batch_on_many_rows_and_its_errors():
    rng = np.random.default_rng(7)
    deck = rng.permuted(np.tile(np.arange(52, dtype=np.uint8), (20_000, 1)), axis=1)
    hole, board = deck[:, :4].copy(), deck[:, 4:9].copy()
    values = hc.evaluate_omaha_many(hole, board)
    for i in range(0, 20_000, 997):
        assert values[i] == hc.evaluate_omaha(hole[i].tolist(), board[i].tolist()).value
    assert (hc.evaluate_omaha_many(hole, board, threads=1) == values).all()
    bad = hole.copy()
    bad[12_345, 2] = board[12_345, 0]
    with pytest.raises(hc.DuplicateCardError, match="12345"):
        hc.evaluate_omaha_many(bad, board)
    bad = board.copy()
    bad[17, 1] = 60
    with pytest.raises(hc.CardError, match="row 17: 60 is not a card"):
        hc.evaluate_omaha_many(hole, bad)
    # with a value no uint8 holds in one array, the first bad row of both
    # together is named: a repeat between hole and board in row 3 comes
    # before the 300 in row 9 (and before the board's 999 in row 11)
    wide_hole, wide_board = hole[:20].astype(np.int64), board[:20].astype(np.int64)
    wide_hole[3, 0] = wide_board[3, 2]
    wide_hole[9, 1] = 300
    wide_board[11, 0] = 999
    with pytest.raises(hc.DuplicateCardError, match="row 3: duplicate"):
        hc.evaluate_omaha_many(wide_hole, wide_board)
    wide_hole[3, 0] = hole[3, 0]
    with pytest.raises(hc.CardError, match="row 9: 300 is not a card"):
        hc.evaluate_omaha_many(wide_hole, wide_board)
    wide_hole[9, 1] = hole[9, 1]
    with pytest.raises(hc.CardError, match="row 11: 999 is not a card"):
        hc.evaluate_omaha_many(wide_hole, wide_board)
    wide_board[11, 0] = board[11, 0]
    assert (hc.evaluate_omaha_many(wide_hole, wide_board) == values[:20]).all()
    with pytest.raises(hc.CardError, match="as many rows"):
        hc.evaluate_omaha_many(hole, board[:-1])
    with pytest.raises(hc.CardError, match=r"shape \(n, 4\), \(n, 5\) or \(n, 6\)"):
        hc.evaluate_omaha_many(deck[:, :3], board)
    with pytest.raises(hc.CardError, match=r"shape \(n, 3\), \(n, 4\) or \(n, 5\)"):
        hc.evaluate_omaha_many(hole, deck[:, :6])
    with pytest.raises(hc.ConfigError):
        hc.evaluate_omaha_many(hole, board, threads=0)
    empty = hc.evaluate_omaha_many(hole[:0], board[:0])
    assert empty.shape == (0,)


@pytest.mark.parametrize("threads", ["1", "None"])
def test_ctrl_c_stops_a_huge_omaha_batch(threads):
    """Calls of 16 million six-card Omaha rows (150 two-and-three choices
    each: about a second on both cores), five in turn so that the SIGINT
    one second in lands inside one however fast it runs, end with
    KeyboardInterrupt soon after it."""
    assert_stops_on_ctrl_c(
        f"""
        import numpy as np
        rng = np.random.default_rng(3)
        deck = rng.permuted(np.tile(np.arange(52, dtype=np.uint8), (1 << 16, 1)), axis=1)
        hole = np.tile(np.ascontiguousarray(deck[:, :6]), (1 << 8, 1))
        board = np.tile(np.ascontiguousarray(deck[:, 6:11]), (1 << 8, 1))
        del deck
        for _ in range(5):
            evaluate_omaha_many(hole, board, threads={threads})
        """
    )


# ---------------------------------------------------------------------------
# Short-deck hold'em.


@SETTINGS
@given(
    st.integers(5, 7).flatmap(
        lambda n: st.tuples(
            st.permutations(range(16, 52)).map(lambda p: p[:n]),
            st.permutations(range(16, 52)).map(lambda p: p[:n]),
        )
    ),
    st.booleans(),
)
def test_short_deck_orders_hands_as_the_reference(hands, trips):
    a, b = hands
    ra = hc.evaluate_short_deck(a, trips_beat_straight=trips)
    rb = hc.evaluate_short_deck(b, trips_beat_straight=trips)
    ka = ref.short_deck_best(ref_cards(a), trips)
    kb = ref.short_deck_best(ref_cards(b), trips)
    assert (ra > rb, ra == rb) == (ka > kb, ka == kb)
    for hand, rank, key in [(a, ra, ka), (b, rb, kb)]:
        five = [int(c) for c in rank.best_five]
        assert set(five) <= set(hand)
        assert ref.short_deck_eval5(ref_cards(five), trips) == key
        assert rank.trips_beat_straight is trips


def test_worked_short_deck_hands():
    flush = hc.evaluate_short_deck("Ah Jh 9h 7h 6h Kd Kc")
    assert flush > hc.evaluate_short_deck("Ks Kd Kc 7s 7d Ah 9c")
    assert flush.category == hc.Category.FLUSH
    low = hc.evaluate_short_deck("Ah 6d 7c 8s 9h Kd Jc")
    assert str(low) == "Straight, nine high" and low.category == hc.Category.STRAIGHT
    assert [str(c) for c in low.best_five] == ["9h", "8s", "7c", "6d", "Ah"]
    assert low > hc.evaluate_short_deck("Ks Kd Kc 7s 6d Ah 9c")
    assert hc.evaluate_short_deck(
        "Ah 6d 7c 8s 9h Kd Jc", trips_beat_straight=True
    ) < hc.evaluate_short_deck("Ks Kd Kc 7s 6d Ah 9c", trips_beat_straight=True)
    assert pickle.loads(pickle.dumps(low)) == low
    trips = hc.evaluate_short_deck("Ks Kd Kc 7s 6d Ah 9c", trips_beat_straight=True)
    again = pickle.loads(pickle.dumps(trips))
    assert again == trips and again.trips_beat_straight
    with pytest.raises(hc.CardError, match="5h is not in the short deck"):
        hc.evaluate_short_deck("5h 6d 7c 8s 9h")
    with pytest.raises(hc.CardError):
        hc.evaluate_short_deck("6d 7c 8s 9h")


def test_short_deck_ranks_of_two_rankings_do_not_order():
    # the same straight under each ranking: not equal, and no order between
    # them (its place differs: trips below or above it)
    cards = "Ah 6d 7c 8s 9h Kd Jc"
    one = hc.evaluate_short_deck(cards)
    other = hc.evaluate_short_deck(cards, trips_beat_straight=True)
    assert one != other and one == hc.evaluate_short_deck(cards)
    assert hash(other) == hash(hc.evaluate_short_deck(cards, trips_beat_straight=True))
    with pytest.raises(TypeError, match="two rankings"):
        _ = one < other
    with pytest.raises(TypeError, match="two rankings"):
        max(one, other)


# ---------------------------------------------------------------------------
# Omaha equity.


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.integers(2, 3).flatmap(
        lambda n: st.tuples(
            st.just(n),
            st.sampled_from([4, 5]),
            st.permutations(list(range(28)) + list(range(40, 52))),
        )
    ),
    st.booleans(),
)
def test_omaha_equity_on_the_turn_is_the_reference(spot, hilo):
    """Every river card of a turn spot, against the plain-Python enumerator."""
    import reference_equity as refeq

    n, size, deck = spot
    names = [ref.card_text(ref.from_index(c)) for c in deck]
    hands = ["".join(names[i * size : (i + 1) * size]) for i in range(n)]
    board = "".join(names[n * size : n * size + 4])
    got = hc.omaha_equity(hands, board, hilo=hilo)
    want = refeq.reference_omaha_equity(hands, board, hilo=hilo)
    assert got.exact and got.deals == want.deals
    for g, w in zip(got.equities, want.equities):
        assert abs(g - float(w)) < 1e-12
    for g, w in zip(got.high_shares, want.high_shares):
        assert abs(g - float(w)) < 1e-12
    for g, w in zip(got.low_shares, want.low_shares):
        assert abs(g - float(w)) < 1e-12
    assert got.scoops == want.scoops


def test_omaha_equity_monte_carlo_and_errors():
    exact = hc.omaha_equity(["AsAhKsKh", "QdJdTc9c"], "2s7hQc")
    mc = hc.omaha_equity(["AsAhKsKh", "QdJdTc9c"], "2s7hQc", trials=100_000, seed=3, threads=1)
    again = hc.omaha_equity(["AsAhKsKh", "QdJdTc9c"], "2s7hQc", trials=100_000, seed=3)
    assert mc.equities == again.equities and mc.seed == 3 and not mc.exact
    assert abs(mc.equities[0] - exact.equities[0]) < 0.01
    assert hc.omaha_equity(["AsAhKsKh", "QdJdTc9c"], trials=1000).seed is not None
    with pytest.raises(hc.CardError, match="Omaha needs 4, 5 or 6 hole cards, got 2"):
        hc.omaha_equity(["AsAh", "QdJdTc9c"])
    with pytest.raises(hc.CardError, match="duplicate card As"):
        hc.omaha_equity(["AsAhKsKh", "QdJdTc9c"], "As2c3c")
    with pytest.raises(hc.ConfigError, match="2 to 10 players"):
        hc.omaha_equity(["AsAhKsKh"])
    with pytest.raises(TypeError):
        hc.omaha_equity("AsAhKsKh")  # type: ignore[arg-type]


def test_ctrl_c_stops_omaha_equity():
    assert_stops_on_ctrl_c(
        """
        omaha_equity(["AsAhKsKh", "QdJdTc9c"], trials=10**10, seed=1)
        """
    )


@SETTINGS
@given(
    st.integers(5, 7).flatmap(
        lambda n: st.lists(
            st.permutations(range(16, 52)).map(lambda p: p[:n]), min_size=1, max_size=20
        )
    ),
    st.booleans(),
    st.sampled_from([None, 1, 2]),
)
def test_short_deck_batch_orders_rows_as_the_reference(rows, trips, threads):
    values = hc.evaluate_short_deck_many(
        np.array(rows, dtype=np.uint8), trips_beat_straight=trips, threads=threads
    )
    assert values.dtype == np.uint16 and values.shape == (len(rows),)
    keys = [ref.short_deck_best(ref_cards(r), trips) for r in rows]
    for i in range(len(rows)):
        assert values[i] == hc.evaluate_short_deck(rows[i], trips_beat_straight=trips).value
        for j in range(len(rows)):
            assert (values[i] > values[j]) == (keys[i] > keys[j])


def test_short_deck_batch_on_many_rows_and_its_errors():
    rng = np.random.default_rng(11)
    deck = rng.permuted(np.tile(np.arange(16, 52, dtype=np.uint8), (100_000, 1)), axis=1)
    seven = deck[:, :7].copy()
    values = hc.evaluate_short_deck_many(seven)
    trips = hc.evaluate_short_deck_many(seven.astype(np.int64), trips_beat_straight=True)
    for i in range(0, 100_000, 4_999):
        assert values[i] == hc.evaluate_short_deck(seven[i].tolist()).value
        one = hc.evaluate_short_deck(seven[i].tolist(), trips_beat_straight=True)
        assert trips[i] == one.value
    assert (hc.evaluate_short_deck_many(seven, threads=1) == values).all()
    bad = seven.copy()
    bad[54_321, 3] = 15  # 5s: below the six
    with pytest.raises(hc.CardError, match="row 54321: 5s is not in the short deck"):
        hc.evaluate_short_deck_many(bad)
    bad = seven.copy()
    bad[99_999, 6] = bad[99_999, 0]
    with pytest.raises(hc.DuplicateCardError, match="99999"):
        hc.evaluate_short_deck_many(bad, threads=2)
    bad = seven.copy()
    bad[3, 0] = 52
    with pytest.raises(hc.CardError, match="row 3: 52 is not a card"):
        hc.evaluate_short_deck_many(bad)
    with pytest.raises(hc.CardError, match=r"shape \(n, 5\), \(n, 6\) or \(n, 7\)"):
        hc.evaluate_short_deck_many(deck[:, :4])
    with pytest.raises(hc.ConfigError):
        hc.evaluate_short_deck_many(seven, threads=0)
    assert hc.evaluate_short_deck_many(seven[:0]).shape == (0,)


@SETTINGS
@given(
    st.integers(5, 7).flatmap(
        lambda n: st.lists(st.permutations(range(52)).map(lambda p: p[:n]), min_size=1, max_size=20)
    ),
    st.sampled_from([None, 1, 2]),
)
def test_low8_batch_matches_the_reference(rows, threads):
    values = hc.evaluate_low8_many(np.array(rows, dtype=np.uint8), threads=threads)
    assert values.dtype == np.uint16 and values.shape == (len(rows),)
    keys = [ref.best_low8(ref_cards(row)) for row in rows]
    for row, v, key in zip(rows, values.tolist(), keys):
        one = hc.evaluate_low8(row)
        assert v == (0 if one is None else one.value)
        assert (v == 0) == (key is None)
    lows = [(v, k) for v, k in zip(values.tolist(), keys) if k is not None]
    for va, ka in lows:
        for vb, kb in lows:
            assert (va > vb) == (ka < kb)  # the smaller key is the better low


def test_low8_batch_on_many_rows_and_its_errors():
    rng = np.random.default_rng(13)
    seven = rng.permuted(np.tile(np.arange(52, dtype=np.uint8), (50_000, 1)), axis=1)[:, :7].copy()
    values = hc.evaluate_low8_many(seven)
    assert (hc.evaluate_low8_many(seven, threads=1) == values).all()
    for i in range(0, 50_000, 2_499):
        one = hc.evaluate_low8(seven[i].tolist())
        assert values[i] == (0 if one is None else one.value)
    wheel = hc.evaluate_low8_many([[48, 0, 4, 8, 12, 51, 50]])  # Ac 2c 3c 4c 5c As Ah
    assert wheel.tolist() == [hc.evaluate_low8("Ac2c3c4c5c").value]
    bad = seven.copy()
    bad[40_000, 5] = bad[40_000, 2]
    with pytest.raises(hc.DuplicateCardError, match="40000"):
        hc.evaluate_low8_many(bad)
    with pytest.raises(hc.CardError, match=r"shape \(n, 5\), \(n, 6\) or \(n, 7\)"):
        hc.evaluate_low8_many(seven[:, :4])


def test_the_cards_shown_do_not_depend_on_the_order_given() -> None:
    # of equal fives the one with the higher suits (highest card first) is
    # shown, as evaluate and evaluate_low8 show them: the Omaha low and the
    # short-deck best five, for every order of the same cards
    import itertools
    import random

    rank = hc.evaluate_omaha_low8("4h 7s As 4s", "7h 3c Ad 5s Th")
    assert rank is not None and [str(c) for c in rank.best_five] == ["7s", "5s", "4s", "3c", "Ad"]
    sd = hc.evaluate_short_deck("7c 8s 8h As Ad 7h")
    assert [str(c) for c in sd.best_five] == ["As", "Ad", "8s", "8h", "7h"]
    rng = random.Random(5)
    deck = [str(c) for c in hc.parse_cards(" ".join(r + s for r in "A2345678" for s in "cdhs"))]
    for _ in range(200):
        cards = rng.sample(deck, 9)
        hole, board = cards[:4], cards[4:]
        lows = [hc.evaluate_omaha_low8(h, board) for h in itertools.permutations(hole)]
        shown = {None if r is None else tuple(str(c) for c in r.best_five) for r in lows}
        assert len(shown) == 1, (hole, board, shown)
    sd_deck = [r + s for r in "6789TJQKA" for s in "cdhs"]
    for _ in range(200):
        cards = rng.sample(sd_deck, 7)
        shown = {
            tuple(str(c) for c in hc.evaluate_short_deck(rng.sample(cards, 7)).best_five)
            for _ in range(6)
        }
        assert len(shown) == 1, (cards, shown)
