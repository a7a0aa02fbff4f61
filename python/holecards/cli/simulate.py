"""``holecards simulate``: bots against bots: many hands or tournaments, results per seat.

Plays built-in bots against each other, one BOT per seat, in Rust on
every core, reproducibly from --seed: {bots} (or tag, station). Cash
hands (--hands, the default 100000) report chips won per 100 hands with
a 95% confidence interval; --tournaments reports places, prizes and the
ICM of the starting stacks.
"""

from __future__ import annotations

import argparse
import json
from typing import Any, TextIO, Union

from ..sim import BOT_NAMES, SimulationResult, TournamentResult, simulate
from ._common import add_int, add_seed, add_threads, command


def add_parser(commands: Any) -> None:
    sim = command(commands, __doc__, bots=", ".join(BOT_NAMES))
    sim.add_argument("bots", nargs="+", metavar="BOT", help="a built-in bot's name, one per seat")
    add_int(sim, "--hands", 1, 10**12, "cash hands (default 100000)")
    add_int(sim, "--tournaments", 1, 10**9, "single-table tournaments instead of cash hands")
    sim.add_argument(
        "--blinds",
        default=None,
        metavar="SB/BB",
        help="cash blinds (default 1/2; a limit game's small bet is the big blind); in a stud"
        " game the bring-in and the small bet (default 1/4, with an ante of 1)",
    )
    add_int(
        sim, "--stack", 1, 2**50, "starting stack (default 100 big blinds; 1500 in tournaments)"
    )
    sim.add_argument(
        "--game",
        default=None,
        metavar="GAME",
        help="the game (holdem, omaha, omaha5, omaha6, omaha-hi-lo, short-deck, royal, stud,"
        " stud-hi-lo, razz, 2-7-triple-draw, 2-7-single-draw, badugi); the Omaha games are"
        " pot-limit, the stud games, triple draw and badugi fixed-limit, the others no-limit"
        " (default holdem)",
    )
    sim.add_argument(
        "--mix",
        default=None,
        metavar="MIX",
        help="with --tournaments: a mixed game, 'horse' or '8-game' (instead of --game)",
    )
    add_seed(sim, "seed (default: random, printed)")
    add_threads(sim)
    sim.add_argument("--json", action="store_true", help="print the result as JSON")


def run(args: argparse.Namespace, out: TextIO, progress_factory: Any, error: Any) -> int:
    from rich.console import Console
    from rich.table import Table

    from .. import Game
    from ..errors import HolecardsError
    from ._common import cash_rules, structure_of

    if args.mix is not None and args.game is not None:
        raise error("give --game or --mix, not both: a mixed tournament's games are the mix's")
    if args.tournaments is not None and args.blinds is not None:
        raise error("--blinds is for cash hands: a tournament's blinds are its levels")
    try:
        game = Game(args.game or "holdem")
    except HolecardsError as e:
        raise error(f"--game: {e}") from None
    structure = structure_of(game)
    if args.hands is not None and args.tournaments is not None:
        raise error("give --hands or --tournaments, not both")
    if args.mix is not None and args.tournaments is None:
        raise error("--mix is a tournament's: add --tournaments N")
    blinds = args.blinds or ("1/4" if game.is_stud else "1/2")
    try:
        sb, bb = (int(x) for x in blinds.split("/"))
    except ValueError:
        raise error(f"--blinds must be two whole numbers like 1/2, not {blinds!r}") from None
    console = Console(file=out, highlight=False, soft_wrap=True, width=110)
    bar = progress_factory("tournaments" if args.tournaments else "hands")
    try:
        result: Union[SimulationResult, TournamentResult]
        if args.tournaments is not None:
            result = simulate(
                args.bots,
                tournaments=args.tournaments,
                structure=structure,
                game=game if args.mix is None else None,
                mix=args.mix,
                stacks=args.stack,
                seed=args.seed,
                threads=args.threads,
                progress=bar,
            )
        else:
            try:
                rules = cash_rules(game, structure, sb, bb)
            except HolecardsError as e:
                raise error(f"--blinds: {e}") from None
            result = simulate(
                args.bots,
                hands=args.hands or 100_000,
                rules=rules,
                stacks=args.stack,
                seed=args.seed,
                threads=args.threads,
                progress=bar,
            )
    finally:
        bar.close()
    if args.json:
        out.write(json.dumps(_as_dict(result), indent=2) + "\n")
        return 0
    if isinstance(result, TournamentResult):
        table = Table(
            title=f"{result.tournaments:,} tournaments ({result.hands:,} hands), seed {result.seed}, payouts {result.payouts}"
        )
        for col in (
            "seat",
            "bot",
            "1st",
            "mean place",
            "mean prize",
            "95% CI",
            "ICM at start",
            "in the money",
        ):
            table.add_column(col, justify="left" if col == "bot" else "right")
        for s in result.seats:
            table.add_row(
                str(s.seat),
                s.bot,
                f"{s.places[0] / result.tournaments:.1%}",
                f"{s.mean_place:.2f}",
                f"{s.mean_prize:.2f}",
                f"±{s.ci_95:.2f}",
                f"{s.icm:.2f}",
                f"{s.in_the_money:.1%}",
            )
    else:
        stakes = f"bring-in {sb}, limits {bb}/{2 * bb}" if game.is_stud else f"blinds {sb}/{bb}"
        table = Table(
            title=f"{result.hands:,} hands of {structure} {game.name}, {stakes}, seed {result.seed}"
        )
        for col in ("seat", "bot", "chips / 100 hands", "95% CI", "bb / 100 hands"):
            table.add_column(col, justify="left" if col == "bot" else "right")
        for c in result.seats:
            table.add_row(
                str(c.seat), c.bot, f"{c.per_100:+.1f}", f"±{c.ci_95:.1f}", f"{c.bb_per_100:+.2f}"
            )
    console.print(table)
    return 0


def _as_dict(r: Union[SimulationResult, TournamentResult]) -> dict[str, Any]:
    from dataclasses import asdict

    return asdict(r)
