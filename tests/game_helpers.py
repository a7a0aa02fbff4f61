"""Helpers and fixtures shared by the game tests (tests/test_*.py of
``holecards.Hand``): the default cards, dealing, playing, reading a hand.

The method of the scenario tests (test_forced_bets.py, test_action_order.py,
test_betting_*.py, test_pots_showdown.py, ...): every hand is dealt with
given hole cards and a given board (``deal``: by default seat i holds the
i-th best hand on the board), so nothing is random. Every expected number is
worked out by hand from RULES.md (and the WSOP rule books where RULES.md
points at them); the arithmetic is in the comments. Nothing there asks the
engine to compute an expectation.

Conventions used in the comments: NL/PL/FL = no-limit/pot-limit/fixed-limit,
"1/2" = small blind 1, big blind 2; seats are clockwise; ``legal(h)`` is the
actor's (call_amount, min_raise_to, max_raise_to).
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Sequence, Tuple

from holecards import Hand, IllegalActionError, Rules, parse_cards

# On the default board every pocket pair makes two pair with the board's
# deuces (AA22 > KK22 > ... > 7722), kicker the 6: seat i holds the i-th
# best hand. Nobody holds a 5 (no straight) and the board has no three of a
# suit (board suits c h d c s: no flush).
AA, KK, QQ, JJ, TT, NN = "AsAd", "KsKd", "QsQd", "JsJd", "TsTd", "9s9d"
HOLE = [AA, KK, QQ, JJ, TT, NN, "8s8d", "7s7d"]
BOARD = "2c 2h 3d 4c 6s"
# A royal flush on the board: every player plays the board, so every pot is
# split among its eligible players (the LOW hole cards hold no spade).
ROYAL = "As Ks Qs Js Ts"
LOW = ["2c3d", "4c5d", "6c7d", "8c9d", "2d3c", "4d5c"]


# ---------------------------------------------------------------------------
# rules


def NL(sb: int = 1, bb: int = 2, **kw: Any) -> Rules:
    return Rules.no_limit(small_blind=sb, big_blind=bb, **kw)


def PL(sb: int = 1, bb: int = 2, **kw: Any) -> Rules:
    return Rules.pot_limit(small_blind=sb, big_blind=bb, **kw)


def FL(sb: int = 1, bb: int = 2, **kw: Any) -> Rules:
    return Rules.fixed_limit(small_blind=sb, big_blind=bb, **kw)


def PROG() -> Rules:
    """Progressive Hold'em, ante 5, bets 50/100/150/200."""
    return Rules.progressive(ante=5, bets=(50, 100, 150, 200))


# ---------------------------------------------------------------------------
# dealing and playing


def cards(text: str) -> List[Any]:
    return parse_cards(text)


def deal(
    rules: Rules,
    stacks: Sequence[int],
    button: int = 0,
    hole: Optional[Sequence[str]] = None,
    board: str = BOARD,
) -> Hand:
    """A hand with known cards: by default seat i holds ``HOLE[i]`` on ``BOARD``."""
    n = len(stacks)
    return Hand(
        rules,
        list(stacks),
        button=button,
        hole_cards=list(hole) if hole is not None else HOLE[:n],
        board=parse_cards(board),
    )


def play(h: Hand, *moves: Any) -> None:
    """Play moves: 'c' = check_or_call, 'f' = fold, an int = bet_or_raise_to."""
    for m in moves:
        act(h, {"c": "call", "f": "fold"}.get(m, "bet"), m)


def act(h: Hand, kind: str, amount: int = 0) -> None:
    """One action by name: "fold", "call" (check or call), else a bet or raise to ``amount``."""
    if kind == "fold":
        h.fold()
    elif kind == "call":
        h.check_or_call()
    else:
        h.bet_or_raise_to(amount)


def check_down(h: Hand) -> None:
    """Check or call until the hand is over."""
    while not h.is_over:
        h.check_or_call()


# ---------------------------------------------------------------------------
# reading a hand


def legal(h: Hand) -> Tuple[Any, Any, Any]:
    """(call_amount, min_raise_to, max_raise_to) for the actor."""
    la = h.legal_actions()
    assert la is not None, "nobody is to act"
    return (la.call_amount, la.min_raise_to, la.max_raise_to)


def expect(h: Hand, **want: Any) -> None:
    """Asserts several facts about a hand at once, each keyword a Hand
    attribute (``actor``, ``street``, ``pot``, ``stacks``, ``bets``,
    ``contributions``) or ``legal=`` / ``flags=`` as :func:`legal` and
    :func:`flags` give them."""
    read = {"legal": legal, "flags": flags}
    got = {k: read[k](h) if k in read else getattr(h, k) for k in want}
    assert got == want


def flags(h: Hand) -> Tuple[bool, bool]:
    """(can_fold, can_check) for the actor."""
    la = h.legal_actions()
    return (la.can_fold, la.can_check)


def hist(h: Hand) -> List[Tuple[Any, Any, Any]]:
    """The action history as (seat, kind, amount)."""
    return [(a.seat, a.kind, a.amount) for a in h.history]


def pots(h: Hand) -> List[Tuple[int, Tuple[int, ...]]]:
    """The pots as (amount, eligible seats)."""
    return [(p.amount, tuple(p.eligible)) for p in h.pots]


def winners(h: Hand) -> List[Tuple[int, ...]]:
    return [tuple(p.winners) for p in h.pots]


def pot_sets(h: Hand) -> List[Tuple[int, frozenset, frozenset]]:
    """The pots as (amount, eligible, winners), seats as sets."""
    return [(p.amount, frozenset(p.eligible), frozenset(p.winners)) for p in h.pots]


def state(h: Hand) -> Dict[str, Any]:
    """Everything observable about a hand (the cards included)."""
    la = h.legal_actions() if h.actor is not None else None
    return {
        "actor": h.actor,
        "street": h.street,
        "stacks": list(h.stacks),
        "bets": list(h.bets),
        "contributions": list(h.contributions),
        "pot": h.pot,
        "pots": [(p.amount, tuple(p.eligible), tuple(p.winners)) for p in h.pots],
        "board": [str(c) for c in h.board],
        "holes": [[str(c) for c in h.hole_cards(s)] for s in range(h.num_players)],
        "folded": list(h.folded),
        "all_in": list(h.all_in),
        "is_over": h.is_over,
        "payoffs": None if h.payoffs is None else list(h.payoffs),
        "history": hist(h),
        "legal": None
        if la is None
        else (la.can_fold, la.can_check, la.call_amount, la.min_raise_to, la.max_raise_to),
    }


def assert_illegal(
    h: Hand, action: Any, *args: Any, mentions: Sequence[str] = (), what: str = ""
) -> None:
    """``action(*args)`` raises IllegalActionError naming each of
    ``mentions``, and changes nothing (``what`` names it in a failure)."""
    before = state(h)
    try:
        action(*args)
    except IllegalActionError as e:
        msg = str(e)
    else:
        raise AssertionError(f"{what or 'the action'} was accepted; state before: {before}")
    for m in mentions:
        assert m in msg, f"{m!r} not in error message {msg!r}"
    assert state(h) == before, f"the refused {what or 'action'} changed the state"
