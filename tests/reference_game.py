"""A slow, obviously-correct reference payout: the tests' oracle for who is
paid what at the end of a hand.

Plain Python. The payout uses only public data of a finished hand (starting
stacks, contributions, who folded, the cards, the board, the button and the
size of a big-blind ante) and ``reference_eval`` for the hands; nothing from
the engine's own pots or evaluator. The rules (RULES.md, "All-in and side
pots" and "Showdown and payouts"; docs/game.md, rule choices 2, 3 and 12):

* Pots by contribution level of the players still in: the main pot holds
  what every player still in matched, each side pot the excess between
  consecutive levels, and only players who put in that level can win it.
  Chips of folded players stay in the pots they fed (chips above the top
  level, which cannot happen once uncalled chips are returned, would go to
  the last pot).
* A big-blind ante is dead money: it does not count toward the big blind's
  level, it goes into the main pot, and every player still in can win it. It
  is a pot of its own when a player still in put nothing else in (a big
  blind all-in for the ante alone can win the dead money and nothing more).
  The big blind posts the ante before its blind, so the dead money is the
  ante or the big blind's whole stack, whichever is less. Uniform antes are
  live money like any other chip.
* If all but one fold, that player wins every pot. Otherwise each pot goes to
  the best hand among its eligible players; ties split it equally, the odd
  chips one at a time to the tied winners in seat order from the button's
  left.

``stacks_from_events`` rebuilds the final stacks another way: from the
starting stacks and the hand's event log alone (what each event moves).
"""

from __future__ import annotations

from typing import Any, Dict, Iterable, List, Optional, Sequence, Tuple

import reference_eval as ref

Pot = Tuple[int, List[int]]  # (amount, seats that can win it)


# ---------------------------------------------------------------------------
# pieces


def card(c: Any) -> ref.Card:
    """A ``(rank, suit)`` pair from a card's text (``"As"``) or a ``holecards.Card``."""
    text = str(c)
    return (ref.RANK_CHARS.index(text[0]), ref.SUIT_CHARS.index(text[1]))


def cards_of(cs: Any) -> List[ref.Card]:
    """``(rank, suit)`` pairs of cards given as text (``"AsKd"``, ``"As Kd"``) or as a sequence."""
    if isinstance(cs, str):
        text = cs.replace(" ", "")
        return [card(text[i : i + 2]) for i in range(0, len(text), 2)]
    return [card(c) for c in cs]


def big_blind_seat(n: int, button: int) -> int:
    """The big blind: left of the button heads-up, else two seats left of it."""
    return (button + (1 if n == 2 else 2)) % n


def left_of_button(seats: Iterable[int], button: int, n: int) -> List[int]:
    """``seats`` in seat order starting left of the button."""
    return sorted(seats, key=lambda s: (s - button - 1) % n)


def side_pots(
    contributions: Sequence[int],
    live: Sequence[int],
    dead: int = 0,
    dead_seat: Optional[int] = None,
) -> List[Pot]:
    """The pots by contribution level of the ``live`` seats (those still in).

    ``dead`` chips of ``dead_seat`` (a big-blind ante) are taken out of that
    seat's level and put into the main pot, open to every live seat.
    """
    counted = list(contributions)
    if dead:
        assert dead_seat is not None
        counted[dead_seat] -= dead
    levels = sorted({counted[s] for s in live if counted[s] > 0})
    pots: List[Pot] = []
    prev = 0
    for level in levels:
        amount = sum(min(c, level) - min(c, prev) for c in counted)
        pots.append((amount, [s for s in live if counted[s] >= level]))
        prev = level
    above = sum(c - min(c, prev) for c in counted)
    if pots:
        pots[-1] = (pots[-1][0] + above, pots[-1][1])
    if dead:
        if pots and all(counted[s] > 0 for s in live):
            pots[0] = (pots[0][0] + dead, pots[0][1])
        else:
            pots.insert(0, (dead, list(live)))
    return pots


def best_seats(eligible: Iterable[int], values: Dict[int, ref.Key]) -> List[int]:
    """The seats among ``eligible`` holding the best hand."""
    eligible = list(eligible)
    top = max(values[s] for s in eligible)
    return [s for s in eligible if values[s] == top]


def split(pots: Iterable[Tuple[int, Iterable[int]]], button: int, n: int) -> List[int]:
    """Chips each seat receives when each ``(amount, winners)`` pot is split
    equally among its winners, the odd chips one at a time from the button's
    left."""
    won = [0] * n
    for amount, winners in pots:
        order = left_of_button(winners, button, n)
        share, odd = divmod(amount, len(order))
        for i, s in enumerate(order):
            won[s] += share + (1 if i < odd else 0)
    return won


# ---------------------------------------------------------------------------
# the payout


def high_key(game: str, hole: List[ref.Card], board: List[ref.Card]) -> ref.Key:
    """The high hand of ``hole`` on ``board`` in ``game`` (a game code)."""
    if game.startswith("omaha"):
        return ref.omaha_high(hole, board)
    if game.startswith("short-deck"):
        return ref.short_deck_best(hole + board, trips_beat_straight=game == "short-deck-trips")
    return ref.evaluate(hole + board)


def final_stacks(
    starting: Sequence[int],
    contributions: Sequence[int],
    folded: Sequence[bool],
    hole_cards: Sequence[Sequence[Any]],
    board: Sequence[Any],
    button: int,
    big_blind_ante: int = 0,
    game: str = "holdem",
    dead_seat: Optional[int] = None,
) -> List[int]:
    """Final stacks of a finished hand, from RULES.md alone (module docstring).

    ``contributions`` are what each seat put in, after uncalled chips came
    back; ``hole_cards[s]`` and ``board`` are card text or cards (the hole
    cards of folded seats, and the board when one player is left, are not
    looked at). ``game`` is a game code: Omaha plays exactly two hole cards
    and three of the board; in a hi/lo game ("-hi-lo") each pot with a
    qualifying eight-or-better low is split, the low half rounded down and
    the odd chip to the high (WSOP tournament rule 73), each half shared
    like a pot. ``dead_seat`` is the big blind's seat (for a big-blind
    ante) when it is not the usual one.
    """
    n = len(starting)
    live = [s for s in range(n) if not folded[s]]
    assert live, "everybody folded"
    if dead_seat is None:
        dead_seat = big_blind_seat(n, button)
    dead = min(big_blind_ante, starting[dead_seat]) if big_blind_ante else 0
    pots = side_pots(contributions, live, dead, dead_seat)
    if len(live) == 1:
        paid = [(amount, live) for amount, _ in pots]
    else:
        shared = cards_of(board)
        assert len(shared) == 5, "a showdown needs the whole board"
        values = {s: high_key(game, cards_of(hole_cards[s]), shared) for s in live}
        paid = []
        for amount, eligible in pots:
            lows = {}
            if game.endswith("hi-lo"):
                for s in eligible:
                    low = ref.omaha_low8(cards_of(hole_cards[s]), shared)
                    if low is not None:
                        lows[s] = low
            if not lows:
                paid.append((amount, best_seats(eligible, values)))
                continue
            best_low = min(lows.values())
            paid.append((amount - amount // 2, best_seats(eligible, values)))
            paid.append((amount // 2, [s for s in eligible if lows.get(s) == best_low]))
    won = split(paid, button, n)
    return [starting[s] - contributions[s] + won[s] for s in range(n)]


def reference_stacks(hand: Any) -> List[int]:
    """:func:`final_stacks` of a finished ``holecards.Hand``, from its public data."""
    assert hand.is_over
    n = hand.num_players
    return final_stacks(
        list(hand.starting_stacks),
        list(hand.contributions),
        list(hand.folded),
        [list(hand.hole_cards(s)) for s in range(n)],
        list(hand.board),
        hand.button,
        hand.rules.big_blind_ante,
        hand.rules.game.code,
        # a button blind: the big blind (and any big-blind ante) is the button's
        hand.button if hand.rules.button_blind else None,
    )


def reference_payoffs(hand: Any) -> List[int]:
    """Each seat's net result, from :func:`reference_stacks`."""
    return [f - s for f, s in zip(reference_stacks(hand), hand.starting_stacks)]


# ---------------------------------------------------------------------------
# the event log


def stacks_from_events(hand: Any) -> List[int]:
    """Stacks rebuilt from ``hand.starting_stacks`` and ``hand.events`` alone.

    What each event moves: a post (ante, blinds, straddle) takes the chips
    posted; a CALL the chips added; a BET or RAISE is to a street total, so
    it takes that total less what the seat already had in on this street
    (blinds and straddles count toward the street's bet, antes do not);
    RETURN_UNCALLED gives chips back, AWARD gives a pot's chips. Dealing,
    checks, folds, shows and mucks move nothing. For a running hand the
    result is the current stacks (nothing awarded yet).
    """
    from holecards import EventKind as K

    stacks = list(hand.starting_stacks)
    street: Any = None
    in_street: Dict[int, int] = {}  # chips each seat has in on this street
    for e in hand.events:
        if e.street != street:
            street, in_street = e.street, {}
        kind, seat, amount = e.kind, e.seat, e.amount
        if kind == K.POST_ANTE:
            stacks[seat] -= amount
        elif kind in (K.POST_SMALL_BLIND, K.POST_BIG_BLIND, K.POST_STRADDLE, K.CALL):
            stacks[seat] -= amount
            in_street[seat] = in_street.get(seat, 0) + amount
        elif kind in (K.BET, K.RAISE):
            stacks[seat] -= amount - in_street.get(seat, 0)
            in_street[seat] = amount
        elif kind == K.RETURN_UNCALLED:
            stacks[seat] += amount
            in_street[seat] = in_street.get(seat, 0) - amount
        elif kind == K.AWARD:
            stacks[seat] += amount
        else:
            assert kind in (K.DEAL_HOLE, K.BURN, K.DEAL_BOARD, K.FOLD, K.CHECK, K.SHOW, K.MUCK), (
                kind
            )
    return stacks
