"""``holecards equity``: equity of hands and ranges, exact or by Monte Carlo.

How often each player wins: each PLAYER is two cards (AhKh), one card
(Ah) or a range (TT+,AQs+ / AA:0.5,KK / random / 15%). Exact enumeration
unless --trials or --target-se is given. With --grid, every one of the
169 starting hands against the PLAYERs given (the opponents), as a 13x13
table (and a PNG heat map with --png). With --game GAME (omaha, omaha5,
omaha-hi-lo, short-deck, royal, ...), each PLAYER is the known cards of a
hand of that game (AsAhKsKh), some of them (As: the rest dealt at random),
"random", or in the Omaha games a range (AAxx:ds,KQJT; exact when the count
of deals allows, else give --trials); the
hi/lo games also show each player's shares of the high and of the low, and
scoops. In the stud games (stud, stud-hi-lo, razz) each PLAYER is the
cards known of its hand, up and down alike (As2h3d: the rest dealt at
random), --dead the cards folded players showed, --unseen-out how many
unseen cards they took out; there is no board.
"""

from __future__ import annotations

import argparse
import os
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
    if args.game != "holdem" and args.png and not args.grid:
        raise CliError(f"--png is for hold'em (the --grid picture), not {args.game}")
    if args.game != "holdem":
        return _run_omaha(args, out, console)
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
            # (a name without a suffix gets .png, as matplotlib writes it)
            png = args.png if os.path.splitext(args.png)[1] else args.png + ".png"
            try:
                grid.to_png(png)
            except ImportError as exc:
                raise CliError(str(exc)) from None
            except (OSError, ValueError) as exc:
                raise CliError(f"cannot write the picture {png}: {exc}") from None
            console.print(f"picture -> {png}", markup=False)
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


def _run_omaha(args: argparse.Namespace, out: TextIO, console: Any) -> int:
    """Equity in a game other than hold'em: known, partly known or random
    hands (no ranges, grid or target error)."""
    from rich.table import Table

    from .. import Game, parse_cards
    from .._equity import game_equity, omaha_equity
    from ..errors import HolecardsError

    for flag, given in (("--grid", args.grid), ("--target-se", args.target_se is not None)):
        if given:
            raise CliError(f"{flag} is for hold'em only, not --game {args.game}")
    if len(args.players) < 2:
        raise CliError("equity needs at least two players")
    code = "omaha-hi-lo" if args.game == "omaha-hilo" else args.game
    try:
        game = Game(code)
    except HolecardsError as e:
        raise CliError(f"--game: {e}") from None
    hilo = game.hi_lo
    hands = [None if p.lower() in ("random", "?") else p for p in args.players]

    def known_size(h: Any) -> int:
        try:
            return 0 if h is None else len(parse_cards(h))
        except HolecardsError:
            return 0  # a range

    # known Omaha hands of 4 to 6 cards: omaha_equity, which takes mixed sizes
    full_omaha = code in ("omaha", "omaha-hi-lo") and all(known_size(h) >= 4 for h in hands)
    if full_omaha:
        # known Omaha hands of 4 to 6 cards, sizes free
        result = omaha_equity(
            args.players,
            args.board,
            args.dead,
            hilo=hilo,
            trials=args.trials,
            seed=args.seed,
            threads=args.threads,
        )
    else:
        result = game_equity(
            game,
            hands,
            args.board,
            args.dead,
            trials=args.trials,
            seed=args.seed,
            threads=args.threads,
            unseen_out=args.unseen_out,
        )
    if args.json:
        import json

        payload = {
            "game": args.game,
            "players": list(args.players),
            "equities": result.equities,
            "high_shares": result.high_shares,
            "low_shares": result.low_shares,
            "scoops": result.scoops,
            "low_deals": result.low_deals,
            "deals": result.deals,
            "exact": result.exact,
            "seed": result.seed,
        }
        print(json.dumps(payload), file=out)
        return 0
    how = "exact" if result.exact else f"Monte Carlo, seed {result.seed}"
    table = Table(title=f"{game.name} equity ({how}, {result.deals:,} deals)")
    columns = ("player", "hand", "equity") + (("high", "low", "scoop") if hilo else ())
    for name in columns:
        table.add_column(name, justify="left" if name in ("player", "hand") else "right")
    for i, hand in enumerate(args.players):
        row = [str(i + 1), hand, f"{100 * result.equities[i]:.2f}%"]
        if hilo:
            row += [
                f"{100 * result.high_shares[i]:.2f}%",
                f"{100 * result.low_shares[i]:.2f}%",
                f"{100 * result.scoops[i] / result.deals:.2f}%",
            ]
        table.add_row(*row)
    console.print(table)
    if hilo:
        console.print(f"a low qualified on {100 * result.low_deals / result.deals:.2f}% of boards")
    return 0


def add_parser(commands: Any) -> None:
    """The ``equity`` command's arguments."""
    eq = command(commands, __doc__)
    eq.add_argument("players", nargs="+", metavar="PLAYER", help="a hand, one card, or a range")
    eq.add_argument("--board", default="", help="known board cards, e.g. 2c7d9h")
    eq.add_argument(
        "--game",
        default="holdem",
        metavar="GAME",
        help="holdem (default), omaha, omaha5, omaha6, omaha-hi-lo (or omaha-hilo),"
        " short-deck, royal, stud, stud-hi-lo, razz, ...: hands of that game, known,"
        " partly known or random",
    )
    eq.add_argument("--dead", default="", help="dead cards, e.g. As")
    add_int(
        eq,
        "--unseen-out",
        0,
        52,
        "stud: how many unseen cards folded players took out of the deck (their down cards)",
        default=0,
    )
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
