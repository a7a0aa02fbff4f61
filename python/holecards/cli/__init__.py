"""The ``holecards`` command line: a playable demo, a hand evaluator and a dealer.

::

    holecards demo [--seed N] [--players N] [--structure no-limit|pot-limit|fixed-limit]
    holecards eval [--json] CARDS...
    holecards deal [--seed N] [--players N]
    holecards replay PATH... [--threads N]
    holecards convert PATH... --to OUT.parquet

``python -m holecards`` runs the same program. Errors are reported as
``holecards: error: <message>`` on stderr with exit status 2.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
from pathlib import Path
from typing import Any, Callable, List, NoReturn, Optional, Sequence, TextIO

from .. import __version__
from .._core import (
    MAX_SEATS,
    MIN_SEATS,
    Card,
    Hand,
    HandRank,
    Rules,
    Tournament,
    evaluate,
    parse_cards,
)
from .._format import cards as _cards
from .._format import describe_rules, hand_log
from .._format import seats as _seats
from ..bots import DemoBot, play_hand
from ..enums import Category, EventKind
from ..errors import HolecardsError

__all__ = ["main"]

PROG = "holecards"

MAX_SEED = 2**64 - 1

DEMO_SMALL_BLIND = 50
DEMO_BIG_BLIND = 100
DEMO_STACK = 10_000

STRUCTURES = ("no-limit", "pot-limit", "fixed-limit")


class CliError(Exception):
    """A problem with the command line's input, reported without a traceback."""


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors always read ``holecards: error: ...``."""

    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        self.exit(2, f"{PROG}: error: {message}\n")


def _category_text(category: Category) -> str:
    return category.name.replace("_", " ").lower()


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
    bots = [DemoBot(seed * 1000 + seat) for seat in range(players)]
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

    names = [
        "tight_aggressive",
        "random",
        "calling_station",
        "tight_aggressive",
        "random",
        "calling_station",
    ]
    levels = [
        (10, 20),
        (15, 30),
        (25, 50),
        (50, 100),
        (75, 150),
        (100, 200),
        (150, 300),
        (200, 400),
        (300, 600),
        (500, 1000),
        (1000, 2000),
    ]
    t = Tournament(levels, [1500] * 6, [650, 350], hands_per_level=10, seed=seed)
    bots = [BuiltinBot(n, seed=seed * 10 + i) for i, n in enumerate(names)]
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
    hand = Hand(
        Rules.no_limit(small_blind=1, big_blind=2), [100] * players, button=players - 1, seed=seed
    )
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
            raise argparse.ArgumentTypeError(
                f"{name} must be between {low} and {high}, not {value}"
            )
        return value

    parse.__name__ = name
    return parse


# --------------------------------------------------------------------------
# replay and convert


_STATUS_ORDER = ("matched", "half_chip", "legal", "mismatch", "failed", "unsupported")


def _load_corpus(
    paths: Sequence[str], threads: Optional[int], out: TextIO
) -> tuple[list[Any], list[tuple[str, str]]]:
    """Every history under ``paths`` and the files that could not be read."""
    from .. import phh

    missing = [p for p in paths if not os.path.exists(p)]
    if missing:
        raise CliError(f"no such file or folder: {missing[0]}")
    files = phh.find_files(paths)
    if not files:
        raise CliError("no .phh or .phhs files found in " + ", ".join(paths))
    histories: list[Any] = []
    unreadable: list[tuple[str, str]] = []
    for f, r in zip(files, phh.load_each(files, threads=threads)):
        if isinstance(r, list):
            histories.extend(r)
        else:
            unreadable.append((str(f), str(r)))
    return histories, unreadable


def run_replay(paths: Sequence[str], threads: Optional[int], out: TextIO) -> int:
    """Replay every hand under ``paths``; 1 when any hand fails."""
    from rich.console import Console
    from rich.progress import Progress
    from rich.table import Table

    from .._core import _phh_check_each

    console = Console(file=out, highlight=False, soft_wrap=True)
    histories, unreadable = _load_corpus(paths, threads, out)
    results: list[tuple[str, str]] = []
    chunk = 20_000
    with Progress(console=console, transient=True, disable=len(histories) <= chunk) as progress:
        task = progress.add_task("replaying", total=len(histories))
        for start in range(0, len(histories), chunk):
            part = histories[start : start + chunk]
            results.extend(_phh_check_each(part, threads))
            progress.advance(task, len(part))
    counts = {k: 0 for k in _STATUS_ORDER}
    variants: dict[str, int] = {}
    for status, detail in results:
        counts[status] += 1
        if status == "unsupported":
            variants[detail] = variants.get(detail, 0) + 1
    table = Table(
        title=f"holecards replay: {len(histories)} hands in {len(histories) and len(set(h.source for h in histories))} files"
    )
    table.add_column("result")
    table.add_column("hands", justify="right")
    labels = {
        "matched": "matched their finishing_stacks",
        "half_chip": "matched, a half-chip split paid by the odd-chip rule",
        "legal": "legal (nothing recorded to compare)",
        "mismatch": "ended with other stacks",
        "failed": "failed",
        "unsupported": "unsupported variant",
    }
    for k in _STATUS_ORDER:
        table.add_row(labels[k], str(counts[k]))
    if unreadable:
        table.add_row("files that could not be read", str(len(unreadable)))
    console.print(table)
    if variants:
        console.print(
            "unsupported variants: " + ", ".join(f"{v} {n}" for v, n in sorted(variants.items()))
        )
    failures = [
        (h, st, d) for h, (st, d) in zip(histories, results) if st in ("mismatch", "failed")
    ]
    for _path, why in unreadable:
        console.print(f"FAILED {why}")
    for h, st, d in failures[:50]:
        where = h.source + (f" [{h.section}]" if h.section else "")
        console.print(f"{st.upper()} {d if st == 'failed' else where + ': ' + d}")
    if len(failures) > 50:
        console.print(f"... and {len(failures) - 50} more")
    return 1 if failures or unreadable else 0


def run_convert(paths: Sequence[str], target: str, threads: Optional[int], out: TextIO) -> int:
    """Write the hands under ``paths`` to Parquet: ``TARGET`` (one row per
    hand) and ``TARGET`` with ``.actions`` before the suffix (one row per action)."""
    try:
        import pyarrow.parquet as pq  # type: ignore[import-untyped,unused-ignore]
    except ImportError:
        raise CliError("convert needs pyarrow: pip install 'holecards[arrow]'") from None
    from .. import phh

    histories, unreadable = _load_corpus(paths, threads, out)
    hands, actions = phh.to_arrow(histories, threads=threads)
    base = Path(target)
    actions_path = base.with_name(base.stem + ".actions" + (base.suffix or ".parquet"))
    pq.write_table(hands, base)
    pq.write_table(actions, actions_path)
    print(f"{hands.num_rows} hands -> {base}", file=out)
    print(f"{actions.num_rows} actions -> {actions_path}", file=out)
    for _path, why in unreadable:
        print(f"skipped {why}", file=out)
    return 1 if unreadable else 0


# --------------------------------------------------------------------------
# equity


class _LazyProgress:
    """A rich progress bar shown only once a computation has run for half a
    second (quick answers print no bar); a callback for ``progress=``."""

    def __init__(self, console: Any, what: str) -> None:
        import time

        self._time = time.monotonic
        self._start = time.monotonic()
        self._console = console
        self._what = what
        self._bar: Any = None
        self._task: Any = None

    def __call__(self, done: int, total: int) -> None:
        if self._bar is None:
            if self._time() - self._start < 0.5 or done >= total:
                return
            from rich.progress import Progress

            self._bar = Progress(console=self._console, transient=True)
            self._bar.start()
            self._task = self._bar.add_task(self._what, total=total)
        self._bar.update(self._task, completed=done, total=total)

    def close(self) -> None:
        if self._bar is not None:
            self._bar.stop()


def run_equity(args: argparse.Namespace, out: TextIO) -> int:
    """Equity of the players given, or the 169-hand grid against them."""
    from rich.console import Console
    from rich.table import Table

    from .._equity import equity, equity_grid

    console = Console(file=out, highlight=False, soft_wrap=True)
    bar = _LazyProgress(Console(file=sys.stderr), "grid" if args.grid else "equity")
    kw = dict(
        trials=args.trials,
        seed=args.seed,
        threads=args.threads,
        target_std_error=args.target_se,
        progress=bar,
    )
    if args.png and not args.grid:
        raise CliError("--png draws the --grid picture: add --grid")
    if args.png and args.json:
        raise CliError("--png and --json: choose one")
    try:
        if args.grid:
            grid = equity_grid(args.players, args.board, args.dead, **kw)
        else:
            if len(args.players) < 2:
                raise CliError(
                    "equity needs at least two players (or --grid with one or more opponents)"
                )
            result = equity(args.players, args.board, args.dead, **kw)
    finally:
        bar.close()
    if args.grid:
        if args.json:
            import json

            cells = [[None if v != v else v for v in row] for row in grid.equities]
            print(
                json.dumps(
                    {
                        "opponents": list(args.players),
                        "title": grid.title,
                        "seed": grid.seed,
                        "names": grid.names,
                        "equities": cells,
                    }
                ),
                file=out,
            )
            return 0
        console.print(
            grid.title + " (%)" + ("" if grid.seed is None else f", Monte Carlo, seed {grid.seed}")
        )
        print(grid.to_text(), file=out)
        if args.png:
            try:
                grid.to_png(args.png)
            except ImportError as exc:
                raise CliError(str(exc)) from None
            except (OSError, ValueError) as exc:
                raise CliError(f"cannot write the picture {args.png}: {exc}") from None
            console.print(f"picture -> {args.png}")
        return 0
    if args.json:
        import json

        print(json.dumps({"players": list(args.players), **result.to_dict()}), file=out)
        return 0
    mc = not result.exact
    title = "exact" if result.exact else f"Monte Carlo, {result.trials:,} deals, seed {result.seed}"
    table = Table(title=f"equity ({title})")
    for name in ("player", "hand", "equity", "win", "tie") + (("± std err",) if mc else ()):
        table.add_column(name, justify="left" if name in ("player", "hand") else "right")
    boards = float(result.boards)
    for i, (p, e) in enumerate(zip(args.players, result.equities)):
        row = [
            str(i + 1),
            p,
            f"{100 * e:.2f}%",
            f"{100 * float(result.wins[i]) / boards:.2f}%",
            f"{100 * float(result.ties[i]) / boards:.2f}%",
        ]
        if mc and result.std_errors is not None:
            row.append(f"{100 * result.std_errors[i]:.2f}%")
        table.add_row(*row)
    console.print(table)
    if result.exact:
        console.print(f"{result.boards:,} deals")
    return 0


def build_parser() -> argparse.ArgumentParser:
    """The ``holecards`` argument parser."""
    parser = _Parser(
        prog=PROG,
        description="holecards: a Texas Hold'em engine. Play a demo hand, evaluate hands, or deal.",
    )
    parser.add_argument("--version", action="version", version=f"{PROG} {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    players_type = _int_in_range("players", MIN_SEATS, MAX_SEATS)
    seed_type = _int_in_range("seed", 0, MAX_SEED)

    demo = commands.add_parser(
        "demo",
        help="play one complete example hand and print its log",
        description=(
            "Play one hand of hold'em (blinds 50/100, stacks 10000) between seeded demo "
            "bots and print the hand log: seats, actions, board, showdown, pots, payoffs."
        ),
    )
    demo.add_argument(
        "--seed", type=seed_type, default=1, help="seed for the deal and the policy (default 1)"
    )
    demo.add_argument(
        "--players",
        type=players_type,
        default=6,
        help=f"number of players, {MIN_SEATS} to {MAX_SEATS} (default 6)",
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
        help=f"number of players, {MIN_SEATS} to {MAX_SEATS} (default 6)",
    )
    threads_type = _int_in_range("threads", 1, 1024)
    rp = commands.add_parser(
        "replay",
        help="replay PHH hand histories and check them",
        description=(
            "Replay every hand of the .phh/.phhs files given (folders are searched), each action "
            "checked as legal, and compare the result with the recorded finishing_stacks. "
            "Exit status 1 when any hand fails."
        ),
    )
    cv = commands.add_parser(
        "convert",
        help="write PHH hand histories as Parquet tables",
        description=(
            "Replay the hands of the files given and write two Parquet tables: one row per hand "
            "(OUT) and one row per action (OUT with .actions before the suffix). Needs pyarrow "
            "(pip install 'holecards[arrow]')."
        ),
    )
    eq = commands.add_parser(
        "equity",
        help="equity of hands and ranges, exact or by Monte Carlo",
        description=(
            "How often each player wins: each PLAYER is two cards (AhKh), one card (Ah) or a range "
            "(TT+,AQs+ / AA:0.5,KK / random / 15%). Exact enumeration unless --trials or --target-se "
            "is given. With --grid, every one of the 169 starting hands against the PLAYERs given "
            "(the opponents), as a 13x13 table (and a PNG heat map with --png)."
        ),
    )
    eq.add_argument("players", nargs="+", metavar="PLAYER", help="a hand, one card, or a range")
    eq.add_argument("--board", default="", help="known board cards, e.g. 2c7d9h")
    eq.add_argument("--dead", default="", help="dead cards, e.g. As")
    eq.add_argument(
        "--trials",
        type=_int_in_range("trials", 1, 10**15),
        default=None,
        help="Monte Carlo deals (default: exact)",
    )
    eq.add_argument(
        "--target-se",
        type=float,
        default=None,
        metavar="X",
        help="Monte Carlo until every standard error is below X",
    )
    eq.add_argument(
        "--seed", type=seed_type, default=None, help="Monte Carlo seed (default: random, printed)"
    )
    eq.add_argument(
        "--threads", type=threads_type, default=None, help="cores to use (default: all)"
    )
    eq.add_argument(
        "--grid", action="store_true", help="the 169-hand grid against the PLAYERs given"
    )
    eq.add_argument(
        "--png",
        default=None,
        metavar="OUT.png",
        help="with --grid: draw the heat map (needs matplotlib)",
    )
    eq.add_argument(
        "--json", action="store_true", help="print the result (or with --grid, the grid) as JSON"
    )
    cv.add_argument("--to", required=True, metavar="OUT.parquet", help="the hands table to write")
    from . import simulate as _cli_sim

    _cli_sim.add_parser(commands, _int_in_range)
    from . import play as _cli_play

    _cli_play.add_parser(commands, _int_in_range)
    for sub in (rp, cv):
        sub.add_argument(
            "paths", nargs="+", metavar="PATH", help="a .phh or .phhs file, or a folder"
        )
        sub.add_argument(
            "--threads", type=threads_type, default=None, help="cores to use (default: all)"
        )
    return parser


def _run(args: argparse.Namespace, out: TextIO) -> int:
    command: str = args.command
    if command == "replay":
        return run_replay(args.paths, args.threads, out)
    if command == "convert":
        return run_convert(args.paths, args.to, args.threads, out)
    if command == "equity":
        return run_equity(args, out)
    if command == "play":
        from . import play as _cli_play

        return _cli_play.run(args, out, CliError)
    if command == "simulate":
        from rich.console import Console

        from . import simulate as _cli_sim

        return _cli_sim.run(
            args, out, lambda what: _LazyProgress(Console(file=sys.stderr), what), CliError
        )
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
    return 0


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
        status = _run(args, sys.stdout)
        sys.stdout.flush()
    except (CliError, HolecardsError) as exc:
        print(f"{PROG}: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"{PROG}: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader went away (``holecards demo | head``): stop quietly.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
    except OSError as exc:  # a file that cannot be read or written
        print(f"{PROG}: error: {exc}", file=sys.stderr)
        return 2
    except Exception as exc:  # a bug: still one line, never a traceback
        print(f"{PROG}: internal error: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 1
    return status


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
