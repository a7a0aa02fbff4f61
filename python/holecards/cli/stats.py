"""``holecards stats``: tracker statistics of hand histories.

Read the hands of the files given (PHH files, PokerStars or GGPoker hand
history text files, or folders of them) and print, per player, the statistics trackers
show: hands, VPIP, PFR, three-bet, fold to three-bet, c-bet, fold to c-bet,
aggression factor, went to showdown, won at showdown, winnings, big
blinds per 100 hands and all-in adjusted big blinds per 100 hands
(definitions: docs/stats.md). With --player, that player only, by
position too, and with --png a bankroll graph (needs matplotlib).
"""

from __future__ import annotations

import argparse
import os
from typing import Any, List, Optional, Sequence, TextIO

from ._common import CliError, command


def _pct(x: Optional[float]) -> str:
    return "-" if x is None else f"{x:.1f}"


def _load(paths: Sequence[str], out: TextIO) -> tuple[List[Any], int]:
    """Every hand under ``paths``, and how many site hands did not convert."""
    from .._stats import hands_under

    missing = [p for p in paths if not os.path.exists(p)]
    if missing:
        raise CliError(f"no such file or folder: {missing[0]}")
    hands, problems, unreadable = hands_under(paths)
    for why in unreadable:
        print(f"skipped {why}", file=out)
    return hands, problems


def run_stats(
    paths: Sequence[str], player: Optional[str], out: TextIO, png: Optional[str] = None
) -> int:
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    from .._stats import stats

    if png is not None:
        # (checked before the work: nothing printed, then a refusal)
        if player is None:
            raise CliError("--png draws one player's graph: give --player NAME")
        if not png.lower().endswith(".png"):
            raise CliError(f"--png writes a PNG: {png!r} does not end in .png")
    hands, problems = _load(paths, out)
    if not hands:
        raise CliError("no hands found in " + ", ".join(paths))
    report = stats(hands, player=player)
    if player is not None and player not in report.players:
        raise CliError(f"no hands of {player!r} among the {report.hands} hands read")
    console = Console(file=out, highlight=False, width=140)
    plural = "" if report.hands == 1 else "s"
    table = Table(title=f"{report.hands:,} hand{plural}", title_justify="left")
    for col in (
        "player",
        "hands",
        "VPIP",
        "PFR",
        "3bet",
        "F3bet",
        "cbet",
        "Fcbet",
        "AF",
        "WTSD",
        "W$SD",
        "winnings",
        "bb/100",
        "adj bb/100",
    ):
        table.add_column(col, justify="left" if col == "player" else "right")
    rows = (
        [(f"{player} {pos}", s) for (name, pos), s in sorted(report.by_position.items())]
        if player is not None
        else []
    )
    ordered = sorted(report.players.items(), key=lambda kv: (-kv[1].hands, kv[0]))
    for name, s in ordered[:200] + rows:
        af = "-" if s.aggression_factor is None else f"{s.aggression_factor:.2f}"
        bb = "-" if s.bb_per_100 is None else f"{s.bb_per_100:.1f}"
        adj = "-" if s.allin_adjusted_bb_per_100 is None else f"{s.allin_adjusted_bb_per_100:.1f}"
        table.add_row(
            # (a player's name as written: never read as markup)
            Text(name),
            f"{s.hands:,}",
            _pct(s.vpip),
            _pct(s.pfr),
            _pct(s.three_bet),
            _pct(s.fold_to_three_bet),
            _pct(s.cbet),
            _pct(s.fold_to_cbet),
            af,
            _pct(s.wtsd),
            _pct(s.wsd),
            str(s.winnings),
            bb,
            adj,
        )
    console.print(table)
    if len(ordered) > 200:
        console.print(f"... and {len(ordered) - 200} more players", markup=False)
    if report.skipped:
        console.print(
            f"{report.skipped} hands skipped (stud and draw games, histories that do not "
            "replay or whose recorded stacks do not add up); the first:",
            markup=False,
        )
        for why in report.skipped_why[:5]:
            console.print(f"  {why}", markup=False)
    if problems:
        console.print(f"{problems} site hands did not convert (holecards convert lists them)")
    if png is not None:
        if not report.series:
            raise CliError(
                f"no hand of {player!r} has a result to draw (its showdowns' cards "
                "unknown and no stacks recorded): no graph written"
            )
        try:
            report.plot_bankroll(png, title=f"{player}: {len(report.series):,} hands")
        except ImportError as e:
            raise CliError(str(e)) from None
        except OSError as e:
            raise CliError(f"cannot write {png}: {e.strerror or e}") from None
        console.print(f"bankroll graph -> {png}")
    return 0


def add_parser(commands: Any) -> None:
    p = command(commands, __doc__)
    p.add_argument("paths", nargs="+", metavar="PATH", help="PHH or site files, or folders")
    p.add_argument("--player", metavar="NAME", help="one player, by position too")
    p.add_argument(
        "--png", metavar="PATH", help="with --player: write a bankroll graph (needs matplotlib)"
    )


def run(args: argparse.Namespace, out: TextIO) -> int:
    return run_stats(args.paths, args.player, out, args.png)
