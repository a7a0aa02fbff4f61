"""Small helpers shared by the betting scenario tests (tests/test_game_*.py)."""

from __future__ import annotations

from typing import Any, Tuple

from holecards import Hand, Rules


def legal(h: Hand) -> Tuple[Any, Any, Any]:
    """(call_amount, min_raise_to, max_raise_to) for the actor."""
    la = h.legal_actions()
    assert la is not None, "nobody is to act"
    return (la.call_amount, la.min_raise_to, la.max_raise_to)


def play(h: Hand, *moves: Any) -> None:
    """Play moves: 'c' = check_or_call, 'f' = fold, an int = bet_or_raise_to."""
    for m in moves:
        if m == "c":
            h.check_or_call()
        elif m == "f":
            h.fold()
        else:
            h.bet_or_raise_to(m)


def check_down(h: Hand) -> None:
    """Check or call until the hand is over."""
    while not h.is_over:
        h.check_or_call()


def NL(sb: int = 1, bb: int = 2, **kw: Any) -> Rules:
    return Rules.no_limit(small_blind=sb, big_blind=bb, **kw)


def PL(sb: int = 1, bb: int = 2, **kw: Any) -> Rules:
    return Rules.pot_limit(small_blind=sb, big_blind=bb, **kw)


def FL(sb: int = 1, bb: int = 2, **kw: Any) -> Rules:
    return Rules.fixed_limit(small_blind=sb, big_blind=bb, **kw)
