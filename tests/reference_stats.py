"""Slow, plain tracker statistics from PHH action text (the definitions of
docs/stats.md, written out move by move), to check holecards.stats."""

from __future__ import annotations

from decimal import Decimal
from typing import Any, Dict, List, Optional

KEYS = [
    "hands",
    "vpip_hands",
    "pfr_hands",
    "three_bet_chances",
    "three_bets",
    "fold_to_three_bet_chances",
    "folds_to_three_bet",
    "cbet_chances",
    "cbets",
    "fold_to_cbet_chances",
    "folds_to_cbet",
    "postflop_aggressive",
    "postflop_calls",
    "saw_flop",
    "went_to_showdown",
    "showdowns_with_result",
    "won_at_showdown",
]


def hand_stats(h: Any, awarded: Optional[List[bool]]) -> List[Dict[str, Any]]:
    """Each PHH player's counts in one hold'em or Omaha history; ``awarded``
    says who won chips at the end (``None``: not known)."""
    n = len(h.starting_stacks)
    c: List[Dict[str, Any]] = [dict.fromkeys(KEYS, 0) for _ in range(n)]
    for x in c:
        x["hands"] = 1
    blinds = [Decimal(str(b)) for b in h.blinds_or_straddles]
    bet = [Decimal(0)] * n
    if n == 2:
        bet[1], bet[0] = blinds[0], blinds[1]  # the button (p2) posts the small blind
    else:
        bet = list(blinds)
    high = max(bet)
    # what each player has before the flop, less its ante (a dead small
    # blind is in its antes entry): raising needs more than the high bet
    behind = [Decimal(str(s)) - Decimal(str(a)) for s, a in zip(h.starting_stacks, h.antes)]
    street = 0  # 0 preflop, 1 flop, 2 turn, 3 river
    folded = [False] * n
    preflop_raisers: List[int] = []
    faced_one_raise = [False] * n
    faced_three_bet = [False] * n
    flop_bettor = None
    flop_bet_is_cbet = False
    flop_raised = False
    acted_on_flop = [False] * n
    faced_cbet = [False] * n
    for a in h.actions:
        parts = a.split()
        if not parts or parts[0].startswith("#"):
            continue
        if parts[0] == "d":
            if parts[1] == "db":
                street += 1
                bet = [Decimal(0)] * n
                high = Decimal(0)
                if street == 1:
                    for p in range(n):
                        if not folded[p]:
                            c[p]["saw_flop"] = 1
            continue
        p = int(parts[0][1:]) - 1
        move = parts[1]
        if move == "sm":
            continue
        can_raise = behind[p] > high
        if move == "cbr":
            kind = "raise" if high > 0 else "bet"
            bet[p] = high = Decimal(parts[2])
        elif move == "cc":
            kind = "call" if bet[p] < high else "check"
            bet[p] = high
        else:
            kind = "fold"
            folded[p] = True
        aggressive = kind in ("bet", "raise")
        if street == 0:
            if kind in ("call", "bet", "raise"):
                c[p]["vpip_hands"] = 1
            if aggressive:
                c[p]["pfr_hands"] = 1
            if len(preflop_raisers) == 1 and preflop_raisers[0] != p and not faced_one_raise[p]:
                faced_one_raise[p] = True
                if can_raise:
                    c[p]["three_bet_chances"] = 1
                    c[p]["three_bets"] = int(aggressive)
            if len(preflop_raisers) == 2 and preflop_raisers[0] == p and not faced_three_bet[p]:
                faced_three_bet[p] = True
                c[p]["fold_to_three_bet_chances"] = 1
                c[p]["folds_to_three_bet"] = int(kind == "fold")
            if aggressive:
                preflop_raisers.append(p)
        else:
            if aggressive:
                c[p]["postflop_aggressive"] += 1
            elif kind == "call":
                c[p]["postflop_calls"] += 1
            if street == 1:
                last = preflop_raisers[-1] if preflop_raisers else None
                if not acted_on_flop[p] and flop_bettor is None and last == p:
                    c[p]["cbet_chances"] = 1
                    c[p]["cbets"] = int(aggressive)
                if flop_bet_is_cbet and not flop_raised and flop_bettor != p and not faced_cbet[p]:
                    faced_cbet[p] = True
                    c[p]["fold_to_cbet_chances"] = 1
                    c[p]["folds_to_cbet"] = int(kind == "fold")
                if aggressive:
                    if flop_bettor is None:
                        flop_bettor = p
                        flop_bet_is_cbet = last == p and not acted_on_flop[p]
                    else:
                        flop_raised = True
                acted_on_flop[p] = True
    if sum(not f for f in folded) >= 2:
        for p in range(n):
            if not folded[p]:
                c[p]["went_to_showdown"] = 1
                if awarded is not None:
                    c[p]["showdowns_with_result"] = 1
                    c[p]["won_at_showdown"] = int(awarded[p])
    return c


def _result_unknown(actions: List[str], n: int) -> bool:
    """Whether a card that decides the showdown is not given: a hand still
    in at the end dealt unknown and never shown, or a board short of five
    (no showdown: nothing decided by cards)."""
    folded = [False] * n
    unknown = [False] * n
    board = 0
    for a in actions:
        parts = a.split()
        if len(parts) >= 3 and parts[:2] == ["d", "dh"]:
            unknown[int(parts[2][1:]) - 1] = "?" in parts[3]
        elif len(parts) >= 3 and parts[:2] == ["d", "db"]:
            board += len(parts[2]) // 2
        elif len(parts) >= 2 and parts[0].startswith("p"):
            p = int(parts[0][1:]) - 1
            if parts[1] == "f":
                folded[p] = True
            elif parts[1] == "sm" and len(parts) >= 3 and "?" not in parts[2]:
                unknown[p] = False
    live = [p for p in range(n) if not folded[p]]
    return len(live) >= 2 and (board < 5 or any(unknown[p] for p in live))


def corpus_stats(histories: List[Any]) -> Dict[str, Dict[str, Any]]:
    """Counts by player name over ``histories`` (each replayed for its
    awards)."""
    out: Dict[str, Dict[str, Any]] = {}
    for h in histories:
        hand = h.replay()
        n = len(h.starting_stacks)
        b = hand.button
        got = [0] * n  # what the replay awarded each PHH player
        for e in hand.events:
            if e.kind.name == "AWARD":
                got[(e.seat + n - b - 1) % n] += e.amount
        awarded: Optional[List[bool]] = [g > 0 for g in got]
        winnings = getattr(h, "winnings", None)
        finishing = getattr(h, "finishing_stacks", None)
        unknown = _result_unknown(h.actions, n)
        if winnings is not None and len(winnings) == n:
            awarded = [Decimal(str(w)) > 0 for w in winnings]
        elif unknown and finishing is not None and len(finishing) == n:
            # the replay's awards follow cards it made up; the bets do not:
            # what each put in, then what the recorded stacks say it won
            final = hand.final_stacks
            put_in = [
                Decimal(str(h.starting_stacks[p])) - (final[(p + b + 1) % n] - got[p])
                for p in range(n)
            ]
            awarded = [
                Decimal(str(finishing[p])) - Decimal(str(h.starting_stacks[p])) + put_in[p] > 0
                for p in range(n)
            ]
        elif unknown:
            awarded = None
        names = list(h.players) if h.players else [f"p{i + 1}" for i in range(n)]
        for name, counts in zip(names, hand_stats(h, awarded)):
            acc = out.setdefault(name, dict.fromkeys(KEYS, 0))
            for k in KEYS:
                acc[k] += counts[k]
    return out
