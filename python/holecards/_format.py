"""Printing: a hand's log read from its events, and the rules in words.
Used by the command line; works on a ``Hand`` or a ``SeatView``."""

from __future__ import annotations

from typing import Any, List, Sequence, Union

from ._core import (
    Card,
    Event,
    Game,
    Hand,
    Rules,
    SeatView,
    evaluate,
    evaluate_ace_to_five,
    evaluate_badugi,
    evaluate_deuce_to_seven,
    evaluate_low8,
    evaluate_omaha,
    evaluate_omaha_low8,
    evaluate_short_deck,
)
from .enums import EventKind, Structure

__all__ = ["cards", "seats", "signed", "describe_rules", "hand_log"]

_POSTS = {
    EventKind.POST_ANTE: "ante",
    EventKind.POST_SMALL_BLIND: "small blind",
    EventKind.POST_BIG_BLIND: "big blind",
    EventKind.POST_STRADDLE: "straddle",
}


def cards(cs: Sequence[Card]) -> str:
    return " ".join(str(c) for c in cs)


def seats(numbers: Sequence[int]) -> str:
    """``seat 2``, ``seats 2 and 4``, ``seats 1, 2 and 4``."""
    if len(numbers) == 1:
        return f"seat {numbers[0]}"
    names = [str(s) for s in numbers]
    return "seats " + ", ".join(names[:-1]) + " and " + names[-1]


def signed(amount: int) -> str:
    return f"{amount:+d}" if amount else "0"


def _named(rank: Any) -> str:
    return f"{rank.name}  (best five {cards(rank.best_five)})"


def _low8(low: Any) -> str:
    return f"; low: {low.name} ({cards(low.best_five)})" if low else "; no low"


def shown_hand(game: Game, hole: Sequence[Card], board: Sequence[Card]) -> str:
    """What a hand shown at showdown holds, by the game's own ranking: the
    high hand and its best five; in hi/lo games the eight-or-better low (or
    none); the low in razz and deuce-to-seven, the badugi in badugi."""
    code = game.code
    if code.startswith("omaha"):
        text = _named(evaluate_omaha(hole, board))
        return text + _low8(evaluate_omaha_low8(hole, board)) if game.hi_lo else text
    if code == "razz":
        return _named(evaluate_ace_to_five(hole))
    if code.startswith("2-7"):
        return _named(evaluate_deuce_to_seven(hole))
    if code == "badugi":
        return evaluate_badugi(hole).name
    everything = list(hole) + list(board)
    if code.startswith("short-deck"):
        trips = code == "short-deck-trips"
        return _named(evaluate_short_deck(everything, trips_beat_straight=trips))
    text = _named(evaluate(everything))
    return text + _low8(evaluate_low8(everything)) if game.hi_lo else text


def describe_rules(rules: Rules) -> str:
    structure = rules.structure
    if structure == Structure.PROGRESSIVE:
        return f"progressive hold'em, ante {rules.ante}, bets {'/'.join(str(b) for b in rules.bets or [])}"
    name = structure.name.lower().replace("_", "-")
    text = f"{name} hold'em, blinds {rules.small_blind}/{rules.big_blind}"
    if structure == Structure.FIXED_LIMIT:
        text += f", bets {rules.small_bet}/{rules.big_bet}"
        text += ", no raise cap" if rules.raise_cap is None else f", raise cap {rules.raise_cap}"
    if rules.ante:
        text += f", ante {rules.ante}"
    if rules.big_blind_ante:
        text += f", big blind ante {rules.big_blind_ante}"
    return text


def _action_line(e: Event) -> str:
    seat = f"seat {e.seat}"
    if e.kind in _POSTS:
        text = f"{seat} posts {_POSTS[EventKind(e.kind)]} {e.amount}"
    elif e.kind == EventKind.FOLD:
        text = f"{seat} folds"
    elif e.kind == EventKind.CHECK:
        text = f"{seat} checks"
    elif e.kind == EventKind.CALL:
        text = f"{seat} calls {e.amount}"
    elif e.kind == EventKind.BET:
        text = f"{seat} bets {e.amount}"
    else:
        text = f"{seat} raises to {e.amount}"
    return text + (" and is all-in" if e.all_in else "")


def hand_log(hand: Union[Hand, SeatView]) -> List[str]:
    """The hand move by move, from its events: seats, posts and actions,
    streets with the pot, returns, showdown, pots and payoffs."""
    lines: List[str] = []
    events = hand.events
    roles = {s: ["button"] if s == hand.button else [] for s in range(hand.num_players)}
    for e in events:
        if e.seat is not None and e.kind in (
            EventKind.POST_SMALL_BLIND,
            EventKind.POST_BIG_BLIND,
            EventKind.POST_STRADDLE,
        ):
            roles[e.seat].append(_POSTS[EventKind(e.kind)])
    dealt = {e.seat: e.cards for e in events if e.kind == EventKind.DEAL_HOLE}
    lines.append(f"Seats ({hand.num_players} players):")
    for s in range(hand.num_players):
        hole = dealt.get(s)
        unseen = " ".join(["??"] * hand.rules.game.hole_cards)
        line = f"  seat {s}  stack {hand.starting_stacks[s]}  [{cards(hole) if hole else unseen}]"
        lines.append(f"{line}  {', '.join(roles[s])}" if roles[s] else line)
    lines += ["", "*** PREFLOP ***"]
    pot, street_bets = 0, [0] * hand.num_players
    board: List[Card] = []
    for e in events:
        if e.kind <= EventKind.RAISE and e.seat is not None:
            lines.append(_action_line(e))
            if e.kind in (EventKind.BET, EventKind.RAISE):
                pot += e.amount - street_bets[e.seat]
                street_bets[e.seat] = e.amount
            elif e.kind != EventKind.POST_ANTE:
                pot += e.amount
                street_bets[e.seat] += e.amount
            else:
                pot += e.amount
        elif e.kind == EventKind.RETURN_UNCALLED:
            pot -= e.amount
            lines.append(f"uncalled {e.amount} returned to seat {e.seat}")
        elif e.kind == EventKind.DEAL_BOARD:
            before = cards(board)
            board += e.cards or []
            shown = f"[{cards(board)}]" if not before else f"[{before}] [{cards(e.cards or [])}]"
            lines.append(f"*** {e.street.name} *** {shown}  pot {pot}")
            street_bets = [0] * hand.num_players
    shows = [e for e in events if e.kind == EventKind.SHOW]
    if shows:
        lines.append(f"*** SHOWDOWN *** [{cards(board)}]")
        game = hand.rules.game
        for e in shows:
            hole = list(e.cards or [])
            lines.append(f"seat {e.seat} shows [{cards(hole)}]: {shown_hand(game, hole, board)}")
    if hand.is_over:
        lines += ["", "*** POTS ***"]
        pots = hand.pots
        for index, p in enumerate(pots):
            label = "pot" if len(pots) == 1 else ("main pot" if index == 0 else f"side pot {index}")
            winners, eligible = list(p.winners), list(p.eligible)
            if len(eligible) == 1:
                result = f"won by seat {winners[0]} uncontested" if winners else "returned"
            elif len(winners) == 1:
                result = f"won by seat {winners[0]}"
            else:
                result = f"split between {seats(winners)}"
            lines.append(f"{label} {p.amount} ({seats(eligible)} eligible): {result}")
        payoffs = hand.payoffs or []
        lines += ["", "*** PAYOFFS ***"]
        for s in range(hand.num_players):
            lines.append(f"  seat {s}: {signed(payoffs[s])}  (stack {hand.stacks[s]})")
        lines.append(f"  total: {signed(sum(payoffs))}")
    return lines
