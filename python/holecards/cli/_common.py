"""What every command shares: the program's name, its error, argument types and a progress bar."""

from __future__ import annotations

import argparse
import sys
from typing import Any, Callable, NoReturn, Optional

from .._core import MAX_SEATS, MIN_SEATS

PROG = "holecards"

MAX_SEED = 2**64 - 1


class CliError(Exception):
    """A problem with the command line's input, reported without a traceback."""


class Parser(argparse.ArgumentParser):
    """An argument parser whose errors always read ``holecards: error: ...``."""

    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        self.exit(2, f"{PROG}: error: {message}\n")


def command(commands: Any, doc: Optional[str], **fields: str) -> argparse.ArgumentParser:
    """Adds the command a module's docstring describes: its first line,
    ````holecards NAME``: HELP``, names the command and gives its one-line
    help; the paragraph after it is the ``--help`` description, with any
    ``{field}`` filled in from ``fields``."""
    head, _, rest = (doc or "").partition("\n")
    name, _, help_text = head.partition(": ")
    description = rest.strip().split("\n\n")[0].format(**fields)
    parser: argparse.ArgumentParser = commands.add_parser(
        name.strip("`").split()[-1],
        help=help_text.rstrip("."),
        description=" ".join(description.split()),
    )
    return parser


def int_in_range(name: str, low: int, high: int) -> Callable[[str], int]:
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


def add_int(
    parser: argparse.ArgumentParser,
    flag: str,
    low: int,
    high: int,
    help: str,
    default: Optional[int] = None,
) -> None:
    """Adds the option ``flag`` (``--hands``), a whole number from ``low`` to
    ``high``, named in its errors as the option is (``hands``)."""
    name = flag.lstrip("-").replace("-", "_")
    parser.add_argument(flag, type=int_in_range(name, low, high), default=default, help=help)


def add_seed(parser: argparse.ArgumentParser, help: str, default: Optional[int] = None) -> None:
    """Adds ``--seed``, from 0 to 2**64-1."""
    add_int(parser, "--seed", 0, MAX_SEED, help, default=default)


def add_players(parser: argparse.ArgumentParser) -> None:
    """Adds ``--players``, as many as a hand seats (6 unless given)."""
    add_int(
        parser,
        "--players",
        MIN_SEATS,
        MAX_SEATS,
        f"number of players, {MIN_SEATS} to {MAX_SEATS} (default 6)",
        default=6,
    )


def add_threads(parser: argparse.ArgumentParser) -> None:
    """Adds ``--threads``, the cores to use (all unless given)."""
    add_int(parser, "--threads", 1, 1024, "cores to use (default: all)")


class LazyProgress:
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


def structure_of(g: Any) -> str:
    """The structure the command line deals a game at: pot-limit Omaha,
    fixed-limit stud, triple draw and badugi, no-limit for the rest."""
    if g.code.startswith("omaha"):
        return "pot-limit"
    if g.is_stud or g.code in ("2-7-triple-draw", "badugi"):
        return "fixed-limit"
    return "no-limit"


def cash_rules(g: Any, structure: str, sb: int, bb: int) -> Any:
    """A cash game's rules from ``--blinds`` (a stud game's: bring-in/small bet)."""
    from .. import Rules

    if g.is_stud:
        return Rules.stud(game=g, bring_in=sb, small_bet=bb, ante=1)
    make = {
        "pot-limit": Rules.pot_limit,
        "fixed-limit": Rules.fixed_limit,
        "no-limit": Rules.no_limit,
    }[structure]
    return make(small_blind=sb, big_blind=bb, game=g)
