"""Simulations between bots: ``holecards.simulate``.

With only built-in bots (named ``"random"``, ``"calling_station"``,
``"tight_aggressive"``) the hands are played in Rust on every core without
the GIL, in seeded chunks: the result depends on the seed only, not on the
number of threads (nor on how chunks are spread over machines: see
``ray=True``). With any Python bot (a callable taking a ``SeatView``) the
hands are played from Python, at Python speed, reproducibly from the seed
too (a different stream from the Rust run's). See docs/simulation.md.
"""

from __future__ import annotations

import functools
import math
import operator
import random
from dataclasses import dataclass
from typing import Any, Callable, List, Literal, Optional, Sequence, Tuple, Union

from .._core import (
    MAX_SEATS,
    MIN_SEATS,
    BuiltinBot,
    Game,
    Hand,
    Rules,
    SeatView,
    _play_bots,
    _sim_bot_names,
    _sim_cash,
    _sim_tournaments,
    icm,
)
from ..errors import ConfigError

BotMove = Tuple[str, int]
BotArg = Union[str, Callable[[SeatView], BotMove]]

#: The built-in bots' names.
BOT_NAMES: Tuple[str, ...] = tuple(_sim_bot_names())
_ALIASES = {"station": "calling_station", "tag": "tight_aggressive"}


@dataclass(frozen=True)
class SeatResult:
    """One seat of a cash simulation."""

    seat: int
    bot: str
    hands: int
    #: Chips won over all hands (negative: lost).
    net: int
    #: Chips won per 100 hands, and the half-width of its 95% confidence interval.
    per_100: float
    ci_95: float
    #: The same in big blinds.
    bb_per_100: float


@dataclass(frozen=True)
class SimulationResult:
    """A cash simulation: per seat, chips won per 100 hands with a 95% interval."""

    hands: int
    seed: int
    big_blind: int
    seats: List[SeatResult]
    #: "rust", "python" or "ray".
    engine: str = "rust"

    def to_text(self) -> str:
        columns = [("chips/100", ">10", ".1f"), ("95% CI", ">9", ".1f"), ("bb/100", ">8", ".2f")]
        rows = [(s.seat, s.bot, s.per_100, s.ci_95, s.bb_per_100) for s in self.seats]
        return _text_table(f"{self.hands:,} hands, seed {self.seed} ({self.engine})", columns, rows)

    def __str__(self) -> str:
        return self.to_text()


@dataclass(frozen=True)
class TournamentSeatResult:
    """One seat of a tournament simulation."""

    seat: int
    bot: str
    #: ``places[p]``: tournaments finished in place ``p + 1``.
    places: List[int]
    mean_place: float
    #: Average prize, its 95% interval, and the ICM value of the starting stacks.
    mean_prize: float
    ci_95: float
    icm: float
    #: Share of tournaments finished in a paid place.
    in_the_money: float


@dataclass(frozen=True)
class TournamentResult:
    tournaments: int
    hands: int
    seed: int
    payouts: List[int]
    seats: List[TournamentSeatResult]
    engine: str = "rust"

    def to_text(self) -> str:
        columns = [
            ("1st", ">6", ".1%"),
            ("mean place", ">10", ".2f"),
            ("mean prize", ">10", ".2f"),
            ("95% CI", ">8", ".2f"),
            ("ICM", ">8", ".2f"),
            ("ITM", ">6", ".1%"),
        ]
        n = self.tournaments
        rows = [
            (s.seat, s.bot, s.places[0] / n if n else 0.0)
            + (s.mean_place, s.mean_prize, s.ci_95, s.icm, s.in_the_money)
            for s in self.seats
        ]
        title = f"{n:,} tournaments ({self.hands:,} hands), seed {self.seed} ({self.engine})"
        return _text_table(title, columns, rows)

    def __str__(self) -> str:
        return self.to_text()


def _text_table(
    title: str, columns: Sequence[Tuple[str, str, str]], rows: Sequence[Tuple[Any, ...]]
) -> str:
    """A result as text: the title, then a row a seat: its number, its bot,
    then the values of ``columns``, each given as its header, its alignment
    and width (``">10"``) and its number format (``".1f"``)."""
    width = max(len(row[1]) for row in rows)
    heads = [format(head, place) for head, place, _ in columns]
    lines = [title, "  ".join([f"{'seat':>4}", f"{'bot':<{width}}", *heads])]
    for seat, bot, *values in rows:
        cells = [format(v, place + number) for v, (_, place, number) in zip(values, columns)]
        lines.append("  ".join([f"{seat:>4}", f"{bot:<{width}}", *cells]))
    return "\n".join(lines)


def _bot_name(b: Any) -> Optional[str]:
    if isinstance(b, str):
        return _ALIASES.get(b, b)
    return None


def _describe(b: Any) -> str:
    name = _bot_name(b)
    if name is not None:
        return name
    return getattr(b, "name", None) or getattr(b, "__name__", None) or type(b).__name__


def _mean_ci(total: int, squares: int, n: int) -> Tuple[float, float]:
    """The mean of n integers from their sum and the sum of their squares,
    and the half-width of its 95% interval, exactly up to the final divisions
    (``n * squares - total**2`` is the sample variance times ``n * (n - 1)``,
    an integer, whatever the sizes)."""
    if n == 0:
        return 0.0, 0.0
    mean = total / n
    if n < 2:
        return mean, 0.0
    spread = max(0, n * squares - total * total)
    return mean, 1.96 * math.sqrt(spread / (n * n * (n - 1)))


def _short(value: Any) -> str:
    r = repr(value)
    return r if len(r) <= 60 else r[:57] + "..."


def _int_arg(name: str, value: Any, lo: int, hi: int) -> int:
    """An integer argument from lo to hi (ints, or anything with __index__;
    not bools or floats), else a ConfigError naming it."""
    if not isinstance(value, bool):
        try:
            v = operator.index(value)
        except TypeError:
            pass
        else:
            if lo <= v <= hi:
                return v
    top = "2**64-1" if hi == 2**64 - 1 else str(hi)
    raise ConfigError(f"{name} must be an integer from {lo} to {top}, not {_short(value)}")


def _seed(seed: Optional[int]) -> int:
    if seed is None:
        return random.SystemRandom().getrandbits(64)
    return _int_arg("seed", seed, 0, 2**64 - 1)


def simulate(
    bots: Sequence[BotArg],
    *,
    hands: Optional[int] = None,
    tournaments: Optional[int] = None,
    rules: Optional[Rules] = None,
    stacks: Union[int, Sequence[int], None] = None,
    levels: Optional[Sequence[Sequence[int]]] = None,
    hands_per_level: int = 10,
    payouts: Optional[Sequence[int]] = None,
    ante: str = "uniform",
    structure: str = "no-limit",
    seed: Optional[int] = None,
    threads: Optional[int] = None,
    progress: Optional[Callable[[int, int], Any]] = None,
    ray: bool = False,
    max_hands: int = 1_000_000,
    game: Union[Game, str, None] = None,
    mix: Union[str, Sequence[Tuple[str, Union[Game, str]]], None] = None,
    rotation: str = "orbit",
) -> Union[SimulationResult, TournamentResult]:
    """Plays ``hands`` cash hands (or ``tournaments`` single-table
    tournaments) between ``bots``, one per seat, and returns each seat's
    results. See docs/simulation.md."""
    if isinstance(bots, (str, bytes)):
        raise ConfigError(
            f"bots is a list of bots, one a seat (['random'] * 6), not the string {bots!r}"
        )
    bots = list(bots)
    n = len(bots)
    if not MIN_SEATS <= n <= MAX_SEATS:
        raise ConfigError(
            f"a simulation needs {MIN_SEATS} to {MAX_SEATS} bots, one a seat, not {n}"
        )
    for i, b in enumerate(bots):
        name = _bot_name(b)
        if name is not None and name not in BOT_NAMES:
            raise ConfigError(
                f"no built-in bot is called {b!r} (seat {i}): the built-in bots are {', '.join(repr(x) for x in BOT_NAMES)}"
            )
        if name is None and not callable(b):
            raise ConfigError(
                f"the bot for seat {i} is {b!r}: give a built-in bot's name or a callable taking a SeatView"
            )
    if (hands is None) == (tournaments is None):
        raise ConfigError("give hands=N (cash hands) or tournaments=N, one of them")
    count: Any = hands if hands is not None else tournaments
    what = "hands" if hands is not None else "tournaments"
    if not isinstance(count, (bool, int)) and hasattr(count, "__index__"):
        count = count.__index__()  # a NumPy integer
    if isinstance(count, bool) or not isinstance(count, int) or count < 1:
        raise ConfigError(
            f"the number of {what} must be a whole number, 1 or more, not {_short(count)}"
        )
    count = _int_arg(what, count, 1, 2**64 - 1)
    if hands is not None:
        hands = count
    else:
        tournaments = count
    seed = _seed(seed)
    if threads is not None:
        threads = _int_arg("threads", threads, 1, 1024)
    max_hands = _int_arg("max_hands", max_hands, 1, 2**64 - 1)
    run = _Run(bots, [_bot_name(b) for b in bots], seed, threads, progress, ray)
    if ray and not run.native:
        raise ConfigError(
            "ray=True runs built-in bots only (Python bots would have to travel to the workers)"
        )
    if game is not None:
        game = Game(game)
    if hands is not None:
        if game is not None:
            if rules is None:
                rules = Rules.no_limit(small_blind=1, big_blind=2, game=game)
            elif isinstance(rules, Rules) and rules.game != game:
                raise ConfigError(
                    f"the rules deal {rules.game.name} but game= says {game.name}: give one of them"
                )
        if mix is not None:
            raise ConfigError("mix= is a tournament's (a cash simulation plays one game)")
        for name, given in (
            ("levels", levels is not None),
            ("payouts", payouts is not None),
            ("hands_per_level", hands_per_level != 10),
        ):
            if given:
                raise ConfigError(
                    f"{name}= is a tournament's: a cash simulation (hands=) takes rules="
                )
        return _cash(run, hands, rules, stacks)
    # (settings that would be ignored are refused: the caller believes them)
    if rules is not None:
        raise ConfigError(
            "rules= is a cash simulation's: tournaments take levels=, structure=, game= or mix="
        )
    if mix is not None and game is not None:
        raise ConfigError("give game= or mix=, not both: a mixed tournament's games are the mix's")
    return _tournaments(
        run,
        tournaments or 0,
        levels,
        hands_per_level,
        stacks,
        payouts,
        ante,
        structure,
        max_hands,
        game if game is not None else Game("holdem"),
        mix,
        rotation,
    )


@dataclass(frozen=True)
class _Run:
    """What cash and tournament simulations share: the bots and how to run them."""

    bots: List[Any]
    names: List[Optional[str]]  # each built-in bot's name, None for a Python bot
    seed: int
    threads: Optional[int]
    progress: Any
    ray: bool

    @property
    def native(self) -> bool:
        """Every seat is a built-in bot, so the engine plays the hands without Python."""
        return all(x is not None for x in self.names)

    @property
    def builtin_names(self) -> List[str]:
        return [str(x) for x in self.names]

    def players(self) -> List[Callable[[SeatView], BotMove]]:
        """The bots for Python's own loop: built-in ones seeded from the run's seed."""
        return [
            BuiltinBot(x, seed=(self.seed + 1 + i) % 2**64) if x is not None else b
            for i, (x, b) in enumerate(zip(self.names, self.bots))
        ]


def _stack_list(stacks: Union[int, Sequence[int], None], n: int, default: int) -> List[int]:
    if stacks is None:
        return [default] * n
    bad = ConfigError(
        f"stacks must be one number or {n} numbers (one a seat), each an integer from 1 to 2**64-1 chips, not {_short(stacks)}"
    )
    if isinstance(stacks, int) and not isinstance(stacks, bool):
        if not 1 <= stacks < 2**64:
            raise bad
        return [stacks] * n
    try:
        out = list(stacks)  # type: ignore[arg-type]
    except TypeError:
        raise bad from None
    if len(out) != n or not all(
        isinstance(s, int) and not isinstance(s, bool) and 1 <= s < 2**64 for s in out
    ):
        raise bad
    return out


def _cash(run: _Run, hands: int, rules: Optional[Rules], stacks: Any) -> SimulationResult:
    n, seed, progress = len(run.bots), run.seed, run.progress
    rules = rules if rules is not None else Rules.no_limit(small_blind=1, big_blind=2)
    if not isinstance(rules, Rules):
        raise ConfigError(
            "rules must be a holecards.Rules, e.g. Rules.no_limit(small_blind=1, big_blind=2)"
        )
    # (a stud game's bets are counted in its small bet)
    bb = max(rules.big_blind or rules.small_bet or 0, 1)
    stack_list = _stack_list(stacks, n, 100 * bb)
    engine = "rust"
    if run.native and run.ray:
        from . import _ray

        done, net, sq = _ray.cash(rules, stack_list, run.builtin_names, hands, seed)
        engine = "ray"
    elif run.native:
        done, net, sq = _sim_cash(
            rules, stack_list, run.builtin_names, hands, seed, run.threads, None, None, progress
        )
    else:
        engine = "python"
        players = run.players()
        net = [0] * n
        sq = [0] * n
        rng = random.Random(seed)
        for i in range(hands):
            hand = Hand(rules, stack_list, button=i % n, seed=rng.getrandbits(64))
            _play_bots(hand, players)
            for s, (end, start) in enumerate(zip(hand.stacks, stack_list)):
                net[s] += end - start
                sq[s] += (end - start) ** 2
            if progress is not None and (i + 1) % 100 == 0:
                progress(i + 1, hands)
        done = hands
    seats = []
    for s in range(n):
        mean, ci = _mean_ci(net[s], sq[s], done)
        seats.append(
            SeatResult(
                seat=s,
                bot=_describe(run.bots[s]),
                hands=done,
                net=net[s],
                per_100=100 * mean,
                ci_95=100 * ci,
                bb_per_100=100 * mean / bb,
            )
        )
    return SimulationResult(hands=done, seed=seed, big_blind=bb, seats=seats, engine=engine)


def _default_levels(stud: bool) -> List[Tuple[int, ...]]:
    """The default schedule; with a stud game, each level's ante (a fifth of
    the big blind, the small bet) and bring-in (a quarter)."""
    if not stud:
        return list(_DEFAULT_LEVELS)
    return [(sb, bb, max(1, bb // 5), max(1, bb // 4)) for sb, bb in _DEFAULT_LEVELS]


_STRUCTURES = {"fixed-limit": 0, "pot-limit": 1, "no-limit": 2}
_DEFAULT_LEVELS = [
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
]


def _levels(levels: Optional[Sequence[Sequence[int]]], stud: bool = False) -> List[Tuple[int, ...]]:
    if levels is None:
        return _default_levels(stud)
    bad = ConfigError(
        f"levels must be a list of (small blind, big blind), (small blind, big blind, ante) or (small blind, big blind, ante, bring-in), integers from 0 to 2**64-1, not {_short(levels)}"
    )
    try:
        out = [tuple(x) for x in levels]
    except TypeError:
        raise bad from None
    if not out:
        raise ConfigError("levels must hold at least one level (None: the default levels)")
    if not all(
        len(x) in (2, 3, 4)
        and all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v < 2**64 for v in x)
        for x in out
    ):
        raise bad
    return out


def _payouts(payouts: Optional[Sequence[int]], n: int) -> List[int]:
    if payouts is None:
        return [65, 35] if n <= 6 else [50, 30, 20]
    bad = ConfigError(
        f"payouts must be a list of integers from 0 to 2**64-1, not {_short(payouts)}"
    )
    try:
        out = list(payouts)
    except TypeError:
        raise bad from None
    if not all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v < 2**64 for v in out):
        raise bad
    if sum(out) >= 2**64:
        raise ConfigError("the payouts add up to more than 2**64-1 chips")
    return out


def _tournaments(
    run: _Run,
    count: int,
    levels: Optional[Sequence[Sequence[int]]],
    hands_per_level: int,
    stacks: Any,
    payouts: Optional[Sequence[int]],
    ante: str,
    structure: str,
    max_hands: int,
    game: Game,
    mix: Any = None,
    rotation: str = "orbit",
) -> TournamentResult:
    from .._core import Tournament

    n, seed, progress = len(run.bots), run.seed, run.progress

    # (both named mixes have stud games, whose levels need a bring-in)
    stud = game.is_stud or isinstance(mix, str)
    if mix is not None and not isinstance(mix, str):
        try:
            stud = any(Game(g).is_stud for _, g in mix)
        except (TypeError, ValueError):
            stud = False  # (the engine names what is wrong with the mix)
    levels = _levels(levels, stud)
    hands_per_level = _int_arg("hands_per_level", hands_per_level, 1, 2**32 - 1)
    stack_list = _stack_list(stacks, n, 1500)
    pay = _payouts(payouts, n)
    if structure not in _STRUCTURES:
        raise ConfigError(
            f"structure must be one of {', '.join(repr(s) for s in _STRUCTURES)}, not {structure!r}"
        )
    if game.is_stud and structure == "no-limit":
        # (the default structure: a stud game is played at fixed limit)
        structure = "fixed-limit"
    if ante not in ("uniform", "big_blind"):
        raise ConfigError("ante must be 'uniform' or 'big_blind'")
    ante_kind: Literal["uniform", "big_blind"] = "big_blind" if ante == "big_blind" else "uniform"
    if mix is not None:
        new_tournament = functools.partial(
            Tournament,
            levels,
            stack_list,
            pay,
            hands_per_level=hands_per_level,
            ante=ante_kind,
            mix=mix,
            rotation=rotation,
        )
    else:
        new_tournament = functools.partial(
            Tournament,
            levels,
            stack_list,
            pay,
            structure=structure,
            hands_per_level=hands_per_level,
            ante=ante_kind,
            game=game,
            rotation=rotation,
        )
    # The engine checks the schedule (and everything else) when it builds the first tournament.
    first = new_tournament(seed=0)
    mix_pairs = [(int(s), g.code) for s, g in first.mix] if mix is not None else None
    quads: List[Tuple[int, ...]] = []
    for lv in levels:
        sb, bb, a, b = (list(lv) + [0, 0])[:4]
        quads.append((sb, bb, 0, a, b) if ante == "big_blind" else (sb, bb, a, 0, b))
    engine = "rust"
    # What the engine's simulation takes, on this machine's cores or on Ray's.
    native_args = (
        _STRUCTURES[structure],
        quads,
        hands_per_level,
        stack_list,
        pay,
        run.builtin_names,
        count,
        seed,
    )
    if run.native and run.ray:
        from . import _ray

        done, hands, places, prizes, sq = _ray.tournaments(
            *native_args, max_hands, game.code, mix_pairs, rotation
        )
        engine = "ray"
    elif run.native:
        done, hands, places, prizes, sq = _sim_tournaments(
            *native_args,
            run.threads,
            None,
            None,
            max_hands,
            progress,
            game,
            mix_pairs,
            rotation,
        )
    else:
        engine = "python"
        players = run.players()
        places = [[0] * n for _ in range(n)]
        prizes = [0] * n
        sq = [0] * n
        hands = 0
        rng = random.Random(seed)
        for t in range(count):
            tour = new_tournament(button=t % n, seed=rng.getrandbits(64))
            k = 0
            while not tour.is_over:
                if k >= max_hands:
                    raise ConfigError(
                        f"tournament {t} is still going after {k} hands: raise the levels or max_hands"
                    )
                tour.play(players)
                k += 1
            hands += k
            for f in tour.results:
                places[f.seat][min(max(f.place, 1), n) - 1] += 1
                prizes[f.seat] += f.prize
                sq[f.seat] += f.prize * f.prize
            if progress is not None:
                progress(t + 1, count)
        done = count
    start_icm = icm(stack_list, pay[:n])
    paid = len([p for p in pay if p > 0])
    seats = []
    for s in range(n):
        mean, ci = _mean_ci(prizes[s], sq[s], done)
        mean_place = sum((p + 1) * c for p, c in enumerate(places[s])) / done if done else 0.0
        itm = sum(places[s][:paid]) / done if done else 0.0
        seats.append(
            TournamentSeatResult(
                seat=s,
                bot=_describe(run.bots[s]),
                places=list(places[s]),
                mean_place=mean_place,
                mean_prize=mean,
                ci_95=ci,
                icm=start_icm[s],
                in_the_money=itm,
            )
        )
    return TournamentResult(
        tournaments=done, hands=hands, seed=seed, payouts=pay, seats=seats, engine=engine
    )
