"""``holecards play``: play at the terminal against built-in bots (cash or tournament).

A game at the terminal: you are seat 0, the other seats are built-in bots
({bots}). Moves: f fold, k check, c call, r AMOUNT bet or raise to
AMOUNT, a all-in, q quit. The end of input ends the session.

Each hand shows the table (seats, stacks, bets, the button, the board, the
pot), then asks for your move with the legal actions and their amounts:
``c`` is a call or a check. Bad input gets a hint and the question again;
the end of input (Ctrl-D, or a script that runs out) ends the session
cleanly with its result.
"""

from __future__ import annotations

import argparse
import random
from typing import Any, List, Optional, TextIO

from .. import Game, Rules, Table, Tournament
from .._core import BuiltinBot
from ..bots import apply_move
from ..enums import EventKind, Street
from ..errors import HolecardsError
from ..sim import BOT_NAMES
from ..sim._simulate import _DEFAULT_LEVELS as DEFAULT_LEVELS
from ._common import add_int, add_seed, command

_DEFAULT_BOTS = [
    "tight_aggressive",
    "random",
    "calling_station",
    "tight_aggressive",
    "random",
    "tight_aggressive",
    "calling_station",
    "random",
    "tight_aggressive",
]


def add_parser(commands: Any) -> None:
    p = command(commands, __doc__, bots=", ".join(BOT_NAMES))
    add_int(p, "--players", 2, 10, "players at the table, you included (default 6)", default=6)
    p.add_argument(
        "--bots", default=None, metavar="BOT,BOT,...", help="the bots, seat 1 on (default: a mix)"
    )
    p.add_argument("--blinds", default="1/2", metavar="SB/BB", help="cash blinds (default 1/2)")
    add_int(
        p, "--stack", 1, 2**50, "starting stacks (default 100 big blinds; 1500 in a tournament)"
    )
    p.add_argument(
        "--tournament",
        action="store_true",
        help="a single-table tournament (blinds up every 10 hands) instead of cash",
    )
    add_int(p, "--hands", 1, 10**9, "stop after this many hands")
    p.add_argument(
        "--game",
        default="holdem",
        metavar="GAME",
        help="the game: "
        + ", ".join(Game.codes())
        + " (plo, plo5, plo6, plo8 too); the Omaha games are pot-limit, the others no-limit"
        + " (default holdem)",
    )
    add_seed(p, "seed for the cards and the bots (default: random)")


class _Input:
    """Lines from the terminal or a script; None at the end of input."""

    def __init__(self, out: TextIO) -> None:
        self.out = out

    def ask(self, prompt: str) -> Optional[str]:
        self.out.write(prompt)
        self.out.flush()
        try:
            return input()
        except EOFError:
            self.out.write("\n")
            return None


def _parse_move(text: str, la: Any, stack: int) -> tuple[Optional[tuple[str, int]], str]:
    """A move from the user's text, or None and a hint."""
    words = text.strip().lower().split()
    if not words:
        return None, "type a move: f, k, c, r AMOUNT, a (or q to quit)"
    w = words[0]
    if w in ("f", "fold"):
        if not la.can_fold:
            return None, "nothing to call: check (k) instead of folding"
        return ("fold", 0), ""
    if w in ("k", "check", "x"):
        if not la.can_check:
            return None, f"you cannot check: {la.call_amount} to call (c), fold (f) or raise (r)"
        return ("check", 0), ""
    if w in ("c", "call"):
        return ("call", 0), ""
    if w in ("a", "allin", "all-in", "shove"):
        if la.max_raise_to is not None:
            return ("raise", la.max_raise_to), ""
        return ("call", 0), ""
    if w in ("r", "b", "raise", "bet"):
        if la.min_raise_to is None:
            return None, "betting is closed: check or call (c), or fold (f)"
        if len(words) < 2:
            return (
                None,
                f"give the amount to raise to, from {la.min_raise_to} to {la.max_raise_to}: r {la.min_raise_to}",
            )
        try:
            amount = int(words[1])
        except ValueError:
            return None, f"{words[1]!r} is not a number of chips: r {la.min_raise_to}"
        if not la.min_raise_to <= amount <= la.max_raise_to:
            if la.min_raise_to == la.max_raise_to:
                return (
                    None,
                    f"the only raise is all-in, to {la.max_raise_to}: r {la.max_raise_to} or a",
                )
            return None, f"raise to between {la.min_raise_to} and {la.max_raise_to}"
        return ("raise", amount), ""
    return (
        None,
        f"{text.strip()!r} is not a move: f fold, k check, c call, r AMOUNT raise to, a all-in, q quit",
    )


def run(args: argparse.Namespace, out: TextIO, error: Any) -> int:
    from rich.console import Console
    from rich.table import Table as RichTable

    console = Console(file=out, highlight=False, soft_wrap=True, width=100)
    n = args.players
    names = args.bots.split(",") if args.bots else _DEFAULT_BOTS[: n - 1]
    names = [
        {"tag": "tight_aggressive", "station": "calling_station"}.get(x.strip(), x.strip())
        for x in names
    ]
    if len(names) != n - 1:
        raise error(f"--bots gives {len(names)} bots for {n - 1} seats (seat 0 is you)")
    for b in names:
        if b not in BOT_NAMES:
            raise error(
                f"no built-in bot is called {b!r}: the built-in bots are {', '.join(BOT_NAMES)}"
            )
    try:
        sb, bb = (int(x) for x in args.blinds.split("/"))
    except ValueError:
        raise error(f"--blinds must be two whole numbers like 1/2, not {args.blinds!r}") from None
    try:
        g = Game(args.game)
    except HolecardsError as e:
        raise error(f"--game: {e}") from None
    if n > g.max_players:
        raise error(f"{g.name} deals at most {g.max_players} players, not --players {n}")
    structure = "pot-limit" if g.code.startswith("omaha") else "no-limit"
    seed = args.seed if args.seed is not None else random.SystemRandom().getrandbits(64)
    bots = [BuiltinBot(name, seed=(seed + 1 + i) % 2**64) for i, name in enumerate(names)]
    labels = ["you"] + [f"{name}" for name in names]
    game: Any
    if args.tournament:
        stack = args.stack or 1500
        levels = list(DEFAULT_LEVELS)
        game = Tournament(
            levels,
            [stack] * n,
            [65, 35] if n <= 6 else [50, 30, 20],
            structure=structure,
            hands_per_level=10,
            seed=seed,
            game=g,
        )
    else:
        stack = args.stack or 100 * bb
        make = Rules.pot_limit if structure == "pot-limit" else Rules.no_limit
        game = Table(make(small_blind=sb, big_blind=bb, game=g), n, seed=seed)
        for s in range(n):
            game.sit(s, stack)
    start_chips = stack
    reader = _Input(out)
    played = 0
    console.print(
        f"[bold]holecards play[/bold]: {structure} {g.name}, {n} players, {'tournament' if args.tournament else f'cash {sb}/{bb}'}, stacks {stack}, seed {seed}. You are seat 0."
    )
    console.print("Moves: f fold, k check, c call, r AMOUNT raise to, a all-in, q quit.")
    quit_now = False
    while not quit_now:
        if args.hands is not None and played >= args.hands:
            break
        you = next((p for p in game.players if p.seat == 0), None)
        if you is None:
            console.print("You are out of chips.")
            break
        if len(game.players) < 2 or (args.tournament and game.is_over):
            break
        hand = game.new_hand()
        seats: List[int] = game.dealt_seats
        pos = game.positions
        me = seats.index(0) if 0 in seats else None
        console.rule(
            f"hand {game.hands_dealt}"
            + (
                f", level {game.level + 1}, blinds {hand.rules.small_blind}/{hand.rules.big_blind}"
                if args.tournament
                else ""
            )
        )
        if me is not None:
            console.print(
                f"Your cards: [bold]{' '.join(str(c) for c in hand.hole_cards(me))}[/bold]"
            )
        shown = 0
        while (la := hand.legal_actions()) is not None:
            shown = _print_events(console, hand, seats, labels, shown)
            table_seat = seats[la.seat]
            if table_seat == 0:
                _print_table(console, RichTable, hand, seats, labels, pos)
                choices = []
                if la.can_fold:
                    choices.append("f fold")
                if la.can_check:
                    choices.append("k check")
                else:
                    choices.append(f"c call {la.call_amount}")
                if la.min_raise_to is not None:
                    verb = "raise" if la.call_amount > 0 or hand.street == Street.PREFLOP else "bet"
                    choices.append(f"r {la.min_raise_to}..{la.max_raise_to} {verb} to")
                    choices.append(f"a all-in ({la.max_raise_to})")
                console.print("Your move: " + " | ".join(choices))
                while True:
                    line = reader.ask("> ")
                    if line is None or line.strip().lower() in ("q", "quit", "exit"):
                        quit_now = True
                        break
                    move, hint = _parse_move(line, la, hand.stacks[la.seat])
                    if move is None:
                        console.print(f"[yellow]{hint}[/yellow]")
                        continue
                    break
                if quit_now:
                    break
            else:
                move = bots[table_seat - 1](hand.view(la.seat))
            apply_move(hand, move, "you" if table_seat == 0 else f"the bot for seat {table_seat}")
        if quit_now:
            game.take_back()
            console.print("(the hand in progress is not counted)")
            break
        _print_events(console, hand, seats, labels, shown)
        game.finish(hand)
        played += 1
        if me is not None:
            delta = hand.stacks[me] - hand.starting_stacks[me]
            console.print(
                f"Hand over: you {'won' if delta > 0 else 'lost' if delta < 0 else 'broke even'} {abs(delta)}; your stack {hand.stacks[me]}."
            )
    you = next((p for p in game.players if p.seat == 0), None)
    final = you.stack if you is not None else 0
    console.rule("session over")
    console.print(
        f"{played} hands played. You started with {start_chips} and have {final} ({final - start_chips:+d})."
    )
    if args.tournament:
        for r in game.results:
            if r.seat == 0:
                console.print(f"You finished in place {r.place} (prize {r.prize}).")
    return 0


def _name(labels: List[str], seat: int) -> str:
    return "you" if seat == 0 else f"seat {seat} ({labels[seat]})"


# How each post and action is told: the verb for "you", for another seat,
# and the rest of the sentence (the amount goes in the braces).
_SAID = {
    EventKind.POST_SMALL_BLIND: ("post", "posts", " the small blind {}"),
    EventKind.POST_BIG_BLIND: ("post", "posts", " a big blind {}"),
    EventKind.POST_ANTE: ("ante", "antes", " {}"),
    EventKind.POST_STRADDLE: ("straddle", "straddles", " {}"),
    EventKind.FOLD: ("fold", "folds", ""),
    EventKind.CHECK: ("check", "checks", ""),
    EventKind.CALL: ("call", "calls", " {}"),
    EventKind.BET: ("bet", "bets", " {}"),
    EventKind.RAISE: ("raise", "raises", " to {}"),
}


def _print_events(console: Any, hand: Any, seats: List[int], labels: List[str], shown: int) -> int:
    events = hand.events
    for e in events[shown:]:
        table_seat = seats[e.seat] if e.seat is not None else None
        who = _name(labels, table_seat) if table_seat is not None else ""
        you = table_seat == 0

        k = e.kind
        if k in _SAID:
            second, third, what = _SAID[k]
            allin = " (all-in)" if e.all_in else ""
            console.print(f"{who} {second if you else third}{what.format(e.amount)}{allin}")
        elif k == EventKind.DEAL_BOARD and e.cards:
            console.print(
                f"[bold]{e.street.name.lower()}[/bold]: {' '.join(str(c) for c in hand.board[: {Street.FLOP: 3, Street.TURN: 4}.get(e.street, 5)])}"
            )
        elif k == EventKind.SHOW and e.cards:
            console.print(f"{who} {'show' if you else 'shows'} {' '.join(str(c) for c in e.cards)}")
        elif k == EventKind.AWARD:
            console.print(f"{who} {'win' if you else 'wins'} {e.amount}")
        elif k == EventKind.RETURN_UNCALLED:
            console.print(f"{e.amount} uncalled returned to {who}")
    return len(events)


def _print_table(
    console: Any, rich_table: Any, hand: Any, seats: List[int], labels: List[str], pos: Any
) -> None:
    t = rich_table(show_header=True, header_style="bold")
    for col in ("seat", "player", "stack", "bet", ""):
        t.add_column(col, justify="right" if col in ("stack", "bet") else "left")
    for i, s in enumerate(seats):
        marks = []
        if pos is not None and s == pos.button:
            marks.append("button")
        if hand.folded[i]:
            marks.append("folded")
        elif hand.all_in[i]:
            marks.append("all-in")
        if hand.actor == i:
            marks.append("to act")
        t.add_row(
            str(s),
            "you" if s == 0 else labels[s],
            str(hand.stacks[i]),
            str(hand.bets[i] or ""),
            ", ".join(marks),
        )
    console.print(t)
    board = " ".join(str(c) for c in hand.board) or "(none yet)"
    console.print(f"Board: {board}   Pot: {hand.pot}")
