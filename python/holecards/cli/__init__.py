"""The ``holecards`` command line, one module a command.

::

    holecards demo [--seed N] [--players N] [--structure no-limit|pot-limit|fixed-limit]
    holecards eval [--json] CARDS...
    holecards deal [--seed N] [--players N]
    holecards replay PATH... [--threads N]
    holecards convert PATH... --to OUT.parquet
    holecards equity PLAYER... [--board CARDS] [--trials N] [--grid [--png OUT.png]] [--json]
    holecards simulate [--hands N | --tournaments N] [--bots ...]
    holecards play [--players N] [--bots ...]

``demo.py``, ``evaluate.py``, ``deal.py``, ``replay.py`` (replay and convert),
``equity.py``, ``simulate.py`` and ``play.py`` each add their command's
arguments and run it; ``_common.py`` holds what they share. ``python -m
holecards`` runs the same program. Errors are reported as ``holecards: error:
<message>`` on stderr with exit status 2.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any, Callable, Dict, Optional, Sequence, TextIO

from .. import __version__, _start
from ..errors import HolecardsError
from . import deal, demo, equity, evaluate, replay
from ._common import (
    MAX_SEED as MAX_SEED,
    PROG,
    CliError,
    LazyProgress,
    Parser,
    int_in_range as int_in_range,
)

# Each command's entry point, still importable from holecards.cli.
from .deal import run_deal as run_deal
from .demo import (
    DEMO_BIG_BLIND as DEMO_BIG_BLIND,
    DEMO_SMALL_BLIND as DEMO_SMALL_BLIND,
    DEMO_STACK as DEMO_STACK,
    STRUCTURES as STRUCTURES,
    run_demo as run_demo,
)
from .equity import run_equity as run_equity
from .evaluate import run_eval as run_eval
from .replay import run_convert as run_convert, run_replay as run_replay

__all__ = ["main"]


def _run_simulate(args: argparse.Namespace, out: TextIO) -> int:
    from rich.console import Console

    from . import simulate as _cli_sim

    return _cli_sim.run(
        args, out, lambda what: LazyProgress(Console(file=sys.stderr), what), CliError
    )


def _run_stats(args: argparse.Namespace, out: TextIO) -> int:
    from . import stats as _cli_stats

    return _cli_stats.run(args, out)


def _run_play(args: argparse.Namespace, out: TextIO) -> int:
    from . import play as _cli_play

    return _cli_play.run(args, out, CliError)


#: Each command and the function that runs it.
COMMANDS: Dict[str, Callable[[argparse.Namespace, TextIO], int]] = {
    "demo": demo.run,
    "eval": evaluate.run,
    "deal": deal.run,
    "replay": replay.run,
    "convert": replay.run,
    "equity": equity.run,
    "simulate": _run_simulate,
    "play": _run_play,
    "stats": _run_stats,
}


def build_parser() -> argparse.ArgumentParser:
    """The ``holecards`` argument parser: each command's module adds its own."""
    parser = Parser(
        prog=PROG,
        description="holecards: a Texas Hold'em engine. Play a demo hand, evaluate hands, or deal.",
    )
    parser.add_argument("--version", action="version", version=f"{PROG} {__version__}")
    commands: Any = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for module in (demo, evaluate, deal, replay, equity):
        module.add_parser(commands)
    from . import play as _cli_play, simulate as _cli_sim

    _cli_sim.add_parser(commands)
    _cli_play.add_parser(commands)
    from . import stats as _cli_stats

    _cli_stats.add_parser(commands)
    return parser


def _run(args: argparse.Namespace, out: TextIO) -> int:
    command: str = args.command
    if command not in COMMANDS:  # pragma: no cover - argparse rejects unknown commands
        raise CliError(f"unknown command {command!r}")
    return COMMANDS[command](args, out)


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Run the command line; returns the exit status (0 ok, 2 for an error)."""
    try:
        _start.end()
        parser = build_parser()
        args = parser.parse_args(argv)
    except SystemExit as exc:  # --help, --version, or a usage error
        code = exc.code
        if code is None:
            return 0
        return code if isinstance(code, int) else 2
    except KeyboardInterrupt:
        print(f"{PROG}: interrupted", file=sys.stderr)
        return 130
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
