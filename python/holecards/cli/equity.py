"""``holecards equity``: equity of hands and ranges, exact or by Monte Carlo.

How often each player wins: each PLAYER is two cards (AhKh), one card
(Ah) or a range (TT+,AQs+ / AA:0.5,KK / random / 15%). Exact enumeration
unless --trials or --target-se is given. With --grid, every one of the
169 starting hands against the PLAYERs given (the opponents), as a 13x13
table (and a PNG heat map with --png).
"""

from __future__ import annotations

import argparse
import sys
from typing import Any, TextIO

from ._common import CliError, LazyProgress, add_int, add_seed, add_threads, command


def run_equity(args: argparse.Namespace, out: TextIO) -> int:
    """Equity of the players given, or the 169-hand grid against them."""
    from rich.console import Console
    from rich.table import Table

    from .._equity import equity, equity_grid

    console = Console(file=out, highlight=False, soft_wrap=True)
    bar = LazyProgress(Console(file=sys.stderr), "grid" if args.grid else "equity")
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


def add_parser(commands: Any) -> None:
    """The ``equity`` command's arguments."""
    eq = command(commands, __doc__)
    eq.add_argument("players", nargs="+", metavar="PLAYER", help="a hand, one card, or a range")
    eq.add_argument("--board", default="", help="known board cards, e.g. 2c7d9h")
    eq.add_argument("--dead", default="", help="dead cards, e.g. As")
    add_int(eq, "--trials", 1, 10**15, "Monte Carlo deals (default: exact)")
    eq.add_argument(
        "--target-se",
        type=float,
        default=None,
        metavar="X",
        help="Monte Carlo until every standard error is below X",
    )
    add_seed(eq, "Monte Carlo seed (default: random, printed)")
    add_threads(eq)
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


def run(args: argparse.Namespace, out: TextIO) -> int:
    return run_equity(args, out)
