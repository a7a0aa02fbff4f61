"""A slow, obvious model of the RL environment's observation and action
mask, written from docs/env.md (not from the engine): the observation from
a seat's view (its fields and events), the mask from the legal actions and
the documented pot-fraction formula."""

from __future__ import annotations

from fractions import Fraction
from typing import List, Optional, Sequence, Tuple

from holecards import EventKind, LegalActions, SeatView, Structure

STREETS = ("PREFLOP", "FLOP", "TURN", "RIVER")


def unit(view: SeatView) -> int:
    rules = view.rules
    if rules.structure == Structure.PROGRESSIVE:
        return (rules.bets or [1])[0]
    return rules.big_blind


def observation(view: SeatView) -> List[float]:
    """The documented vector for ``view``'s seat."""
    n = view.num_players
    seat = view.seat
    assert seat is not None
    u = unit(view)

    def bb(chips: int) -> float:
        return chips / u

    def rel(s: int) -> int:
        return (s - seat) % n

    hole = [0.0] * 52
    for c in view.hole_cards or []:
        hole[int(c)] = 1.0
    board = [0.0] * 52
    for c in view.board:
        board[int(c)] = 1.0
    street = [0.0] * 4
    if view.street.name in STREETS:
        street[STREETS.index(view.street.name)] = 1.0
    position = [0.0] * n
    position[(seat - view.button) % n] = 1.0
    seats = [[0.0] * 6 for _ in range(n)]
    for s in range(n):
        seats[rel(s)] = [
            bb(view.stacks[s]),
            bb(view.bets[s]),
            bb(view.contributions[s]),
            float(view.folded[s]),
            float(view.all_in[s]),
            float(s == view.button),
        ]
    legal = view.legal_actions()
    spot = [bb(view.pot), 0.0, 0.0, 0.0, float(view.actor == seat)]
    if legal is not None:
        spot[1] = bb(legal.call_amount)
        spot[2] = bb(legal.min_raise_to) if legal.min_raise_to is not None else 0.0
        spot[3] = bb(legal.max_raise_to) if legal.max_raise_to is not None else 0.0
    # history[street][relative seat] = [folds, checks, calls, bets and raises, chips]
    history = [[[0.0] * 5 for _ in range(n)] for _ in range(4)]
    chips = [[0] * n for _ in range(4)]
    street_bet = [0] * n
    current = None
    for e in view.events:
        if e.seat is None:
            continue
        if e.kind not in (
            EventKind.POST_ANTE,
            EventKind.POST_SMALL_BLIND,
            EventKind.POST_BIG_BLIND,
            EventKind.POST_STRADDLE,
            EventKind.FOLD,
            EventKind.CHECK,
            EventKind.CALL,
            EventKind.BET,
            EventKind.RAISE,
            EventKind.RETURN_UNCALLED,
        ):
            continue
        if e.street != current:
            street_bet = [0] * n
            current = e.street
        si = min(int(e.street), 3)
        row = history[si][rel(e.seat)]
        if e.kind == EventKind.FOLD:
            row[0] += 1
        elif e.kind == EventKind.CHECK:
            row[1] += 1
        elif e.kind == EventKind.CALL:
            row[2] += 1
            chips[si][e.seat] += e.amount
            street_bet[e.seat] += e.amount
        elif e.kind in (EventKind.BET, EventKind.RAISE):
            row[3] += 1
            chips[si][e.seat] += e.amount - street_bet[e.seat]
            street_bet[e.seat] = e.amount
        elif e.kind == EventKind.POST_ANTE:
            chips[si][e.seat] += e.amount
        elif e.kind == EventKind.RETURN_UNCALLED:
            chips[si][e.seat] -= e.amount
            street_bet[e.seat] -= e.amount
        else:  # blinds and straddles
            chips[si][e.seat] += e.amount
            street_bet[e.seat] += e.amount
    for si in range(4):
        for s in range(n):
            history[si][rel(s)][4] = bb(max(0, chips[si][s]))
    out = hole + board + street + position
    for row in seats:
        out += row
    out += spot
    for si in range(4):
        for r in range(n):
            out += history[si][r]
    return out


def intended_amount(view: SeatView, fraction: Fraction) -> int:
    """A bet or raise of ``fraction`` of the pot after calling, as documented:
    to ``high + floor((pot + call) * fraction)``."""
    legal = view.legal_actions()
    assert legal is not None and view.seat is not None
    call = legal.call_amount
    high = view.bets[view.seat] + call
    return high + (view.pot + call) * fraction.numerator // fraction.denominator


def mask(view: SeatView, actions: Sequence[Tuple[str, int, int]]) -> List[bool]:
    """Which of ``actions`` (``(name, num, den)``) are legal for ``view``'s seat."""
    legal: Optional[LegalActions] = view.legal_actions()
    if legal is None:
        return [False] * len(actions)
    out = []
    for name, num, den in actions:
        if name == "fold":
            out.append(legal.can_fold)
        elif name == "check_call":
            out.append(True)
        elif name in ("min_raise", "max_raise", "all_in"):
            out.append(legal.can_raise)
        else:
            to = intended_amount(view, Fraction(num, den))
            out.append(
                legal.min_raise_to is not None
                and legal.max_raise_to is not None
                and legal.min_raise_to <= to <= legal.max_raise_to
            )
    return out
