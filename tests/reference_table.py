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
    # Seats posting a dead small blind (back from missing the blinds).
    dead_small: tuple[int, ...] = ()


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
    owed: Optional[dict[int, tuple[bool, bool]]] = None,
) -> Expected:
    """The next hand's positions. ``statuses[seat]`` is None for an empty
    seat, else the player's status: playing, sitting_out, waiting, posting.
    ``owed[seat]``: what a player posting to come in owes, (a live big
    blind, a dead small blind); by default a live big blind."""
    n = len(statuses)
    seated = [s for s in range(n) if statuses[s] is not None]
    if rule == "dead":
        joining = [s for s in seated if statuses[s] in ("waiting", "posting")]
        if last is None:
            button = (
                first_button
                if first_button in seated
                else next(
                    s
                    for s in clockwise(first_button if first_button is not None else n - 1, n)
                    if s in seated
                )
            )
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
        dealt = [
            s
            for s in seated
            if not (s in joining and sb != button and strictly_between(button, sb, s, n))
        ]
        if (
            len(dealt) >= 2
            and len(dealt) < len(seated)
            and all(statuses[s] == "sitting_out" for s in dealt)
        ):
            # Everyone dealt in would be away: the joiners waiting a hand are
            # the only players at the table and come in now.
            dealt = list(seated)
        if len(dealt) < 2:
            # The game starts over: everyone in, the button at the next player.
            button = next(s for s in clockwise(last.button if last else n - 1, n) if s in seated)
            sb = (
                button if len(seated) == 2 else next(s for s in clockwise(button, n) if s in seated)
            )
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
    present = list(playing)
    waiting = [
        s for s in seated if statuses[s] == "waiting" or (straddles and statuses[s] == "posting")
    ]
    posting = [s for s in seated if statuses[s] == "posting" and not straddles]
    restart = len(playing) < 2
    if restart:
        playing = sorted(playing + waiting + posting)
        waiting, posting = [], []
    if last is None:
        start = first_button if first_button is not None else n - 1
        button = (
            start
            if start in playing and first_button is not None
            else next(s for s in clockwise(start, n) if s in playing)
        )
    else:
        button = next(s for s in clockwise(last.button, n) if s in playing)
    sb = next(s for s in clockwise(button, n) if s in playing)
    bb = next(s for s in clockwise(sb, n) if s in playing or s in waiting or s in posting)
    if bb == button:
        other = sb
        if last is not None and last.big_blind == other:
            button, other = other, button
        return Expected(
            button, button, other, False, False, dealt=tuple(sorted(playing)), posting=()
        )
    posts = [s for s in posting if s != bb and not strictly_between(button, sb, s, n)]
    owe = owed or {}
    live = {s for s in posts if owe.get(s, (True, False))[0]}
    dead = {s for s in posts if owe.get(s, (True, False))[1]}
    # Nobody skips the big blind (Robert's Rules, moving button): players
    # who were due it, between last hand's big blind and this one's, post
    # a big blind too; in the small blind's seat instead of the small blind.
    sb_dead = False
    if (
        last is not None
        and not restart
        and not straddles
        and last.small_blind != last.button
        and last.big_blind != bb
    ):
        due = {s for s in present if strictly_between(last.big_blind, bb, s, n)}
        live |= due
        sb_dead = sb in due
    dealt = sorted(set(playing) | {bb} | set(posts))
    return Expected(
        button,
        sb,
        bb,
        False,
        sb_dead,
        dealt=tuple(dealt),
        posting=tuple(sorted(live)),
        dead_small=tuple(sorted(dead)),
    )


def missed(last: Optional[Expected], now: Expected, seat: int, n: int) -> set[str]:
    """The blinds a player not dealt in misses in hand ``now`` (moving
    button): the big blind when it goes past the seat (strictly between last
    hand's big blind and this one's), the small blind likewise."""
    if last is None or seat in now.dealt:
        return set()
    out = set()
    if last.big_blind != now.big_blind and strictly_between(last.big_blind, now.big_blind, seat, n):
        out.add("big")
    if last.small_blind != now.small_blind and strictly_between(
        last.small_blind, now.small_blind, seat, n
    ):
        out.add("small")
    return out


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


class MissedBook:
    """The missed-blind bookkeeping of a moving-button table, from the rule
    (docs/tables.md): who has been dealt in here, and the blinds each has
    missed since last dealt in."""

    def __init__(self, rule: str = "dead") -> None:
        # "dead": what was missed is owed; "big_blind_only": one big blind.
        self.rule = rule
        self.played: set[int] = set()
        self.missed: dict[int, set[str]] = {}

    def new_player(self, seat: int) -> None:
        self.played.discard(seat)
        self.missed.pop(seat, None)

    def owed(self, n: int) -> dict[int, tuple[bool, bool]]:
        """What a player posting to come in owes: a new player a live big
        blind; one who has played here what he missed."""
        if self.rule == "big_blind_only":
            return {s: (True, False) for s in range(n)}
        return {
            s: (
                s not in self.played or "big" in self.missed.get(s, set()),
                s in self.played and "small" in self.missed.get(s, set()),
            )
            for s in range(n)
        }

    def after_hand(
        self, rule: str, last: Optional[Expected], now: Expected, statuses: Sequence[Optional[str]]
    ) -> None:
        for s in range(len(statuses)):
            if s in now.dealt:
                self.played.add(s)
                self.missed.pop(s, None)
            elif rule == "moving" and s in self.played and statuses[s] is not None:
                self.missed.setdefault(s, set()).update(missed(last, now, s, len(statuses)))

    def back_free(self, seat: int) -> bool:
        """Whether a player coming back owes nothing (and plays at once)."""
        return self.rule == "dead" and seat in self.played and not self.missed.get(seat)

    def name(self, seat: int) -> Optional[str]:
        m = self.missed.get(seat, set())
        return {0: None, 1: "big" if "big" in m else "small", 2: "both"}[len(m)]
