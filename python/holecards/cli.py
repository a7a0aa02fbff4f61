"""The ``holecards`` command line: a playable demo, a hand evaluator and a dealer.

::

    holecards demo [--seed N] [--players N] [--structure no-limit|pot-limit|fixed-limit]
    holecards eval [--json] CARDS...
    holecards deal [--seed N] [--players N]

``python -m holecards`` runs the same program. Errors are reported as
``holecards: error: <message>`` on stderr with exit status 2.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
from typing import Any, Callable, NoReturn, Optional, Sequence, TextIO

from . import __version__
from ._core import Action, Card, Hand, HandRank, LegalActions, Rules, evaluate, parse_cards
from .enums import ActionKind, Category, Street, Structure
from .errors import HolecardsError

__all__ = ["main"]

PROG = "holecards"

MIN_PLAYERS = 2
MAX_PLAYERS = 22
MAX_SEED = 2**64 - 1

DEMO_SMALL_BLIND = 50
DEMO_BIG_BLIND = 100
DEMO_STACK = 10_000

STRUCTURES = ("no-limit", "pot-limit", "fixed-limit")

_STREET_NAMES = {
    Street.PREFLOP: "PREFLOP",
    Street.FLOP: "FLOP",
    Street.TURN: "TURN",
    Street.RIVER: "RIVER",
    Street.SHOWDOWN: "SHOWDOWN",
}

# Board cards visible once a street is dealt.
_BOARD_SIZE = {Street.PREFLOP: 0, Street.FLOP: 3, Street.TURN: 4, Street.RIVER: 5}


class CliError(Exception):
    """A problem with the command line's input, reported without a traceback."""


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors always read ``holecards: error: ...``."""

    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        self.exit(2, f"{PROG}: error: {message}\n")


# --------------------------------------------------------------------------
# Formatting helpers


def _cards(cards: Sequence[Card]) -> str:
    return " ".join(str(card) for card in cards)


def _category_text(category: Category) -> str:
    return category.name.replace("_", " ").lower()


def _seats(seats: Sequence[int]) -> str:
    """``seat 2``, ``seats 2 and 4``, ``seats 1, 2 and 4``."""
    if len(seats) == 1:
        return f"seat {seats[0]}"
    names = [str(seat) for seat in seats]
    return "seats " + ", ".join(names[:-1]) + " and " + names[-1]


def _signed(amount: int) -> str:
    return f"{amount:+d}" if amount else "0"


def _describe_rules(rules: Rules) -> str:
    structure = rules.structure
    if structure == Structure.PROGRESSIVE:
        bets = "/".join(str(bet) for bet in rules.bets or [])
        return f"progressive hold'em, ante {rules.ante}, bets {bets}"
    name = {
        Structure.NO_LIMIT: "no-limit",
        Structure.POT_LIMIT: "pot-limit",
        Structure.FIXED_LIMIT: "fixed-limit",
    }[structure]
    text = f"{name} hold'em, blinds {rules.small_blind}/{rules.big_blind}"
    if structure == Structure.FIXED_LIMIT:
        text += f", bets {rules.small_bet}/{rules.big_bet}"
        cap = rules.raise_cap
        text += ", no raise cap" if cap is None else f", raise cap {cap}"
    if rules.ante:
        text += f", ante {rules.ante}"
    if rules.big_blind_ante:
        text += f", big blind ante {rules.big_blind_ante}"
    return text


def _make_rules(structure: str) -> Rules:
    if structure == "no-limit":
        return Rules.no_limit(small_blind=DEMO_SMALL_BLIND, big_blind=DEMO_BIG_BLIND)
    if structure == "pot-limit":
        return Rules.pot_limit(small_blind=DEMO_SMALL_BLIND, big_blind=DEMO_BIG_BLIND)
    if structure == "fixed-limit":
        return Rules.fixed_limit(small_blind=DEMO_SMALL_BLIND, big_blind=DEMO_BIG_BLIND)
    raise CliError(f"unknown structure {structure!r}: choose from {', '.join(STRUCTURES)}")


# --------------------------------------------------------------------------
# The demo's policy


def _strength(hand: Hand, seat: int) -> int:
    """A rough 0 (weak), 1 (medium) or 2 (strong) for the demo's policy."""
    hole = hand.hole_cards(seat)
    board = hand.board
    if not board:
        high, low = max(hole[0].rank, hole[1].rank), min(hole[0].rank, hole[1].rank)
        if hole[0].rank == hole[1].rank or low >= 9:  # a pair, or two cards jack or better
            return 2
        if high >= 10 or (hole[0].suit == hole[1].suit and high - low <= 2):
            return 1
        return 0
    category = evaluate(list(hole) + list(board)).category
    if category >= Category.TWO_PAIR:
        return 2
    if category == Category.ONE_PAIR:
        return 1
    return 0


def _raises_this_street(hand: Hand) -> int:
    street = hand.street
    return sum(
        1
        for action in hand.history
        if action.street == street and action.kind in (ActionKind.BET, ActionKind.RAISE)
    )


def _raise_amount(hand: Hand, legal: LegalActions, rng: random.Random) -> int:
    low = legal.min_raise_to
    high = legal.max_raise_to
    assert low is not None and high is not None
    if low == high:
        return low
    current = max(hand.bets)
    pot_after_call = hand.pot + legal.call_amount
    fraction = rng.choice((0.5, 0.66, 0.75, 1.0))
    target = current + int(fraction * pot_after_call)
    unit = max(1, hand.rules.small_blind)
    target = (target + unit // 2) // unit * unit
    return max(low, min(high, target))


def _choose(hand: Hand, legal: LegalActions, rng: random.Random) -> tuple[str, int]:
    """A simple seeded policy: mostly check or call, sometimes bet or raise,
    now and then fold to a bet, a little more sensibly with a stronger hand."""
    strength = _strength(hand, legal.seat)
    can_raise = legal.min_raise_to is not None
    damping = 0.5 ** _raises_this_street(hand)
    roll = rng.random()
    if legal.call_amount > 0:
        preflop = hand.street == Street.PREFLOP
        fold_p = (0.55, 0.25, 0.03)[strength] if preflop else (0.5, 0.2, 0.0)[strength]
        raise_p = (0.03, 0.1, 0.35)[strength] * damping
        if legal.can_fold and roll < fold_p:
            return ("fold", 0)
        if can_raise and roll >= 1.0 - raise_p:
            return ("raise", _raise_amount(hand, legal, rng))
        return ("call", 0)
    bet_p = (0.1, 0.3, 0.6)[strength] * damping
    if can_raise and roll < bet_p:
        return ("raise", _raise_amount(hand, legal, rng))
    return ("call", 0)


# --------------------------------------------------------------------------
# demo


def _action_line(action: Action) -> str:
    seat = f"seat {action.seat}"
    kind = action.kind
    if kind == ActionKind.POST_ANTE:
        text = f"{seat} posts ante {action.amount}"
    elif kind == ActionKind.POST_SMALL_BLIND:
        text = f"{seat} posts small blind {action.amount}"
    elif kind == ActionKind.POST_BIG_BLIND:
        text = f"{seat} posts big blind {action.amount}"
    elif kind == ActionKind.POST_STRADDLE:
        text = f"{seat} posts straddle {action.amount}"
    elif kind == ActionKind.FOLD:
        text = f"{seat} folds"
    elif kind == ActionKind.CHECK:
        text = f"{seat} checks"
    elif kind == ActionKind.CALL:
        text = f"{seat} calls {action.amount}"
    elif kind == ActionKind.BET:
        text = f"{seat} bets {action.amount}"
    else:
        text = f"{seat} raises to {action.amount}"
    if action.all_in:
        text += " and is all-in"
    return text


def _street_header(street: Street, board: Sequence[Card]) -> str:
    size = _BOARD_SIZE[street]
    if street == Street.FLOP:
        shown = f"[{_cards(board[:3])}]"
    else:
        shown = f"[{_cards(board[: size - 1])}] [{board[size - 1]}]"
    return f"*** {_STREET_NAMES[street]} *** {shown}"


def _roles(hand: Hand) -> dict[int, list[str]]:
    roles: dict[int, list[str]] = {seat: [] for seat in range(hand.num_players)}
    roles[hand.button].append("button")
    for action in hand.history:
        if action.kind == ActionKind.POST_SMALL_BLIND:
            roles[action.seat].append("small blind")
        elif action.kind == ActionKind.POST_BIG_BLIND:
            roles[action.seat].append("big blind")
        elif action.kind == ActionKind.POST_STRADDLE:
            roles[action.seat].append("straddle")
    return roles


def run_demo(seed: int, players: int, structure: str, out: TextIO) -> None:
    """Play one hand with the seeded policy and write its log to ``out``."""
    rules = _make_rules(structure)
    hand = Hand(rules, [DEMO_STACK] * players, button=0, seed=seed)
    rng = random.Random(seed)

    def say(line: str = "") -> None:
        print(line, file=out)

    say(f"holecards demo: one hand, seed {seed}")
    say(f"Rules: {_describe_rules(rules)}")
    say(f"Seats ({players} players):")
    roles = _roles(hand)
    for seat in range(players):
        role = ", ".join(roles[seat])
        line = f"  seat {seat}  stack {hand.starting_stacks[seat]}  [{_cards(hand.hole_cards(seat))}]"
        say(f"{line}  {role}" if role else line)
    say()

    say("*** PREFLOP ***")
    printed = 0
    street = Street.PREFLOP
    while True:
        history = hand.history
        for action in history[printed:]:
            say(_action_line(action))
        printed = len(history)
        before = hand.contributions
        bets_before = hand.bets

        if hand.is_over:
            break
        if hand.street != street:
            street = hand.street
            say(f"{_street_header(street, hand.board)}  pot {hand.pot}")

        legal = hand.legal_actions()
        assert legal is not None
        choice, amount = _choose(hand, legal, rng)
        if choice == "fold":
            hand.fold()
        elif choice == "raise":
            hand.bet_or_raise_to(amount)
        else:
            hand.check_or_call()

        after = hand.contributions
        expected = list(before)
        for action in hand.history[printed:]:
            say(_action_line(action))
            if action.kind == ActionKind.CALL:
                expected[action.seat] += action.amount
            elif action.kind in (ActionKind.BET, ActionKind.RAISE):
                expected[action.seat] += action.amount - bets_before[action.seat]
        printed = len(hand.history)
        # Chips nobody matched go back when a round closes.
        for seat in range(players):
            if after[seat] < expected[seat]:
                say(f"uncalled {expected[seat] - after[seat]} returned to seat {seat}")

    board = hand.board
    shown = _BOARD_SIZE.get(street, 5)
    for later in (Street.FLOP, Street.TURN, Street.RIVER):
        if _BOARD_SIZE[later] > shown and len(board) >= _BOARD_SIZE[later]:
            say(_street_header(later, board))

    if hand.street == Street.SHOWDOWN:
        say(f"*** SHOWDOWN *** [{_cards(board)}]")
        for seat in range(players):
            if hand.folded[seat]:
                continue
            hole = hand.hole_cards(seat)
            rank = evaluate(list(hole) + list(board))
            say(f"seat {seat} shows [{_cards(hole)}]: {rank.name}  (best five {_cards(rank.best_five)})")

    say()
    say("*** POTS ***")
    pots = hand.pots
    for index, pot in enumerate(pots):
        if len(pots) == 1:
            label = "pot"
        else:
            label = "main pot" if index == 0 else f"side pot {index}"
        winners = list(pot.winners)
        eligible = list(pot.eligible)
        if len(eligible) == 1:
            result = f"won by seat {winners[0]} uncontested" if winners else "returned"
        elif len(winners) == 1:
            result = f"won by seat {winners[0]}"
        else:
            result = f"split between {_seats(winners)}"
        say(f"{label} {pot.amount} ({_seats(eligible)} eligible): {result}")

    payoffs = hand.payoffs
    assert payoffs is not None
    say()
    say("*** PAYOFFS ***")
    for seat in range(players):
        say(f"  seat {seat}: {_signed(payoffs[seat])}  (stack {hand.stacks[seat]})")
    say(f"  total: {_signed(sum(payoffs))}")

    say()
    say("*** EVALUATOR ***")
    board_text = "Qs Js Ts 4d 4c"
    first = evaluate(f"As Ks {board_text}")
    second = evaluate(f"4h 4s {board_text}")
    say(f"As Ks + {board_text}: {first.name} (value {first.value})")
    say(f"4h 4s + {board_text}: {second.name} (value {second.value})")
    winner = "As Ks" if first > second else "4h 4s"
    say(f"{winner} wins: {max(first, second).name} beats {min(first, second).name.lower()}")


# --------------------------------------------------------------------------
# eval


def _rank_json(text: str, rank: HandRank) -> dict[str, Any]:
    return {
        "cards": [str(card) for card in parse_cards(text)],
        "value": rank.value,
        "category": rank.category.name,
        "best_five": [str(card) for card in rank.best_five],
        "name": rank.name,
    }


def _evaluate_argument(text: str, label: Optional[str]) -> HandRank:
    try:
        return evaluate(text)
    except HolecardsError as exc:
        raise CliError(f"{label}: {exc}" if label else str(exc)) from exc


def run_eval(hands: Sequence[str], as_json: bool, out: TextIO) -> None:
    """Evaluate each hand; with several, say which wins."""
    texts = list(hands)
    # ``holecards eval Ah Kh Qh Jh Th`` (one card an argument) means one hand.
    if len(texts) > 1 and all(_looks_like_one_card(text) for text in texts):
        texts = [" ".join(texts)]
    several = len(texts) > 1
    ranks = [
        _evaluate_argument(text, f"hand {number} ({text.strip()!r})" if several else None)
        for number, text in enumerate(texts, start=1)
    ]
    best = max(ranks)
    winners = [index for index, rank in enumerate(ranks) if rank == best]

    if as_json:
        if several:
            payload: dict[str, Any] = {
                "hands": [_rank_json(text, rank) for text, rank in zip(texts, ranks)],
                "winners": winners,
                "tie": len(winners) > 1,
            }
        else:
            payload = _rank_json(texts[0], ranks[0])
        print(json.dumps(payload, indent=2), file=out)
        return

    for number, (text, rank) in enumerate(zip(texts, ranks), start=1):
        prefix = f"hand {number}: " if several else ""
        indent = "  " if several else ""
        print(f"{prefix}{_cards(parse_cards(text))}", file=out)
        print(f"{indent}value:     {rank.value}", file=out)
        print(f"{indent}category:  {_category_text(rank.category)}", file=out)
        print(f"{indent}best five: {_cards(rank.best_five)}", file=out)
        print(f"{indent}name:      {rank.name}", file=out)
    if several:
        numbers = [index + 1 for index in winners]
        if len(numbers) == 1:
            print(f"hand {numbers[0]} wins with {best.name}", file=out)
        else:
            names = ", ".join(str(n) for n in numbers[:-1]) + f" and {numbers[-1]}"
            print(f"hands {names} tie with {best.name}", file=out)


def _looks_like_one_card(text: str) -> bool:
    """``Ah`` or ``10h`` (or a typo of that size): too short to be a whole hand."""
    return 0 < len(text.strip()) <= 3


# --------------------------------------------------------------------------
# deal


def run_deal(seed: int, players: int, out: TextIO) -> None:
    """Deal hole cards and a board exactly as ``Hand(..., button=players - 1,
    seed=seed)`` deals them (one card at a time from the seat left of the
    button, burns before the flop, turn and river)."""
    hand = Hand(Rules.no_limit(small_blind=1, big_blind=2), [100] * players, button=players - 1, seed=seed)
    while not hand.is_over:  # check it down to see the whole board
        hand.check_or_call()
    hole: list[list[Card]] = [hand.hole_cards(seat) for seat in range(players)]
    board: list[Card] = hand.board

    ranks = [evaluate(cards + board) for cards in hole]
    best = max(ranks)
    print(f"holecards deal: {players} players, seed {seed}", file=out)
    for seat in range(players):
        mark = "  *" if ranks[seat] == best else ""
        print(f"  seat {seat}  [{_cards(hole[seat])}]  {ranks[seat].name}{mark}", file=out)
    print(f"board: [{_cards(board[:3])}] [{board[3]}] [{board[4]}]", file=out)
    winners = [seat for seat in range(players) if ranks[seat] == best]
    verb = "wins" if len(winners) == 1 else "tie"
    print(f"{_seats(winners)} {verb} with {best.name}", file=out)


# --------------------------------------------------------------------------
# argument parsing


def _int_in_range(name: str, low: int, high: int) -> Callable[[str], int]:
    def parse(text: str) -> int:
        try:
            value = int(text, 10)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{name} must be an integer, not {text!r}") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{name} must be between {low} and {high}, not {value}")
        return value

    parse.__name__ = name
    return parse


def build_parser() -> argparse.ArgumentParser:
    """The ``holecards`` argument parser."""
    parser = _Parser(
        prog=PROG,
        description="holecards: a Texas Hold'em engine. Play a demo hand, evaluate hands, or deal.",
    )
    parser.add_argument("--version", action="version", version=f"{PROG} {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    players_type = _int_in_range("players", MIN_PLAYERS, MAX_PLAYERS)
    seed_type = _int_in_range("seed", 0, MAX_SEED)

    demo = commands.add_parser(
        "demo",
        help="play one complete example hand and print its log",
        description=(
            "Play one hand of hold'em (blinds 50/100, stacks 10000) with a simple seeded "
            "policy and print the hand log: seats, actions, board, showdown, pots, payoffs."
        ),
    )
    demo.add_argument("--seed", type=seed_type, default=1, help="seed for the deal and the policy (default 1)")
    demo.add_argument(
        "--players",
        type=players_type,
        default=6,
        help=f"number of players, {MIN_PLAYERS} to {MAX_PLAYERS} (default 6)",
    )
    demo.add_argument(
        "--structure",
        choices=STRUCTURES,
        default="no-limit",
        help="betting structure (default no-limit)",
    )

    ev = commands.add_parser(
        "eval",
        help="evaluate 5 to 7 card hands",
        description=(
            "Evaluate hands of 5, 6 or 7 cards; each argument is one hand, e.g. "
            "'Ah Kh Qh Jh Th 2c 3d'. With several hands, say which wins or ties. "
            "Arguments that are each a single card are taken together as one hand."
        ),
    )
    ev.add_argument("cards", nargs="+", metavar="CARDS", help="a hand, e.g. 'Ah Kh Qh Jh Th 2c 3d'")
    ev.add_argument(
        "--json",
        action="store_true",
        help="print JSON: one hand as an object; several as {hands, winners (indices), tie}",
    )

    deal = commands.add_parser(
        "deal",
        help="deal hole cards and a board",
        description="Deal two hole cards to each player and a five-card board, and show the best hands.",
    )
    deal.add_argument(
        "--seed",
        type=seed_type,
        default=None,
        help="seed for a reproducible deal (default: a random seed, which is printed)",
    )
    deal.add_argument(
        "--players",
        type=players_type,
        default=6,
        help=f"number of players, {MIN_PLAYERS} to {MAX_PLAYERS} (default 6)",
    )
    return parser


def _run(args: argparse.Namespace, out: TextIO) -> None:
    command: str = args.command
    if command == "demo":
        run_demo(args.seed, args.players, args.structure, out)
    elif command == "eval":
        run_eval(args.cards, args.json, out)
    elif command == "deal":
        seed: Optional[int] = args.seed
        if seed is None:
            seed = random.SystemRandom().randrange(MAX_SEED + 1)
        run_deal(seed, args.players, out)
    else:  # pragma: no cover - argparse rejects unknown commands
        raise CliError(f"unknown command {command!r}")


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Run the command line; returns the exit status (0 ok, 2 for an error)."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # --help, --version, or a usage error
        code = exc.code
        if code is None:
            return 0
        return code if isinstance(code, int) else 2
    try:
        _run(args, sys.stdout)
        sys.stdout.flush()
    except (CliError, HolecardsError) as exc:
        print(f"{PROG}: error: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        # The reader went away (``holecards demo | head``): stop quietly.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
