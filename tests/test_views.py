"""``Hand.view(seat)`` and ``Hand.view(None)``: what one seat, or a
spectator, may know, and nothing else: not in the view's attributes, not in
``to_dict()``, not in its events, not in its pickle."""

from __future__ import annotations

import json
import pickle
from typing import Any, Optional, Set

import pytest
from hypothesis import given, settings, strategies as st

import holecards as hc
from game_helpers import NL, play
from hand_strategies import card_strings, hands, random_action

EK = hc.EventKind


def known_cards(hand: hc.Hand, seat: Optional[int]) -> Set[str]:
    """What `seat` may know (None: a spectator): its own cards, the board
    dealt, the hands shown at showdown."""
    known = {str(c) for c in hand.board}
    if seat is not None:
        known |= {str(c) for c in hand.hole_cards(seat)}
    if hand.street == hc.Street.SHOWDOWN:
        for s in range(hand.num_players):
            if not hand.folded[s]:
                known |= {str(c) for c in hand.hole_cards(s)}
    return known


def check_view(hand: hc.Hand, seat: Optional[int]) -> None:
    v = hand.view(seat)
    allowed = known_cards(hand, seat)
    d = v.to_dict()
    json.dumps(d)  # plain data
    leaked = set(card_strings(d)) - allowed
    assert not leaked, f"view of {seat} shows {leaked}"
    event_cards = {str(c) for e in v.events for c in (e.cards or [])}
    assert event_cards <= allowed, f"events of view {seat} show {event_cards - allowed}"
    restored = pickle.loads(pickle.dumps(v))
    assert restored == v
    assert set(card_strings(restored.to_dict())) <= allowed
    # the public attributes match the hand
    assert (
        v.seat == seat and v.stacks == hand.stacks and v.pot == hand.pot and v.board == hand.board
    )
    assert [(e.kind, e.seat, e.amount) for e in v.events] == [
        (e.kind, e.seat, e.amount) for e in hand.events
    ]
    if seat is None:
        assert v.hole_cards is None and v.legal_actions() is None
    else:
        assert v.hole_cards == hand.hole_cards(seat)
        assert v.legal_actions() == (hand.legal_actions() if hand.actor == seat else None)


@settings(max_examples=80, deadline=None)
@given(hands(), st.data())
def test_no_view_shows_a_card_its_reader_may_not_know(hand: hc.Hand, data: Any) -> None:
    while True:
        for seat in [None, *range(hand.num_players)]:
            check_view(hand, seat)
        if hand.is_over:
            break
        random_action(hand, data.draw)


def _pair(hole_a: list, seat: int) -> list:
    """The same deal with every other seat's hole cards changed to unused ones."""
    used = {c for h in hole_a for c in (h[:2], h[2:])}
    spare = [
        r + s for r in "23456789" for s in "cdhs" if r + s not in used and r + s not in "AsKsQsJsTs"
    ]
    out = []
    for i, h in enumerate(hole_a):
        out.append(h if i == seat else spare.pop() + spare.pop())
    return out


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 6), st.integers(0, 5), st.data())
def test_a_view_does_not_change_when_a_card_it_cannot_see_changes(
    n: int, seat: int, data: Any
) -> None:
    seat %= n
    hole = ["AhAd", "KhKd", "QhQd", "JhJd", "ThTd", "9h9d"][:n]
    other = _pair(hole, seat)
    board = "AsKsQsJsTs"
    a = hc.Hand(NL(), [100] * n, button=0, hole_cards=hole, board=board)
    b = hc.Hand(NL(), [100] * n, button=0, hole_cards=other, board=board)
    while True:
        if a.street != hc.Street.SHOWDOWN:
            # before anything is shown, seat's view and the public view are
            # the same bytes whatever the others hold
            assert pickle.dumps(a.view(seat)) == pickle.dumps(b.view(seat))
            assert pickle.dumps(a.view(None)) == pickle.dumps(b.view(None))
            assert a.view(seat).to_dict() == b.view(seat).to_dict()
        if a.is_over:
            break
        la = a.legal_actions()
        pick = data.draw(st.sampled_from(["c", "f"] if la.can_fold else ["c"]))
        play(a, pick)
        play(b, pick)


def test_the_public_view_shows_hole_cards_only_once_shown() -> None:
    h = hc.Hand(
        NL(), [100, 100, 100], button=0, hole_cards=["AhAd", "KhKd", "2c7d"], board="Qs9s4d3c2h"
    )
    v = h.view()
    assert v.seat is None and v.hole_cards is None and v.shown == {}
    deals = [e for e in v.events if e.kind == EK.DEAL_HOLE]
    assert [e.cards for e in deals] == [None, None, None]
    play(h, "f", "c", "c")
    while not h.is_over:
        h.check_or_call()
    v = h.view(None)
    assert v.shown == {1: h.hole_cards(1), 2: h.hole_cards(2)}
    shows = [e for e in v.events if e.kind == EK.SHOW]
    assert [e.seat for e in shows] == [1, 2]
    # the folded seat's cards stay hidden, in the deal and everywhere else
    assert "Ah" not in card_strings(v.to_dict()) and "Ad" not in card_strings(v.to_dict())
    # a seat's own view holds its cards even after folding
    assert {"Ah", "Ad"} <= set(card_strings(h.view(0).to_dict()))


def test_a_view_of_an_old_format_is_refused() -> None:
    h = hc.Hand(NL(), [100, 100], seed=1)
    reduce = h.view(0).__reduce__()
    restore, (state,) = reduce
    assert restore(state) == h.view(0)
    old = bytes([1]) + state[1:]
    try:
        restore(old)
    except hc.StateError as e:
        assert "format 1" in str(e)
    else:
        raise AssertionError("an old view state was accepted")


def _stub_properties(cls_name: str) -> set:
    import ast
    import pathlib

    import holecards

    stub = pathlib.Path(holecards.__file__).with_name("_core.pyi")
    tree = ast.parse(stub.read_text())
    (cls,) = [n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == cls_name]
    return {
        f.name
        for f in cls.body
        if isinstance(f, ast.FunctionDef)
        and any(isinstance(d, ast.Name) and d.id == "property" for d in f.decorator_list)
    }


def _runtime_properties(cls: type) -> set:
    return {n for n, attr in vars(cls).items() if type(attr).__name__ == "getset_descriptor"}


@pytest.mark.parametrize("cls", [hc.SeatView, hc.Hand])
def test_the_stub_lists_the_same_fields(cls: type) -> None:
    # The fields come from one list in the engine; the stub must follow it.
    runtime = _runtime_properties(cls)
    assert len(runtime) > 15
    assert _stub_properties(cls.__name__) == runtime


def test_to_dict_holds_every_field() -> None:
    h = hc.Hand(hc.Rules.no_limit(small_blind=1, big_blind=2), [100, 100, 100], seed=3)
    d = h.view(0).to_dict()
    # The rules are not sent; the game is, by its code.
    assert set(d) == (_runtime_properties(hc.SeatView) - {"rules"}) | {"legal_actions", "game"}
    assert d["game"] == "holdem"
    plo = hc.Hand(hc.Rules.pot_limit(small_blind=1, big_blind=2, game="omaha5"), [100] * 3, seed=3)
    d = plo.view(1).to_dict()
    assert d["game"] == "omaha5" and len(d["hole_cards"]) == 5
