"""``holecards play``: play at the terminal against built-in bots (cash or tournament).

A game at the terminal: you are seat 0, the other seats are built-in bots
({bots}). Moves: f fold, k check, c call (a stud bring-in too), r AMOUNT
bet, raise or complete to AMOUNT, a the largest (all-in in no-limit), q quit;
in a draw, d CARDS to discard them (d 9c Kd) or p to stand pat. The end of
input ends the session.

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

from .. import Game, Table, Tournament
from .._core import BuiltinBot
from ..bots import apply_move
from ..enums import EventKind, Street, Structure
from ..errors import HolecardsError
from ..sim import BOT_NAMES
from ..sim._simulate import _DEFAULT_LEVELS as DEFAULT_LEVELS
from ._common import (
    add_int,
    add_seed,
    cash_rules as _cash_rules,
    command,
    structure_of as _structure,
)

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
    p.add_argument(
        "--blinds",
        default=None,
        metavar="SB/BB",
        help="cash blinds (default 1/2; a limit game's small bet is the big blind); in a stud"
        " game the bring-in and the small bet (default 1/4, with an ante of 1)",
    )
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
        + " (plo, plo5, plo6, plo8 too); the Omaha games are pot-limit, the stud games,"
        + " triple draw and badugi fixed-limit, the others no-limit (default holdem)",
    )
    p.add_argument(
        "--mix",
        default=None,
        metavar="MIX",
        help="with --tournament: a mixed game, 'horse' or '8-game', the game changing every"
        " round of play (instead of --game)",
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


def _parse_draw(text: str, held: List[Any]) -> tuple[Optional[tuple[str, Any]], str]:
    """A discard from the user's text (d 9c Kd, or p to stand pat), or None and a hint."""
    words = text.strip().split()
    if not words:
        return None, "type d and the cards to discard (d 9c Kd), or p to stand pat"
    w = words[0].lower()
    if w in ("p", "pat", "stand"):
        return ("stand_pat", 0), ""
    if w not in ("d", "discard", "draw"):
        return None, f"{text.strip()!r} is not a draw: d CARDS to discard (d 9c Kd), p to stand pat"
    named = "".join(words[1:])
    mine = {str(c).lower(): c for c in held}
    cards = [named[i : i + 2] for i in range(0, len(named), 2)]
    if not cards or len(named) % 2 or any(c.lower() not in mine for c in cards):
        return None, (
            "name the cards to discard from your hand, "
            + " ".join(str(c) for c in held)
            + " (d 9c Kd), or p to stand pat"
        )
    if len({c.lower() for c in cards}) < len(cards):
        return None, "name each card to discard once (d 9c Kd), or p to stand pat"
    return ("discard", [mine[c.lower()] for c in cards]), ""


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
        if la.bring_in:
            return None, f"you bring in: c to post {la.call_amount}, or r to complete"
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
                    f"the only raise is to {la.max_raise_to}: r {la.max_raise_to} or a",
                )
            return None, f"raise to between {la.min_raise_to} and {la.max_raise_to}"
        return ("raise", amount), ""
    return (
        None,
        f"{text.strip()!r} is not a move: f fold, k check, c call, r AMOUNT raise to, a the largest raise (all-in in no-limit), q quit",
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
        g = Game(args.game)
    except HolecardsError as e:
        raise error(f"--game: {e}") from None
    blinds = args.blinds or ("1/4" if g.is_stud else "1/2")
    try:
        sb, bb = (int(x) for x in blinds.split("/"))
    except ValueError:
        raise error(f"--blinds must be two whole numbers like 1/2, not {blinds!r}") from None
    if args.mix is not None and not args.tournament:
        raise error("--mix is a tournament's: add --tournament")
    if args.mix is not None:
        try:
            Tournament([(1, 2, 1, 1)], [100, 100], mix=args.mix, hands_per_level=1)
        except HolecardsError as e:
            raise error(f"--mix: {e}") from None
        g = Game("stud")  # (a mix seats at most the stud games' eight)
    if n > g.max_players:
        raise error(f"{g.name} deals at most {g.max_players} players, not --players {n}")
    structure = _structure(g)
    seed = args.seed if args.seed is not None else random.SystemRandom().getrandbits(64)
    bots = [BuiltinBot(name, seed=(seed + 1 + i) % 2**64) for i, name in enumerate(names)]
    labels = ["you"] + [f"{name}" for name in names]
    game: Any
    if args.tournament:
        stack = args.stack or 1500
        # A stud game's levels: the small bet the big blind, an ante of a
        # fifth of it and a bring-in of a quarter.
        levels = [(a, b, max(1, b // 5), max(1, b // 4)) for a, b in DEFAULT_LEVELS]
        kind: Any = dict(mix=args.mix) if args.mix else dict(structure=structure, game=g)
        game = Tournament(
            levels if args.mix or g.is_stud else list(DEFAULT_LEVELS),
            [stack] * n,
            [65, 35] if n <= 6 else [50, 30, 20],
            hands_per_level=10,
            seed=seed,
            **kind,
        )
    else:
        stack = args.stack or 100 * bb
        try:
            rules = _cash_rules(g, structure, sb, bb)
        except HolecardsError as e:
            raise error(f"--blinds: {e}") from None
        game = Table(rules, n, seed=seed)
        for s in range(n):
            game.sit(s, stack)
    start_chips = stack
    reader = _Input(out)
    played = 0
    what = args.mix.upper() if args.mix else f"{structure} {g.name}"
    stakes = f"bring-in {sb}, limits {bb}/{2 * bb}, ante 1" if g.is_stud else f"{sb}/{bb}"
    console.print(
        f"[bold]holecards play[/bold]: {what}, {n} players, {'tournament' if args.tournament else f'cash {stakes}'}, stacks {stack}, seed {seed}. You are seat 0."
    )
    console.print(
        "Moves: f fold, k check, c call, r AMOUNT raise to, a the largest raise (all-in in no-limit), q quit."
    )
    if args.mix or g.is_draw:
        console.print("In a draw: d CARDS to discard (d 9c Kd), p to stand pat.")
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
        r = hand.rules
        level = ""
        if args.tournament:
            limits = (
                f"ante {r.ante}, bring-in {r.bring_in}, limits {r.small_bet}/{r.big_bet}"
                if r.game.is_stud
                else f"blinds {r.small_blind}/{r.big_blind}"
            )
            level = f", level {game.level + 1}, {limits}"
        if args.mix:
            level += f", {r.structure.name.lower().replace('_', '-')} {r.game.name}"
        console.rule(f"hand {game.hands_dealt}{level}")
        if me is not None and not hand.rules.game.is_stud:
            console.print(
                f"Your cards: [bold]{' '.join(str(c) for c in hand.hole_cards(me))}[/bold]"
            )
        shown = 0
        while (la := hand.legal_actions()) is not None:
            shown = _print_events(console, hand, seats, labels, shown)
            table_seat = seats[la.seat]
            if table_seat == 0 and la.draw:
                _print_table(console, RichTable, hand, seats, labels, pos)
                held = hand.hole_cards(la.seat)
                console.print(
                    f"Your cards: [bold]{' '.join(str(c) for c in held)}[/bold]. "
                    "Draw: d CARDS to discard | p stand pat"
                )
                while True:
                    line = reader.ask("> ")
                    if line is None or line.strip().lower() in ("q", "quit", "exit"):
                        quit_now = True
                        break
                    move, hint = _parse_draw(line, held)
                    if move is None:
                        console.print(f"[yellow]{hint}[/yellow]")
                        continue
                    break
                if quit_now:
                    break
            elif table_seat == 0:
                _print_table(console, RichTable, hand, seats, labels, pos)
                if hand.rules.game.is_stud:
                    console.print(
                        f"Your cards: [bold]{' '.join(str(c) for c in hand.hole_cards(la.seat))}[/bold]"
                    )
                choices = []
                if la.can_fold:
                    choices.append("f fold")
                if la.bring_in:
                    choices.append(f"c bring in {la.call_amount}")
                elif la.can_check:
                    choices.append("k check")
                else:
                    choices.append(f"c call {la.call_amount}")
                if la.min_raise_to is not None:
                    verb = (
                        "complete"
                        if la.bring_in
                        else "raise"
                        if la.call_amount > 0 or hand.street in _FIRST_ROUNDS
                        else "bet"
                    )
                    lo, hi = la.min_raise_to, la.max_raise_to
                    fixed = hand.rules.structure == Structure.FIXED_LIMIT
                    amounts = f"{lo}" if lo == hi else f"{lo}{' or ' if fixed else '..'}{hi}"
                    choices.append(f"r {amounts} {verb} to")
                    # (`a` is the largest bet or raise: all-in only when it
                    # puts in the whole stack, as in no-limit)
                    everything = hand.stacks[la.seat] + hand.bets[la.seat]
                    most = "all-in" if hi == everything else "the most"
                    choices.append(f"a {most} ({hi})")
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


# The rounds of the forced bets, and the draw games' draw streets.
_FIRST_ROUNDS = (Street.PREFLOP, Street.THIRD, Street.PREDRAW)
_DRAW_STREETS = (Street.FIRST_DRAW, Street.SECOND_DRAW, Street.THIRD_DRAW)


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
    EventKind.BRING_IN: ("bring in", "brings in", " {}"),
}


def _print_events(console: Any, hand: Any, seats: List[int], labels: List[str], shown: int) -> int:
    events = hand.events
    for e in events[shown:]:
        table_seat = seats[e.seat] if e.seat is not None else None
        who = _name(labels, table_seat) if table_seat is not None else ""
        you = table_seat == 0

        k = e.kind
        if k == EventKind.BET and e.street == Street.THIRD:
            # (a stud game's first full bet completes the bring-in)
            allin = " (all-in)" if e.all_in else ""
            console.print(f"{who} {'complete' if you else 'completes'} to {e.amount}{allin}")
        elif k in _SAID:
            second, third, what = _SAID[k]
            allin = " (all-in)" if e.all_in else ""
            console.print(f"{who} {second if you else third}{what.format(e.amount)}{allin}")
        elif k == EventKind.DEAL_BOARD and e.cards and hand.rules.game.is_stud:
            console.print(
                f"[bold]seventh street[/bold]: a community card for everyone, {e.cards[0]}"
            )
        elif k == EventKind.DEAL_BOARD and e.cards:
            console.print(
                f"[bold]{e.street.name.lower()}[/bold]: {' '.join(str(c) for c in hand.board[: {Street.FLOP: 3, Street.TURN: 4}.get(e.street, 5)])}"
            )
        elif k == EventKind.DEAL_UP and e.cards:
            console.print(f"{who} {'get' if you else 'gets'} {e.cards[0]} face up")
        elif k == EventKind.DEAL_HOLE and you and e.street not in (Street.PREFLOP, Street.PREDRAW):
            if e.cards and e.street in _DRAW_STREETS:
                console.print(f"you draw {' '.join(str(c) for c in e.cards)}")
            elif e.cards and e.street != Street.THIRD:
                console.print(f"you get {e.cards[0]} face down")
        elif k == EventKind.DISCARD:
            if e.amount == 0:
                console.print(f"{who} {'stand' if you else 'stands'} pat")
            elif you and e.cards:
                console.print(f"you discard {' '.join(str(c) for c in e.cards)}")
            else:
                console.print(f"{who} draws {e.amount}")
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
    stud = hand.rules.game.is_stud
    t = rich_table(show_header=True, header_style="bold")
    for col in ("seat", "player", "stack", "bet", "up cards" if stud else "", ""):
        if col or not stud:
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
        row = [str(s), "you" if s == 0 else labels[s], str(hand.stacks[i]), str(hand.bets[i] or "")]
        if stud:
            row.append(" ".join(str(c) for c in hand.up_cards(i)))
        row.append(", ".join(marks))
        t.add_row(*row)
    console.print(t)
    if not hand.rules.game.is_stud and not hand.rules.game.is_draw:
        board = " ".join(str(c) for c in hand.board) or "(none yet)"
        console.print(f"Board: {board}   Pot: {hand.pot}")
    else:
        console.print(f"Pot: {hand.pot}")
