"""``Hand.events``: the whole story of a hand, in order.

Checked against plain-Python rebuilds that read only the events
(``reference_game.stacks_from_events``) and against hand-worked hands.
"""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings, strategies as st

import holecards as hc
from game_helpers import NL, play
from hand_strategies import hands, random_action
from reference_game import stacks_from_events

EK = hc.EventKind
Street = hc.Street


def added_by(event: Any, street_bet: int) -> int:
    """Chips an action event put in, given the seat's bet on this street before it."""
    if event.kind == EK.CALL:
        return event.amount
    if event.kind in (EK.BET, EK.RAISE):
        return event.amount - street_bet
    return 0


@settings(max_examples=150, deadline=None)
@given(hands(), st.data())
def test_events_rebuild_the_stacks_returns_and_awards(hand: hc.Hand, data: Any) -> None:
    assert stacks_from_events(hand) == hand.stacks
    while not hand.is_over:
        before_events = len(hand.events)
        bets_before = list(hand.bets)
        contributed_before = sum(hand.contributions)
        random_action(hand, data.draw)
        new = hand.events[before_events:]
        # the action itself comes first among the new events
        action = new[0]
        assert action.kind in (EK.FOLD, EK.CHECK, EK.CALL, EK.BET, EK.RAISE)
        returned = sum(e.amount for e in new if e.kind == EK.RETURN_UNCALLED)
        expected = contributed_before + added_by(action, bets_before[action.seat])
        # a return is recorded exactly when chips go back
        assert (returned > 0) == (sum(hand.contributions) < expected)
        assert sum(hand.contributions) == expected - returned
        assert all(e.amount > 0 for e in new if e.kind == EK.RETURN_UNCALLED)
        # the events alone tell the stacks, at every step
        assert stacks_from_events(hand) == hand.stacks
    awards = [e for e in hand.events if e.kind == EK.AWARD]
    pots = hand.pots
    assert sum(e.amount for e in awards) == sum(p.amount for p in pots) == hand.pot
    for index, pot in enumerate(pots):
        paid = [e for e in awards if e.pot == index]
        assert sum(e.amount for e in paid) == pot.amount
        assert sorted(e.seat for e in paid) == sorted(pot.winners)
    # the history is the posts and actions among the events
    as_actions = [
        (e.seat, int(e.kind), e.street, e.amount, e.all_in)
        for e in hand.events
        if e.kind <= EK.RAISE
    ]
    assert as_actions == [(a.seat, int(a.kind), a.street, a.amount, a.all_in) for a in hand.history]
    # every card dealt appears once: hole cards, burns, board
    dealt = [
        str(c)
        for e in hand.events
        if e.kind in (EK.DEAL_HOLE, EK.BURN, EK.DEAL_BOARD)
        for c in (e.cards or [])
    ]
    assert len(dealt) == len(set(dealt))
    board = [str(c) for e in hand.events if e.kind == EK.DEAL_BOARD for c in e.cards]
    assert board == [str(c) for c in hand.board]


def test_a_hand_told_event_by_event() -> None:
    # 1/2, three seats, button 0 (small blind seat 1, big blind seat 2).
    # Seat 0 raises to 6, seat 1 folds, seat 2 calls 4; the flop is checked;
    # on the turn seat 2 bets 10 and seat 0 folds: the 10 comes back to
    # seat 2, which takes the pot of 6 + 1 + 6 = 13 without showing.
    h = hc.Hand(
        NL(), [100, 100, 100], button=0, hole_cards=["AhKh", "2c7d", "QsQd"], board="Qh Jh Th 3s 4d"
    )
    play(h, 6, "f", "c", "c", "c", 10, "f")
    got = [
        (
            e.kind,
            e.seat,
            e.street,
            e.amount,
            None if e.cards is None else "".join(map(str, e.cards)),
            e.pot,
        )
        for e in h.events
    ]
    P, F, T = Street.PREFLOP, Street.FLOP, Street.TURN
    assert got == [
        (EK.POST_SMALL_BLIND, 1, P, 1, "", None),
        (EK.POST_BIG_BLIND, 2, P, 2, "", None),
        (EK.DEAL_HOLE, 1, P, 0, "2c7d", None),  # dealt from the button's left
        (EK.DEAL_HOLE, 2, P, 0, "QsQd", None),
        (EK.DEAL_HOLE, 0, P, 0, "AhKh", None),
        (EK.RAISE, 0, P, 6, "", None),
        (EK.FOLD, 1, P, 0, "", None),
        (EK.CALL, 2, P, 4, "", None),
        (EK.BURN, None, F, 0, None, None),  # every card was given: the burn is unknown
        (EK.DEAL_BOARD, None, F, 0, "QhJhTh", None),
        (EK.CHECK, 2, F, 0, "", None),
        (EK.CHECK, 0, F, 0, "", None),
        (EK.BURN, None, T, 0, None, None),
        (EK.DEAL_BOARD, None, T, 0, "3s", None),
        (EK.BET, 2, T, 10, "", None),
        (EK.FOLD, 0, T, 0, "", None),
        (EK.RETURN_UNCALLED, 2, T, 10, "", None),
        (EK.MUCK, 2, T, 0, "QsQd", None),  # won uncontested: not shown
        (EK.AWARD, 2, T, 13, "", 0),
    ]
    assert h.stacks == [94, 99, 107] == stacks_from_events(h)


def test_showdown_order_last_aggressor_first_then_clockwise() -> None:
    # 1/2, four seats, button 3. River: seat 1 bets 10, seats 2 and 0 call
    # (seat 3 folded preflop). The last aggressor on the final round, seat 1,
    # shows first (WSOP tournament rule 72), then clockwise: 2, 0.
    # Preflop: seat 2 calls, seat 3 folds, seat 0 completes, seat 1 checks.
    h = hc.Hand(
        NL(), [100] * 4, button=3, hole_cards=["AhAd", "KhKd", "QhQd", "2c3c"], board="9s8s4d5c7h"
    )
    play(h, "c", "f", "c", "c")
    while h.street != Street.RIVER:
        h.check_or_call()
    assert h.actor == 0
    play(h, "c", 10, "c", "c")
    shows = [e.seat for e in h.events if e.kind == EK.SHOW]
    assert shows == [1, 2, 0]
    # with no bet on the river the first player left of the button shows first
    h = hc.Hand(
        NL(), [100] * 4, button=3, hole_cards=["AhAd", "KhKd", "QhQd", "2c3c"], board="9s8s4d5c7h"
    )
    play(h, "c", "f", "c", "c")
    while not h.is_over:
        h.check_or_call()
    assert [e.seat for e in h.events if e.kind == EK.SHOW] == [0, 1, 2]


def test_split_pot_awards_name_each_winner_and_the_odd_chip() -> None:
    # 1/2, three seats of 5, button 0: seat 0 raises all in to 5, seats 1
    # and 2 call all in: pot 15. The board is a royal flush that everyone
    # plays: a three-way tie, 5 each, paid from the button's left: 1, 2, 0.
    h = hc.Hand(NL(), [5, 5, 5], button=0, hole_cards=["2c3d", "2d3c", "4c5d"], board="AsKsQsJsTs")
    play(h, 5, "c", "c")
    awards = [(e.seat, e.amount, e.pot) for e in h.events if e.kind == EK.AWARD]
    assert awards == [(1, 5, 0), (2, 5, 0), (0, 5, 0)]
    # With a 1-chip ante: seat 0 folds after its ante, seat 1 completes,
    # seat 2 checks, checked down: pot 3 + 2 + 2 = 7, a two-way tie: the odd
    # chip goes to the first winner left of the button, seat 1: 4 and 3.
    h = hc.Hand(
        NL(ante=1), [50, 50, 50], button=0, hole_cards=["2c3d", "2d3c", "4c5d"], board="AsKsQsJsTs"
    )
    play(h, "f", "c")
    while not h.is_over:
        h.check_or_call()
    awards = [(e.seat, e.amount, e.pot) for e in h.events if e.kind == EK.AWARD]
    assert awards == [(1, 4, 0), (2, 3, 0)]
