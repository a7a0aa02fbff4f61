"""The API of ``holecards.Rules`` and ``holecards.Hand`` (docs/game.md):
configuration errors, construction errors, the error hierarchy, attributes,
and seat views (what a ``SeatView`` can reveal: never another player's
cards before they are shown, nor the undealt board).
"""

from __future__ import annotations

import pickle

import pytest

import holecards as hc
from game_helpers import AA, BOARD, HOLE, JJ, KK, NL, QQ, deal, play  # noqa: E402
from holecards import (
    CardError,
    ConfigError,
    DuplicateCardError,
    Hand,
    HolecardsError,
    IllegalActionError,
    Rules,
    parse_cards,
)

Street = hc.Street
Structure = hc.Structure


# ---------------------------------------------------------------------------
# Rules
# ---------------------------------------------------------------------------


def test_error_hierarchy():
    assert issubclass(ConfigError, ValueError)
    assert issubclass(ConfigError, HolecardsError)
    assert issubclass(IllegalActionError, ValueError)
    assert issubclass(DuplicateCardError, CardError)


@pytest.mark.parametrize(
    "make",
    [
        lambda: Rules.no_limit(small_blind=0, big_blind=0),  # big_blind >= 1
        lambda: Rules.no_limit(small_blind=3, big_blind=2),  # SB above BB
        lambda: Rules.no_limit(small_blind=1, big_blind=2, ante=1, big_blind_ante=2),
        lambda: Rules.pot_limit(small_blind=1, big_blind=2, ante=1, big_blind_ante=1),
        lambda: Rules.no_limit(small_blind=1, big_blind=2, straddle_min_raise="x"),
        lambda: Rules.fixed_limit(small_blind=1, big_blind=2, raise_cap=-1),
        lambda: Rules.fixed_limit(small_blind=3, big_blind=2),
        lambda: Rules.progressive(ante=10, bets=(50, 100, 150)),  # three sizes
        lambda: Rules.progressive(ante=10, bets=(50, 100, 150, 200, 250)),
    ],
)
def test_rules_config_errors(make):
    with pytest.raises(ConfigError):
        make()


@pytest.mark.parametrize(
    "make",
    [
        lambda: Rules.no_limit(small_blind=-1, big_blind=2),
        lambda: Rules.no_limit(small_blind=1, big_blind=2, ante=-1),
        lambda: Rules.progressive(ante=-1, bets=(50, 100, 150, 200)),
    ],
)
def test_negative_amounts_are_config_errors(make):
    # docs/game.md: "Amounts are non-negative integers"; every constructor
    # validates its input and raises ConfigError (a ValueError).
    with pytest.raises(ConfigError):
        make()


def test_rules_are_keyword_only():
    with pytest.raises(TypeError):
        Rules.no_limit(1, 2)


def test_rules_attributes_value_semantics_and_pickle():
    r = Rules.fixed_limit(small_blind=1, big_blind=2, raise_cap=3, straddles=(4,))
    assert r.structure == Structure.FIXED_LIMIT
    assert (r.small_blind, r.big_blind, r.raise_cap) == (1, 2, 3)
    assert list(r.straddles) == [4]
    assert r.heads_up_uncapped is True
    assert r == Rules.fixed_limit(small_blind=1, big_blind=2, raise_cap=3, straddles=(4,))
    assert r != Rules.fixed_limit(small_blind=1, big_blind=2, raise_cap=4, straddles=(4,))
    assert pickle.loads(pickle.dumps(r)) == r
    assert isinstance(repr(r), str) and repr(r)
    n = NL(ante=5)
    assert n.structure == Structure.NO_LIMIT
    assert n.ante == 5 and n.big_blind_ante == 0
    assert n.straddle_min_raise == "straddle"
    assert Rules.pot_limit(small_blind=1, big_blind=2).structure == Structure.POT_LIMIT
    assert hash(n) == hash(NL(ante=5))
    with pytest.raises((AttributeError, TypeError)):
        n.big_blind = 4  # immutable


def test_ten_fifteen_and_equal_blinds_are_valid():
    assert NL(10, 15).small_blind == 10
    assert NL(2, 2).small_blind == 2
    assert Rules.no_limit(small_blind=0, big_blind=2).small_blind == 0


# ---------------------------------------------------------------------------
# Hand construction errors
# ---------------------------------------------------------------------------


def test_too_few_and_too_many_players():
    with pytest.raises(ConfigError):
        Hand(NL(), [100], seed=1)
    with pytest.raises(ConfigError):
        Hand(NL(), [100] * 23, seed=1)
    # 22 seats is the limit; 22 x 2 + 5 + 3 burns = 52 cards exactly.
    h = Hand(NL(), [100] * 22, seed=1)
    cards = [str(c) for s in range(22) for c in h.hole_cards(s)]
    assert len(set(cards)) == 44


def test_zero_stack_is_an_error():
    with pytest.raises(ConfigError):
        Hand(NL(), [100, 0, 100], seed=1)


def test_button_out_of_range():
    with pytest.raises(ConfigError):
        Hand(NL(), [100] * 3, button=3, seed=1)


def test_negative_button_is_a_config_error():
    with pytest.raises(ConfigError):
        Hand(NL(), [100] * 3, button=-1, seed=1)


@pytest.mark.parametrize(
    "hole",
    [
        ["AsAd", "Ks", "QsQd"],  # one card
        ["AsAd", "KsKdKh", "QsQd"],  # three cards
        ["AsAd", "KsKd"],  # a seat missing
        ["AsAd", "KsKd", "QsQd", "JsJd"],  # one seat too many
    ],
)
def test_wrong_number_of_hole_cards(hole):
    with pytest.raises(ValueError):
        Hand(NL(), [100] * 3, hole_cards=hole, board=parse_cards(BOARD))


def test_too_many_board_cards():
    with pytest.raises(ValueError):
        Hand(NL(), [100] * 3, hole_cards=HOLE[:3], board=parse_cards(BOARD + " 9h"))


@pytest.mark.parametrize(
    "hole, board",
    [
        (["AsAd", "AsKd", "QsQd"], BOARD),  # hole vs hole
        (["AsAd", "KsKd", "2cQd"], BOARD),  # hole vs board
        (["AsAd", "KsKd", "QsQd"], "2c 2c 3d 4c 6s"),  # within the board
        (["AsAs", "KsKd", "QsQd"], BOARD),  # within one seat
    ],
)
def test_duplicate_cards(hole, board):
    with pytest.raises(DuplicateCardError):
        Hand(NL(), [100] * 3, hole_cards=hole, board=[hc.Card(c) for c in board.split()])


def test_bad_card_token():
    with pytest.raises(CardError):
        Hand(NL(), [100] * 3, hole_cards=["AsXx", "KsKd", "QsQd"], board=parse_cards(BOARD))


def test_board_and_hole_cards_as_strings_and_lists():
    h = Hand(
        NL(),
        [100] * 3,
        hole_cards=[["As", "Ad"], "KsKd", [hc.Card("Qs"), "Qd"]],
        board="2c2h3d4c6s",
    )
    assert list(h.hole_cards(0)) == parse_cards("AsAd")
    assert list(h.hole_cards(2)) == parse_cards("QsQd")


# ---------------------------------------------------------------------------
# Attributes
# ---------------------------------------------------------------------------


def test_final_stacks_are_none_until_the_hand_is_over() -> None:
    import holecards as hc

    h = hc.Hand(hc.Rules.no_limit(small_blind=1, big_blind=2), [10, 10], button=0, seed=1)
    assert h.final_stacks is None
    # Heads-up the button (seat 0) posts the small blind and acts first;
    # folding gives up its 1 chip to the big blind: 10 - 1 = 9, 10 + 1 = 11.
    h.fold()
    assert h.final_stacks == [9, 11]
    assert h.payoffs == [-1, 1]


def test_pots_mid_round_count_players_still_to_act() -> None:
    import holecards as hc

    h = hc.Hand(hc.Rules.no_limit(small_blind=1, big_blind=2), [100, 100, 100], button=0, seed=3)
    # Preflop, nobody has acted: blinds 1 + 2 = 3 in one pot all three can win.
    assert [(p.amount, p.eligible) for p in h.pots] == [(3, (0, 1, 2))]
    h.bet_or_raise_to(100)  # seat 0 all-in for 100
    # 100 + 1 + 2 = 103 in one pot: seats 1 and 2 can still call.
    assert [(p.amount, p.eligible) for p in h.pots] == [(103, (0, 1, 2))]


# ---------------------------------------------------------------------------
# Seat views
# ---------------------------------------------------------------------------


def test_view_shows_own_cards_only():
    h = Hand(NL(), [100] * 3, hole_cards=HOLE[:3], board=parse_cards(BOARD))
    for seat in range(3):
        v = h.view(seat)
        assert v.seat == seat
        assert list(v.hole_cards) == parse_cards(HOLE[seat])
        assert dict(v.shown) == {} or set(v.shown) <= {seat}
        assert v.actor == h.actor
        assert list(v.stacks) == list(h.stacks)
        assert v.pot == h.pot
        assert list(v.board) == []
        text = repr(v) + str(v)
        # No other seat's card in the view's repr.
        others = [HOLE[o][i : i + 2] for o in range(3) if o != seat for i in (0, 2)]
        assert not any(card in text for card in others)
    la = h.view(0).legal_actions()
    assert la is not None and la.call_amount == 2


def test_seat_view_to_dict_is_json_and_leaks_nothing() -> None:
    import json

    import holecards as hc

    h = hc.Hand(
        hc.Rules.no_limit(small_blind=1, big_blind=2),
        [100, 100, 100],
        button=0,
        hole_cards=["AhAd", "KcKs", "7h2d"],
        board="Ac Kd 7s 3c 2s",
    )
    d = h.view(1).to_dict()
    text = json.dumps(d)
    assert d["hole_cards"] == ["Kc", "Ks"]
    # Nobody else's cards, and no undealt board card, appear anywhere.
    for hidden in ["Ah", "Ad", "7h", "2d", "Ac", "Kd", "7s", "3c", "2s"]:
        assert hidden not in text
    assert d["legal_actions"] is None  # seat 0 acts first
    assert h.view(0).to_dict()["legal_actions"]["call_amount"] == 2
    # Play to a showdown: the cards shown become public.
    h.bet_or_raise_to(100)
    h.check_or_call()
    h.check_or_call()
    d = h.view(2).to_dict()
    assert d["is_over"] and d["street"] == "showdown"
    assert d["shown"] == {0: ["Ah", "Ad"], 1: ["Kc", "Ks"], 2: ["7h", "2d"]}
    assert d["board"] == ["Ac", "Kd", "7s", "3c", "2s"]
    assert sum(d["payoffs"]) == 0


def _cards_in(value, out):
    if isinstance(value, hc.Card):
        out.add(str(value))
    elif isinstance(value, (list, tuple)):
        for v in value:
            _cards_in(v, out)
    elif isinstance(value, dict):
        for k, v in value.items():
            _cards_in(k, out)
            _cards_in(v, out)


def _visible(view):
    """Every card reachable from the view's public attributes."""
    out = set()
    for name in dir(view):
        if name.startswith("_"):
            continue
        value = getattr(view, name)
        if callable(value):
            try:
                value = value()
            except TypeError:
                continue
        _cards_in(value, out)
    return out


def _assert_views_hide(h):
    board = {str(c) for c in h.board}
    for seat in range(h.num_players):
        v = h.view(seat)
        allowed = board | {str(c) for c in h.hole_cards(seat)}
        if h.street == Street.SHOWDOWN:
            allowed |= {
                str(c) for s in range(h.num_players) if not h.folded[s] for c in h.hole_cards(s)
            }
        seen = _visible(v)
        assert seen <= allowed, (seat, seen - allowed)
        try:
            data = pickle.dumps(v)
        except TypeError:
            continue  # a view cannot be pickled: nothing leaks that way
        assert _visible(pickle.loads(data)) <= allowed


def test_views_never_show_other_cards_or_the_undealt_board():
    h = deal(NL(), [100] * 4, hole=[AA, KK, QQ, JJ])
    _assert_views_hide(h)
    play(h, "c", "c", "f", "c")  # seats 3, 0 call, SB folds, BB checks
    while not h.is_over:
        _assert_views_hide(h)
        h.check_or_call()
    assert h.street == Street.SHOWDOWN
    _assert_views_hide(h)
    # The folded SB's cards are never shown.
    assert set(h.view(0).shown) == {0, 2, 3}


def test_views_after_an_uncontested_hand_show_nothing():
    h = deal(NL(), [100] * 3, hole=[AA, KK, QQ])
    play(h, 10, "f", "f")
    assert h.is_over and h.street == Street.PREFLOP
    for seat in range(3):
        v = h.view(seat)
        assert dict(v.shown) == {}
        assert list(v.board) == []
        assert _visible(v) == {str(c) for c in h.hole_cards(seat)}
