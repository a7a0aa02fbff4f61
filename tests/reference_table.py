"""Slow, obvious references for tables: who has the button and the blinds
(docs/tables.md, written from the rule text, not from the engine), and ICM
by listing every finishing order."""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from fractions import Fraction
from typing import Optional, Sequence


@dataclass(frozen=True)
class Expected:
    button: int
    small_blind: int
    big_blind: int
    button_dead: bool
    small_blind_dead: bool
    dealt: tuple[int, ...]
    posting: tuple[int, ...]


def clockwise(start: int, n: int) -> list[int]:
    """The seats after ``start`` going clockwise, ending with ``start``."""
    return [(start + i) % n for i in range(1, n + 1)]


def strictly_between(a: int, b: int, x: int, n: int) -> bool:
    """True when going clockwise from ``a`` one meets ``x`` before ``b``."""
    seen = []
    for s in clockwise(a, n):
        if s == b:
            break
        seen.append(s)
    return x in seen and x != a


def expected(
    rule: str,
    statuses: Sequence[Optional[str]],
    last: Optional[Expected],
    first_button: Optional[int],
    straddles: bool = False,
) -> Expected:
    """The next hand's positions. ``statuses[seat]`` is None for an empty
    seat, else the player's status: playing, sitting_out, waiting, posting."""
    n = len(statuses)
    seated = [s for s in range(n) if statuses[s] is not None]
    if rule == "dead":
        joining = [s for s in seated if statuses[s] in ("waiting", "posting")]
        if last is None:
            button = first_button if first_button in seated else next(s for s in clockwise(first_button if first_button is not None else n - 1, n) if s in seated)
            if len(seated) == 2:
                other = next(s for s in clockwise(button, n) if s in seated)
                pos = (button, button, other, False, False)
            else:
                sb = next(s for s in clockwise(button, n) if s in seated)
                bb = next(s for s in clockwise(sb, n) if s in seated)
                pos = (button, sb, bb, False, False)
        else:
            # The big blind moves forward one seat, to the next player.
            bb = next(s for s in clockwise(last.big_blind, n) if s in seated)
            if len(seated) == 2:
                other = next(s for s in seated if s != bb)
                pos = (other, other, bb, False, False)
            else:
                sb = last.big_blind
                button = last.small_blind
                pos = (button, sb, bb, button not in seated, sb not in seated)
        button, sb = pos[0], pos[1]
        dealt = [s for s in seated if not (s in joining and sb != button and strictly_between(button, sb, s, n))]
        if len(dealt) < 2:
            # The game starts over: everyone in, the button at the next player.
            button = next(s for s in clockwise(last.button if last else n - 1, n) if s in seated)
            sb = button if len(seated) == 2 else next(s for s in clockwise(button, n) if s in seated)
            bb = next(s for s in clockwise(sb, n) if s in seated)
            return Expected(button, sb, bb, False, False, dealt=tuple(seated), posting=())
        if len(dealt) == 2 and len(seated) > 2:
            # The others wait: heads-up between the two dealt in.
            bb = pos[2]
            other = next(s for s in dealt if s != bb)
            pos = (other, other, bb, False, False)
        return Expected(*pos, dealt=tuple(dealt), posting=())
    # Moving button.
    playing = [s for s in seated if statuses[s] == "playing"]
    waiting = [s for s in seated if statuses[s] == "waiting" or (straddles and statuses[s] == "posting")]
    posting = [s for s in seated if statuses[s] == "posting" and not straddles]
    if len(playing) < 2:
        playing = sorted(playing + waiting + posting)
        waiting, posting = [], []
    if last is None:
        start = first_button if first_button is not None else n - 1
        button = start if start in playing and first_button is not None else next(s for s in clockwise(start, n) if s in playing)
    else:
        button = next(s for s in clockwise(last.button, n) if s in playing)
    sb = next(s for s in clockwise(button, n) if s in playing)
    bb = next(s for s in clockwise(sb, n) if s in playing or s in waiting or s in posting)
    if bb == button:
        other = sb
        if last is not None and last.big_blind == other:
            button, other = other, button
        return Expected(button, button, other, False, False, dealt=tuple(sorted(playing)), posting=())
    posts = [s for s in posting if s != bb and not strictly_between(button, sb, s, n)]
    dealt = sorted(set(playing) | {bb} | set(posts))
    return Expected(button, sb, bb, False, False, dealt=tuple(dealt), posting=tuple(sorted(posts)))


def icm(stacks: Sequence[int], payouts: Sequence[float]) -> list[Fraction]:
    """Malmuth-Harville by every finishing order: the chance of an order is
    the product, place by place, of each player's share of the chips left."""
    n = len(stacks)
    total = sum(stacks)
    out = [Fraction(0)] * n
    for order in itertools.permutations(range(n)):
        p = Fraction(1)
        left = total
        for i in order:
            p *= Fraction(stacks[i], left)
            left -= stacks[i]
        for place, i in enumerate(order):
            if place < len(payouts):
                out[i] += p * Fraction(payouts[place])
    return out
