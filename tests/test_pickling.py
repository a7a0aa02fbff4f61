"""Copies and pickles of ``holecards.Hand`` (docs/game.md, "Other methods"):
independent copies, pickles that continue a hand identically mid-hand (the
undealt deck travels with them) and finished hands that stay finished.
(Pickling ``Rules`` is in test_hand_api.py; copies and pickles taken during
random play are checked in test_hand_stateful.py.)
"""

from __future__ import annotations

import copy
import pickle

import pytest

import holecards as hc
from game_helpers import AA, KK, NL, QQ, check_down, deal, play, pots, state, winners  # noqa: E402
from holecards import Hand, IllegalActionError

Street = hc.Street


# ---------------------------------------------------------------------------
# copy and pickle mid-hand
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
    moves = [("b", 10), ("r", 30), ("c",), ("c",), ("c",), ("c",), ("c",), ("c",), ("c",), ("c",)]
    for m in moves:
        for x in (h, h2):
            if x.is_over:
                continue
            if m[0] == "c":
                x.check_or_call()
            else:
                x.bet_or_raise_to(m[1])
        assert state(h2) == state(h)
    check_down(h)
    check_down(h2)
    assert state(h2) == state(h)
    assert len(h.board) == 5  # the undealt deck travelled with the pickle


# ---------------------------------------------------------------------------
# Pickling a finished hand
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "rules, stacks, moves",
    [
        # Showdown with a big blind all-in short after its big-blind ante.
        (NL(big_blind_ante=2), [100, 50, 3], ["c", "c"]),
        # A raise folded to, against that all-in big blind: showdown too.
        (NL(big_blind_ante=2), [100, 50, 3], [10, "f"]),
        # Won uncontested preflop.
        (NL(), [100, 50, 100], [10, "f", "f"]),
    ],
)
def test_pickling_a_finished_hand(rules, stacks, moves):
    h = deal(rules, stacks, hole=[AA, KK, QQ])
    play(h, *moves)
    check_down(h)
    assert h.is_over
    g = pickle.loads(pickle.dumps(h))
    assert g == h
    assert g.is_over and g.actor is None and g.legal_actions() is None
    assert g.payoffs == h.payoffs and g.stacks == h.stacks
    assert pots(g) == pots(h) and winners(g) == winners(h)
    assert g.street == h.street and [str(c) for c in g.board] == [str(c) for c in h.board]
    assert g.history == h.history
    for act in (g.fold, g.check_or_call, lambda: g.bet_or_raise_to(10)):
        with pytest.raises(IllegalActionError):
            act()
    assert g == h
    assert pickle.loads(pickle.dumps(g)) == h
    assert dict(g.view(1).shown) == dict(h.view(1).shown)


def test_pickling_a_hand_won_by_folds():
    h = deal(NL(), [100] * 3)
    play(h, 10, "f", "f")
    g = pickle.loads(pickle.dumps(h))
    assert g == h and g.payoffs == [3, -1, -2] and g.street == Street.PREFLOP


def test_an_illegal_action_error_pickles_with_its_legal_actions():
    """An IllegalActionError crosses processes (multiprocessing, Ray) whole:
    its message, reason and legal actions."""
    hand = Hand(hc.Rules.no_limit(small_blind=1, big_blind=2), [100, 100], seed=1)
    with pytest.raises(IllegalActionError) as info:
        hand.act(1, hc.ActionKind.FOLD)
    err = info.value
    back = pickle.loads(pickle.dumps(err))
    assert type(back) is IllegalActionError
    assert str(back) == str(err)
    assert back.reason is hc.IllegalReason.NOT_YOUR_TURN
    assert back.legal == err.legal
    assert (back.legal.seat, back.legal.call_amount, back.legal.min_raise_to) == (0, 1, 4)
    assert repr(back.legal) == (
        "LegalActions(seat=0, can_fold=True, can_check=False, call_amount=1, "
        "min_raise_to=4, max_raise_to=100)"
    )
