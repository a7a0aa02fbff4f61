"""``holecards demo``: play one complete example hand and print its log.

Play one hand of hold'em (blinds 50/100, stacks 10000) between seeded
demo bots and print the hand log: seats, actions, board, showdown, pots,
payoffs.
"""

from __future__ import annotations

import argparse
from typing import Any, List, TextIO

from .._core import Card, Hand, Rules, Tournament, evaluate
from .._format import describe_rules, hand_log
from ..bots import DemoBot, play_hand
from ..enums import EventKind
from ._common import CliError, add_players, add_seed, command

DEMO_SMALL_BLIND = 50
DEMO_BIG_BLIND = 100
DEMO_STACK = 10_000

STRUCTURES = ("no-limit", "pot-limit", "fixed-limit")


def _make_rules(structure: str) -> Rules:
    if structure == "no-limit":
        return Rules.no_limit(small_blind=DEMO_SMALL_BLIND, big_blind=DEMO_BIG_BLIND)
    if structure == "pot-limit":
        return Rules.pot_limit(small_blind=DEMO_SMALL_BLIND, big_blind=DEMO_BIG_BLIND)
    if structure == "fixed-limit":
        return Rules.fixed_limit(small_blind=DEMO_SMALL_BLIND, big_blind=DEMO_BIG_BLIND)
    raise CliError(f"unknown structure {structure!r}: choose from {', '.join(STRUCTURES)}")


# --------------------------------------------------------------------------
# demo


def run_demo(seed: int, players: int, structure: str, out: TextIO) -> None:
    """Play one hand between seeded demo bots and write its log to ``out``."""
    rules = _make_rules(structure)
    hand = Hand(rules, [DEMO_STACK] * players, button=0, seed=seed)
    bots = [DemoBot((seed * 1000 + seat) % 2**64) for seat in range(players)]
    play_hand(hand, bots)

    def say(line: str = "") -> None:
        print(line, file=out)

    say(f"holecards demo: one hand, seed {seed}")
    say(f"Rules: {describe_rules(rules)}")
    for line in hand_log(hand):
        say(line)

    say()
    say(
        "*** EQUITY *** (exact: each player's chance to win the pot if the cards were run out from here)"
    )
    for line in _equity_lines(hand):
        say(line)

    say()
    say("*** EVALUATOR ***")
    board_text = "Qs Js Ts 4d 4c"
    first = evaluate(f"As Ks {board_text}")
    second = evaluate(f"4h 4s {board_text}")
    say(f"As Ks + {board_text}: {first.name} (value {first.value})")
    say(f"4h 4s + {board_text}: {second.name} (value {second.value})")
    winner = "As Ks" if first > second else "4h 4s"
    say(f"{winner} wins: {max(first, second).name} beats {min(first, second).name.lower()}")

    say()
    say("*** BOT TOURNAMENT *** (six built-in bots, 1500 chips each, blinds up every 10 hands)")
    for line in _tournament_lines(seed):
        say(line)

    say()
    say("*** HAND HISTORIES *** (the bundled sample of real hands, replayed and checked)")
    for line in _sample_lines():
        say(line)


#: the most hands one equity call takes
MAX_EQUITY_PLAYERS = 10


def _equity_lines(hand: Hand) -> List[str]:
    """Each street's exact equity of the players still in (the demo sees
    every hole card; folded players' cards are dead)."""
    from .._equity import equity

    holes = {s: hand.hole_cards(s) for s in range(hand.num_players)}
    folded: set[int] = set()
    board: List[Card] = []
    lines: List[str] = []

    def snapshot(street: str) -> None:
        live = [s for s in range(hand.num_players) if s not in folded]
        if len(live) < 2:
            return
        if len(live) > MAX_EQUITY_PLAYERS:
            # (the equity call takes 2 to 10 hands: a street with more in
            # shows none)
            lines.append(f"{street:<8} {len(live)} players in: equity shown from 10 or fewer")
            return
        dead = [c for s in sorted(folded) for c in holes[s]]
        r = equity(
            ["".join(str(c) for c in holes[s]) for s in live],
            board="".join(str(c) for c in board),
            dead="".join(str(c) for c in dead),
        )
        lines.append(
            f"{street:<8} " + "  ".join(f"seat {s} {e:6.1%}" for s, e in zip(live, r.equities))
        )

    snapshot("preflop")
    for e in hand.events:
        if e.kind == EventKind.FOLD and e.seat is not None:
            folded.add(e.seat)
        elif e.kind == EventKind.DEAL_BOARD:
            board += e.cards or []
            snapshot(e.street.name.lower())
    return lines


def _tournament_lines(seed: int) -> List[str]:
    from ..sim import BuiltinBot
    from ..sim._simulate import _DEFAULT_LEVELS as DEFAULT_LEVELS

    names = [
        "tight_aggressive",
        "random",
        "calling_station",
        "tight_aggressive",
        "random",
        "calling_station",
    ]
    levels = [*DEFAULT_LEVELS, (1000, 2000)]
    t = Tournament(levels, [1500] * 6, [650, 350], hands_per_level=10, seed=seed)
    bots = [BuiltinBot(n, seed=(seed * 10 + i) % 2**64) for i, n in enumerate(names)]
    while not t.is_over:
        t.play(bots)
    lines = [
        f"{t.hands_dealt} hands, finished at level {t.level + 1}; payouts {t.payouts}",
        "  place  seat  bot               prize  busted in hand",
    ]
    for r in sorted(t.results, key=lambda r: (r.place, r.seat)):
        lines.append(
            f"  {r.place:>5}  {r.seat:>4}  {names[r.seat]:<16}  {r.prize:>5}  {'' if r.hand is None else r.hand + 1}"
        )
    return lines


def _sample_lines() -> List[str]:
    from pathlib import Path

    from .. import phh

    path = Path(__file__).resolve().parent.parent / "data" / "sample.phhs"
    histories = phh.load(path)
    replayed = phh.replay_all(histories)
    matched = sum(
        1
        for h, r in zip(histories, replayed)
        if isinstance(r, Hand)
        and h.finishing_stacks is not None
        and [int(x) for x in h.finishing_stacks] == r.stacks
    )
    failed = sum(1 for r in replayed if not isinstance(r, Hand))
    biggest = max((r for r in replayed if isinstance(r, Hand)), key=lambda r: r.pot, default=None)
    lines = [
        f"{len(histories)} hands (Pluribus, {path.name}): {matched} end with their recorded finishing stacks to the chip, {failed} failed"
    ]
    if biggest is not None:
        lines.append(
            f"the biggest pot: {biggest.pot} chips, board {' '.join(str(c) for c in biggest.board) or '(none)'}"
        )
    return lines


def add_parser(commands: Any) -> None:
    """The ``demo`` command's arguments."""
    demo = command(commands, __doc__)
    add_seed(demo, "seed for the deal and the policy (default 1)", default=1)
    add_players(demo)
    demo.add_argument(
        "--structure",
        choices=STRUCTURES,
        default="no-limit",
        help="betting structure (default no-limit)",
    )


def run(args: argparse.Namespace, out: TextIO) -> int:
    run_demo(args.seed, args.players, args.structure, out)
    return 0
