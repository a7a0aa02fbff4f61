"""Hypothesis strategies for random hands in every structure, shared by the
event, view and error tests."""

from __future__ import annotations

from typing import Any, Callable, List

from hypothesis import strategies as st

from holecards import Hand, Rules


def progressive_bets(draw: Any, most: int) -> List[int]:
    """The four bets of a progressive game: the first and each step 1 to ``most``."""
    first = draw(st.integers(1, most))
    steps = draw(st.lists(st.integers(1, most), min_size=3, max_size=3))
    bets = [first]
    for s in steps:
        bets.append(bets[-1] + s)
    return bets


@st.composite
def rules(draw: Any) -> Rules:
    """Rules of any structure, with antes, big-blind antes and straddles."""
    kind = draw(st.sampled_from(["nl", "pl", "fl", "prog"]))
    if kind == "prog":
        bets = progressive_bets(draw, 20)
        return Rules.progressive(ante=draw(st.integers(1, bets[0])), bets=bets)
    bb = draw(st.integers(1, 10))
    kw: dict = {"small_blind": draw(st.integers(0, bb)), "big_blind": bb}
    antes = draw(st.sampled_from(["none", "ante", "bba"]))
    if antes == "ante":
        kw["ante"] = draw(st.integers(1, bb))
    elif antes == "bba":
        kw["big_blind_ante"] = draw(st.integers(1, 2 * bb))
    if draw(st.booleans()):
        # twice the big blind: a legal no-limit and pot-limit straddle, and
        # the fixed-limit one (big blind + small bet, the small bet being the big blind)
        kw["straddles"] = (2 * bb,)
    if kind == "nl":
        return Rules.no_limit(**kw)
    if kind == "pl":
        return Rules.pot_limit(**kw)
    kw["raise_cap"] = draw(st.sampled_from([None, 0, 1, 4]))
    return Rules.fixed_limit(**kw)


@st.composite
def hands(draw: Any) -> Hand:
    """A freshly dealt hand (seeded) at a table of 2 to 9, short stacks likely."""
    r = draw(rules())
    n = draw(st.integers(max(2, len(r.straddles) + 2), 9))
    stacks = draw(
        st.lists(st.one_of(st.integers(1, 30), st.integers(30, 400)), min_size=n, max_size=n)
    )
    return Hand(r, stacks, button=draw(st.integers(0, n - 1)), seed=draw(st.integers(0, 2**64 - 1)))


def random_action(hand: Hand, draw: Callable[..., Any]) -> None:
    """One random legal action by the player to act."""
    la = hand.legal_actions()
    assert la is not None
    options = ["c"] + (["f"] if la.can_fold else []) + (["r"] if la.can_raise else [])
    pick = draw(st.sampled_from(options))
    if pick == "f":
        hand.fold()
    elif pick == "r":
        hand.bet_or_raise_to(draw(st.integers(la.min_raise_to, la.max_raise_to)))
    else:
        hand.check_or_call()


def card_strings(obj: Any) -> List[str]:
    """Every two-character card string anywhere in plain data."""
    out: List[str] = []
    if isinstance(obj, str):
        if len(obj) == 2 and obj[0] in "23456789TJQKA" and obj[1] in "cdhs":
            out.append(obj)
    elif isinstance(obj, dict):
        for k, v in obj.items():
            out += card_strings(k) + card_strings(v)
    elif isinstance(obj, (list, tuple)):
        for v in obj:
            out += card_strings(v)
    return out
