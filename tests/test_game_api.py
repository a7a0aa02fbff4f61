"""Configuration errors, construction errors, seeded deals, copying, pickling
and seat views of ``holecards.Hand`` / ``holecards.Rules`` (docs/game.md)."""

from __future__ import annotations

import copy
import pickle

import pytest

import holecards as hc
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
from game_helpers import NL  # noqa: E402

Street = hc.Street
Structure = hc.Structure

HOLE = ["AsAd", "KsKd", "QsQd", "JsJd"]
BOARD = "2c 2h 3d 4c 6s"


def state(h):
    return dict(
        actor=h.actor, street=h.street, stacks=list(h.stacks), bets=list(h.bets),
        contributions=list(h.contributions), pot=h.pot, folded=list(h.folded),
        all_in=list(h.all_in), board=[str(c) for c in h.board],
        history=[(a.seat, a.kind, a.amount) for a in h.history],
        is_over=h.is_over, payoffs=h.payoffs,
        hole=[[str(c) for c in h.hole_cards(s)] for s in range(h.num_players)],
    )


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
    h = Hand(NL(), [100] * 3, hole_cards=[["As", "Ad"], "KsKd", [hc.Card("Qs"), "Qd"]],
             board="2c2h3d4c6s")
    assert list(h.hole_cards(0)) == parse_cards("AsAd")
    assert list(h.hole_cards(2)) == parse_cards("QsQd")


# ---------------------------------------------------------------------------
# Seeds
# ---------------------------------------------------------------------------


def _check_down(h):
    while not h.is_over:
        h.check_or_call()


def test_same_seed_same_deal():
    a = Hand(NL(), [100] * 4, seed=42)
    b = Hand(NL(), [100] * 4, seed=42)
    for s in range(4):
        assert list(a.hole_cards(s)) == list(b.hole_cards(s))
    _check_down(a)
    _check_down(b)
    assert len(a.board) == 5
    assert list(a.board) == list(b.board)
    assert a.payoffs == b.payoffs


def test_different_seeds_differ():
    deals = []
    for seed in (1, 2, 3):
        h = Hand(NL(), [100] * 4, seed=seed)
        _check_down(h)
        deals.append([str(c) for s in range(4) for c in h.hole_cards(s)]
                     + [str(c) for c in h.board])
    assert deals[0] != deals[1] and deals[1] != deals[2] and deals[0] != deals[2]


def test_unseeded_deals_differ():
    a = Hand(NL(), [100] * 6)
    b = Hand(NL(), [100] * 6)
    ca = [str(c) for s in range(6) for c in a.hole_cards(s)]
    cb = [str(c) for s in range(6) for c in b.hole_cards(s)]
    assert ca != cb  # 1 chance in ~10^20 of a false failure


def test_largest_seed_accepted():
    Hand(NL(), [100] * 2, seed=2**64 - 1)


def test_given_hole_cards_with_seeded_board():
    def make():
        return Hand(NL(), [100] * 3, seed=7, hole_cards=HOLE[:3])

    a, b = make(), make()
    _check_down(a)
    _check_down(b)
    assert list(a.board) == list(b.board)
    held = set(str(c) for x in HOLE[:3] for c in parse_cards(x))
    assert not held & set(str(c) for c in a.board)
    assert len(set(str(c) for c in a.board)) == 5


def test_partial_board_is_kept():
    h = Hand(NL(), [100] * 3, seed=9, hole_cards=HOLE[:3], board=parse_cards("Ah Kh Qh"))
    _check_down(h)
    assert list(h.board)[:3] == parse_cards("Ah Kh Qh")
    assert len(h.board) == 5


# ---------------------------------------------------------------------------
# copy, pickle, view
# ---------------------------------------------------------------------------


def test_copy_is_independent():
    h = Hand(NL(), [100] * 3, seed=5)
    h.bet_or_raise_to(6)
    c = h.copy()
    assert state(c) == state(h)
    assert c == h
    before = state(h)
    c.fold()
    c.fold()
    assert c.is_over
    assert state(h) == before
    assert not h.is_over
    d = copy.deepcopy(h)
    assert state(d) == before
    d.check_or_call()
    assert state(h) == before


def test_pickle_mid_hand_continues_identically():
    h = Hand(NL(), [200] * 3, seed=123)
    h.bet_or_raise_to(6)
    h.check_or_call()
    h.check_or_call()
    assert h.street == Street.FLOP
    h2 = pickle.loads(pickle.dumps(h))
    assert state(h2) == state(h)
    moves = [("b", 10), ("r", 30), ("c",), ("c",), ("c",), ("c",), ("c",), ("c",), ("c",),
             ("c",)]
    for m in moves:
        for x in (h, h2):
            if x.is_over:
                continue
            if m[0] == "c":
                x.check_or_call()
            else:
                x.bet_or_raise_to(m[1])
        assert state(h2) == state(h)
    _check_down(h)
    _check_down(h2)
    assert state(h2) == state(h)
    assert len(h.board) == 5  # the undealt deck travelled with the pickle


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
        others = [HOLE[o][i:i + 2] for o in range(3) if o != seat for i in (0, 2)]
        assert not any(card in text for card in others)
    la = h.view(0).legal_actions()
    assert la is not None and la.call_amount == 2


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
