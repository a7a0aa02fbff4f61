"""Bots and simulation: holecards.simulate (Rust and Python paths), the
built-in bots as Python bots, and the simulate and play subcommands driven
as a user would (a subprocess, scripted input)."""

from __future__ import annotations

import json
import math
import re
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import holecards
from cli_run import cli
from holecards import ConfigError, Rules, Table
from holecards.sim import BuiltinBot, SimulationResult, TournamentResult

BOTS6 = ["tight_aggressive", "random", "calling_station", "random", "random", "random"]


def test_simulation_is_reproducible_and_independent_of_threads() -> None:
    a = holecards.simulate(BOTS6, hands=10_000, seed=7, threads=1)
    b = holecards.simulate(BOTS6, hands=10_000, seed=7, threads=2)
    assert isinstance(a, SimulationResult) and a == b
    assert a.hands == 10_000 and a.engine == "rust"
    assert sum(s.net for s in a.seats) == 0  # every chip won was lost by someone
    c = holecards.simulate(BOTS6, hands=10_000, seed=8)
    assert c != a
    # Without a seed: a random one, reported, which reproduces the run.
    d = holecards.simulate(BOTS6[:2], hands=3000)
    assert holecards.simulate(BOTS6[:2], hands=3000, seed=d.seed) == d


def test_per_100_and_interval_follow_from_the_totals() -> None:
    r = holecards.simulate(["tag", "random"], hands=20_000, seed=1)
    tag, rnd = r.seats
    assert tag.bot == "tight_aggressive" and rnd.bot == "random"
    assert tag.per_100 == pytest.approx(100 * tag.net / r.hands)
    assert tag.bb_per_100 == pytest.approx(tag.per_100 / 2)
    assert tag.per_100 - tag.ci_95 > 0, "the tight-aggressive bot beats the random one"
    assert tag.net == -rnd.net


def test_python_bots_play_at_python_speed_reproducibly() -> None:
    calls = []

    def checker(view: holecards.SeatView) -> tuple[str, int]:
        calls.append(view.seat)
        assert view.legal_actions() is not None
        assert view.hole_cards is not None and len(view.hole_cards) == 2  # its own cards
        assert view.shown == {} or view.is_over  # no other seat's cards before a showdown
        return ("call", 0)

    a = holecards.simulate([checker, "random", "tag"], hands=300, seed=3)
    assert a.engine == "python" and calls
    b = holecards.simulate([checker, "random", "tag"], hands=300, seed=3)
    assert a == b
    assert sum(s.net for s in a.seats) == 0


def test_builtin_bots_as_python_bots_at_a_table() -> None:
    t = Table(Rules.no_limit(small_blind=1, big_blind=2), 4, seed=2)
    for s in range(4):
        t.sit(s, 200)
    bots = [
        BuiltinBot(name, seed=s)
        for s, name in enumerate(["random", "calling_station", "tight_aggressive", "random"])
    ]
    for _ in range(50):
        if len(t.players) < 2:
            break
        t.play(lambda view: bots[t.dealt_seats[view.seat]](view))  # type: ignore[index]
    assert t.chips == 800
    with pytest.raises(ConfigError, match="not to act"):
        h = holecards.Hand(Rules.no_limit(small_blind=1, big_blind=2), [100, 100])
        bots[0](h.view(1 - h.actor))  # type: ignore[operator]
    with pytest.raises(ConfigError, match="no built-in bot"):
        BuiltinBot("shark")


def test_tournament_simulation() -> None:
    r = holecards.simulate(
        ["tag", "random", "station", "random"], tournaments=40, seed=5, payouts=[70, 30]
    )
    assert isinstance(r, TournamentResult)
    assert r == holecards.simulate(
        ["tag", "random", "station", "random"], tournaments=40, seed=5, payouts=[70, 30], threads=1
    )
    assert sum(s.places[0] for s in r.seats) == 40
    assert all(sum(s.places) == 40 for s in r.seats)
    assert sum(s.mean_prize for s in r.seats) == pytest.approx(100)
    assert all(s.icm == pytest.approx(25) for s in r.seats)  # equal stacks
    py = holecards.simulate([BuiltinBot("tag", seed=1), "random"], tournaments=5, seed=5)
    assert py.engine == "python" and sum(s.places[0] for s in py.seats) == 5


@pytest.mark.parametrize(
    "kwargs, match",
    [
        (dict(bots=["random"], hands=10), "2 to 22 bots"),
        (dict(bots=["random", "shark"], hands=10), "no built-in bot"),
        (dict(bots=["random", 3], hands=10), "callable"),
        (dict(bots=["random", "random"]), "hands=N"),
        (dict(bots=["random", "random"], hands=10, tournaments=2), "one of them"),
        (dict(bots=["random", "random"], hands=0), "1 or more"),
        (dict(bots=["random", "random"], hands=10, seed=-1), "seed"),
        (dict(bots=["random", "random"], hands=10, stacks=[1]), "stacks"),
        (dict(bots=["random", "random"], hands=10, rules="nl"), "Rules"),
        (dict(bots=["random", "random"], tournaments=2, levels=[(2, 1)]), "level 1"),
        (dict(bots=["random", "random"], tournaments=2, structure="stud"), "structure"),
        (dict(bots=["random", lambda v: ("call", 0)], hands=10, ray=True), "built-in bots only"),
    ],
)
def test_bad_configuration(kwargs: dict[str, Any], match: str) -> None:
    bots = kwargs.pop("bots")
    with pytest.raises(ConfigError, match=match):
        holecards.simulate(bots, **kwargs)


def test_a_bot_answering_nonsense_is_named() -> None:
    with pytest.raises(ConfigError, match="the bot for seat 1"):
        holecards.simulate(["random", lambda view: "raise"], hands=5, seed=1)


def test_cli_simulate() -> None:
    r = cli("simulate", "tag", "random", "station", "--hands", "20000", "--seed", "3")
    assert r.returncode == 0, r.stderr
    assert "20,000 hands" in r.stdout and "tight_aggressive" in r.stdout and "95% CI" in r.stdout
    j = cli("simulate", "tag", "random", "--hands", "5000", "--seed", "3", "--json")
    data = json.loads(j.stdout)
    api = holecards.simulate(["tag", "random"], hands=5000, seed=3)
    assert data["seats"][0]["net"] == api.seats[0].net
    t = cli("simulate", "tag", "random", "random", "--tournaments", "20", "--seed", "1")
    assert t.returncode == 0 and "20 tournaments" in t.stdout and "ICM" in t.stdout
    for bad, msg in [
        (["simulate", "tag", "shark"], "no built-in bot"),
        (["simulate", "tag"], "2 to 22"),
        (["simulate", "tag", "tag", "--hands", "0"], "hands"),
        (["simulate", "tag", "tag", "--blinds", "x"], "blinds"),
    ]:
        r = cli(*bad)
        assert r.returncode == 2 and msg in r.stderr and "Traceback" not in r.stderr, r.stderr


def test_cli_play_with_scripted_input() -> None:
    # Bad input first (a hint, asked again), then moves, then the input runs out.
    script = "zzz\nr 1\n" + "c\n" * 40
    r = cli("play", "--players", "3", "--seed", "4", "--hands", "3", stdin=script)
    assert r.returncode == 0, r.stderr
    out = r.stdout
    assert "You are seat 0" in out and "Your cards:" in out
    assert "'zzz' is not a move" in out
    assert "Your move:" in out and "Board:" in out and "Pot:" in out
    assert "3 hands played" in out or "session over" in out
    assert "Traceback" not in r.stderr
    # The end of input mid-hand ends the session cleanly.
    r = cli("play", "--players", "4", "--seed", "1", stdin="")
    assert r.returncode == 0 and "session over" in r.stdout and "0 hands played" in r.stdout
    # q quits; a tournament game works too.
    r = cli("play", "--tournament", "--players", "3", "--seed", "2", stdin="c\nc\nq\n")
    assert r.returncode == 0 and "session over" in r.stdout
    bad = cli("play", "--bots", "shark", "--players", "2")
    assert bad.returncode == 2 and "no built-in bot" in bad.stderr and "Traceback" not in bad.stderr


def test_cli_play_and_simulate_other_games() -> None:
    r = cli(
        "play", "--game", "plo5", "--players", "3", "--seed", "4", "--hands", "2", stdin="c\n" * 30
    )
    assert r.returncode == 0, r.stderr
    assert "pot-limit 5-card Omaha" in r.stdout
    cards = re.search(r"Your cards: (.*)", r.stdout)
    assert cards is not None and len(cards.group(1).split()) == 5
    r = cli("simulate", "tag", "random", "--hands", "2000", "--seed", "3", "--game", "omaha-hi-lo")
    assert r.returncode == 0 and "pot-limit Omaha hi/lo" in r.stdout, r.stderr
    t = cli("simulate", "tag", "random", "--tournaments", "5", "--seed", "1", "--game", "royal")
    assert t.returncode == 0 and "5 tournaments" in t.stdout, t.stderr
    for argv, msg in [
        (["play", "--game", "draw"], "unknown game"),
        (["play", "--game", "royal", "--players", "7"], "at most 6 players"),
        (["play", "--game", "razz", "--blinds", "4/4"], "bring-in must be"),
        (["play", "--mix", "horse"], "add --tournament"),
        (["play", "--tournament", "--mix", "pineapple"], "no mix is called"),
        (["simulate", "tag", "tag", "--game", "plo9"], "unknown game"),
        (["simulate", "tag", "tag", "--mix", "horse"], "add --tournaments"),
    ]:
        r = cli(*argv)
        assert r.returncode == 2 and msg in r.stderr and "Traceback" not in r.stderr, r.stderr


def test_cli_play_stud_draw_and_mixed_games() -> None:
    # Razz at the terminal: antes, up cards in the table, the bring-in.
    r = cli(
        "play", "--game", "razz", "--players", "3", "--seed", "4", "--hands", "2", stdin="c\n" * 40
    )
    assert r.returncode == 0, r.stderr
    out = r.stdout
    assert "fixed-limit razz" in out and "bring-in 1, limits 4/8, ante 1" in out
    assert "antes 1" in out and "face up" in out and "up cards" in out
    assert "2 hands played" in out and "Traceback" not in r.stderr
    # Triple draw: a bad draw gets a hint, then discards and standing pat.
    script = "c\nc\nc\nc\nd Zz\nd\np\n" + "c\np\n" * 20
    r = cli(
        "play",
        "--game",
        "2-7-triple-draw",
        "--players",
        "2",
        "--seed",
        "5",
        "--hands",
        "1",
        stdin=script,
    )
    assert r.returncode == 0, r.stderr
    out = r.stdout
    assert "fixed-limit 2-7 triple draw" in out and "In a draw: d CARDS" in out
    assert "stand pat" in out and "Traceback" not in r.stderr
    # A H.O.R.S.E. tournament: the game named with each hand.
    r = cli(
        "play",
        "--tournament",
        "--mix",
        "horse",
        "--players",
        "3",
        "--seed",
        "2",
        "--hands",
        "4",
        stdin="c\n" * 80,
    )
    assert r.returncode == 0, r.stderr
    assert "HORSE" in r.stdout and "fixed-limit hold'em" in r.stdout
    # Simulations of each family from the command line.
    for argv, words in [
        (["--game", "razz", "--hands", "500"], "fixed-limit razz, bring-in 1, limits 4/8"),
        (["--game", "badugi", "--hands", "500"], "fixed-limit badugi, blinds 1/2"),
        (["--tournaments", "2", "--mix", "8-game"], "2 tournaments"),
    ]:
        r = cli("simulate", "tag", "random", "station", "--seed", "3", *argv)
        assert r.returncode == 0 and words in r.stdout, r.stdout + r.stderr


def test_ray_gives_exactly_the_one_machine_result() -> None:
    """A local Ray cluster on this machine: the chunks as Ray tasks add up to
    the same result as the run without Ray, for cash hands and tournaments."""
    ray = pytest.importorskip("ray")
    ray.init(
        num_cpus=2,
        include_dashboard=False,
        log_to_driver=False,
        configure_logging=False,
        ignore_reinit_error=True,
    )
    try:
        local = holecards.simulate(BOTS6, hands=30_000, seed=11)
        remote = holecards.simulate(BOTS6, hands=30_000, seed=11, ray=True)
        assert remote.engine == "ray" and local.engine == "rust"
        assert remote.seats == local.seats and remote.hands == local.hands
        lt = holecards.simulate(["tag", "random", "station"], tournaments=12, seed=2)
        rt = holecards.simulate(["tag", "random", "station"], tournaments=12, seed=2, ray=True)
        assert rt.seats == lt.seats and rt.hands == lt.hands
    finally:
        ray.shutdown()


def test_demo_shows_equity_a_bot_tournament_and_the_sample_replayed() -> None:
    r = cli("demo", "--seed", "3")
    assert r.returncode == 0, r.stderr
    out = r.stdout
    assert "*** EQUITY ***" in out and "preflop  seat 0" in out
    equity_lines = out.split("*** EQUITY ***")[1].split("***")[0].strip().splitlines()[1:]
    for line in equity_lines:
        shares = [float(x.rstrip("%")) for x in line.split()[1:] if x.endswith("%")]
        assert abs(sum(shares) - 100) < 0.5, line  # each street's equities add up to 100%
    assert "*** BOT TOURNAMENT ***" in out and "place  seat  bot" in out
    assert (
        "*** HAND HISTORIES ***" in out
        and "108 hands" in out
        and "108 end with their recorded finishing stacks" in out
    )
    assert cli("demo", "--seed", "3").stdout == out  # seeded: the same tour every time


# ---------------------------------------------------------------------------
# Large requests: bounded memory, Ctrl-C, exact sums, arguments

from long_calls import run_child  # noqa: E402
from strategies import any_argument  # noqa: E402


def test_sums_of_squares_of_huge_stacks_are_exact() -> None:
    # Heads-up with 2**59 chips each: a hand's net is up to 2**59, its square
    # 2**118, and the two chunks of 2,048 hands have a sum of squares past
    # 2**128 (about 0.8 * 2**128 each: a chunk's sum once wrapped, when the
    # random bot bet more often). Hand i of a run is the same whatever the
    # number of hands, so each hand's nets are the differences of runs of 1,
    # 2, ... hands; the interval is then computed in plain Python.
    stacks, bots, seed, k = 2**59, ["random", "random"], 2, 4096
    nets = []
    previous = [0, 0]
    for h in range(1, k + 1):
        now = [s.net for s in holecards.simulate(bots, hands=h, stacks=stacks, seed=seed).seats]
        nets.append([a - b for a, b in zip(now, previous)])
        previous = now
    big = holecards.simulate(bots, hands=k, stacks=stacks, seed=seed, threads=2)
    for seat in range(2):
        xs = [n[seat] for n in nets]
        assert sum(x * x for x in xs) > 2**128
        mean = Fraction(sum(xs), k)
        var = sum((x - mean) ** 2 for x in xs) / (k - 1)
        s = big.seats[seat]
        assert s.net == sum(xs)
        assert s.per_100 == pytest.approx(100 * float(mean), rel=1e-12)
        assert s.ci_95 == pytest.approx(100 * 1.96 * math.sqrt(var / k), rel=1e-12)


def test_tournament_prizes_near_2_63_are_exact() -> None:
    pay = [2**63 + 12345, 2**62 - 1]
    bots = ["random", "random", "station"]
    kw: dict[str, Any] = dict(stacks=500, levels=[(50, 100)], payouts=pay, seed=4)
    r = holecards.simulate(bots, tournaments=12, **kw)
    # Tournament t is chunk t: each one's prizes from a run of it alone.
    rules_args = (
        2,
        [(50, 100, 0, 0)],
        10,
        [500] * 3,
        pay,
        ["random", "random", "calling_station"],
        12,
        4,
    )
    per = [holecards._core._sim_tournaments(*rules_args, None, t, t + 1)[3] for t in range(12)]
    for seat in range(3):
        xs = [p[seat] for p in per]
        var = sum((Fraction(x) - Fraction(sum(xs), 12)) ** 2 for x in xs) / 11
        assert r.seats[seat].mean_prize == pytest.approx(sum(xs) / 12, rel=1e-12)
        assert r.seats[seat].ci_95 == pytest.approx(1.96 * math.sqrt(var / 12), rel=1e-9)
    assert sum(x * x for x in (p[0] for p in per)) > 2**128
    with pytest.raises(ConfigError, match="payouts add up"):
        holecards.simulate(bots, tournaments=2, payouts=[2**64 - 1, 1])


@pytest.mark.parametrize(
    "kwargs, name",
    [
        (dict(hands=2**64), "hands"),
        (dict(hands=10, stacks=-1), "stacks"),
        (dict(hands=10, stacks=2**64), "stacks"),
        (dict(hands=10, stacks=[100, 2**70]), "stacks"),
        (dict(hands=10, seed=2**64), "seed"),
        (dict(hands=10, threads=2**64), "threads"),
        (dict(hands=10, threads=-1), "threads"),
        (dict(tournaments=2**64), "tournaments"),
        (dict(tournaments=2, max_hands=-1), "max_hands"),
        (dict(tournaments=2, max_hands=2**64), "max_hands"),
        (dict(tournaments=2, max_hands=1.5), "max_hands"),
        (dict(tournaments=2, hands_per_level=2**32), "hands_per_level"),
        (dict(tournaments=2, hands_per_level=0), "hands_per_level"),
        (dict(tournaments=2, levels=[(1, 2**64)]), "levels"),
        (dict(tournaments=2, levels=[(-1, 2)]), "levels"),
        (dict(tournaments=2, levels=5), "levels"),
        (dict(tournaments=2, payouts=[-1]), "payouts"),
        (dict(tournaments=2, levels=[]), "at least one level"),
        (dict(tournaments=2, payouts=[30, 70]), "must not grow with the place"),
        (dict(tournaments=2, payouts=[2**64]), "payouts"),
        (dict(tournaments=2, payouts=7), "payouts"),
    ],
)
def test_out_of_range_integers_are_config_errors_naming_the_argument(
    kwargs: dict[str, Any], name: str
) -> None:
    with pytest.raises(ConfigError, match=name):
        holecards.simulate(["random", "random"], **kwargs)


def test_the_private_entry_points_convert_their_integers_too() -> None:
    rules = Rules.no_limit(small_blind=1, big_blind=2)
    with pytest.raises(ConfigError, match="hands"):
        holecards._core._sim_cash(rules, [100, 100], ["random", "random"], 2**64, 1)
    with pytest.raises(ConfigError, match="stacks"):
        holecards._core._sim_cash(rules, [100, -1], ["random", "random"], 10, 1)
    with pytest.raises(ConfigError, match="end"):
        holecards._core._sim_cash(rules, [100, 100], ["random", "random"], 10, 1, None, 0, -1)
    with pytest.raises(ConfigError, match="max_hands"):
        holecards._core._sim_tournaments(
            2, [(1, 2, 0, 0)], 10, [100, 100], [1], ["random", "random"], 2, 1, max_hands=-1
        )
    with pytest.raises(ConfigError, match="levels"):
        holecards._core._sim_tournaments(
            2, [(1, 2)], 10, [100, 100], [1], ["random", "random"], 2, 1
        )
    with pytest.raises(ConfigError, match="hands"):
        holecards._core._sim_cash_chunks(-5)


_ANY = any_argument(2**65, st.tuples(st.integers(-3, 300), st.integers(-3, 300)))
# Values that keep a run short when they are accepted.
_COUNT = st.one_of(
    st.integers(1, 30),
    st.integers(max_value=0),
    st.integers(min_value=2**64),
    st.floats(allow_nan=True),
    st.text(max_size=3),
    st.none(),
    st.booleans(),
)
_THREADS = st.one_of(st.none(), st.sampled_from([1, 2, 0, -1, 2**64, 1025, 1.0, "2", True]))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    cash=st.booleans(),
    count=_COUNT,
    stacks=_ANY,
    seed=_ANY,
    threads=_THREADS,
    max_hands=st.one_of(st.integers(min_value=-3, max_value=2**66), _ANY),
    hands_per_level=_ANY,
    levels=st.one_of(
        _ANY, st.lists(st.tuples(st.integers(-2, 2**65), st.integers(-2, 2**65)), max_size=2)
    ),
    payouts=_ANY,
)
def test_random_arguments_give_a_result_or_a_holecards_error(
    cash: bool,
    count: Any,
    stacks: Any,
    seed: Any,
    threads: Any,
    max_hands: Any,
    hands_per_level: Any,
    levels: Any,
    payouts: Any,
) -> None:
    kw: dict[str, Any] = dict(stacks=stacks, seed=seed, threads=threads)
    if cash:
        kw["hands"] = count
    else:
        kw.update(
            tournaments=count,
            max_hands=max_hands,
            hands_per_level=hands_per_level,
            levels=levels,
            payouts=payouts,
        )
    try:
        holecards.simulate(["random", "station"], **kw)
    except holecards.HolecardsError as e:
        assert str(e)


def test_a_short_but_slow_run_is_watched_too() -> None:
    # 19,999 hands between 22 tight-aggressive bots (Monte Carlo at every
    # decision) take about a second: once run unwatched, Ctrl-C then waited
    # for the end.
    out = run_child(
        "holecards.simulate(['tag'] * 22, hands=19_999, seed=1)",
        interrupt_after=0.3,
        limit_gb=1.5,
        timeout=10,
    )
    if out.verdict == "finished":  # (a machine fast enough to finish first)
        return
    assert out.verdict == "interrupted", (out.stdout, out.stderr[-2000:])
    assert out.seconds < 1.0, out


def test_the_random_bot_bets_a_quarter_of_the_time_facing_a_bet_or_not() -> None:
    # docs/simulation.md: folds 15% facing a bet, bets or raises 25% when
    # that is open, else checks or calls. (Folding rolls once fell through
    # to a raise when folding was closed: 40% bets with nothing to call.)
    bot = BuiltinBot("random", seed=7)
    open_ = [0, 0]  # checks, bets
    facing = [0, 0, 0]  # folds, raises, calls

    def counted(view: Any) -> Any:
        answer = bot(view)
        seat = view.seat
        owed = max(view.bets) - view.bets[seat]
        deep = view.stacks[seat] > owed + 10
        name = answer[0]
        if deep and owed == 0:
            open_[name in ("bet", "raise")] += 1
        elif deep:
            facing[0 if name == "fold" else 1 if name in ("bet", "raise") else 2] += 1
        return answer

    t = Table(Rules.no_limit(small_blind=1, big_blind=2), 3, seed=5)
    for _ in range(3000):
        for s in range(3):
            if t.stacks[s] is None:
                t.sit(s, 1000)
            elif t.stacks[s] < 500:
                t.leave(s)
                t.sit(s, 1000)
        t.play(counted)
    assert sum(open_) > 1500 and sum(facing) > 1500
    bets = open_[1] / sum(open_)
    fold, raise_ = facing[0] / sum(facing), facing[1] / sum(facing)
    assert abs(bets - 0.25) < 0.03, bets
    assert abs(fold - 0.15) < 0.03 and abs(raise_ - 0.25) < 0.03, (fold, raise_)


def test_demo_takes_every_seed_it_accepts() -> None:
    for seed in ("18446744073709551615", "1844674407370955162"):
        r = cli("demo", "--seed", seed)
        assert r.returncode == 0, r.stderr
        assert "Traceback" not in r.stderr


def test_play_names_the_largest_raise_as_it_is() -> None:
    # Pot limit: `a` is the pot-size raise, not all-in; no limit: all-in.
    pl = cli("play", "--game", "omaha", "--seed", "3", stdin="q\n")
    nl = cli("play", "--seed", "3", stdin="q\n")
    assert pl.returncode == 0 and nl.returncode == 0, pl.stderr + nl.stderr
    assert "a the most (" in pl.stdout and "a all-in (" not in pl.stdout
    assert "a all-in (" in nl.stdout


@pytest.mark.parametrize(
    "kwargs, words",
    [
        (dict(tournaments=2, rules=Rules.no_limit(small_blind=1, big_blind=2)), "rules= is a cash"),
        (dict(hands=5, levels=[(1, 2)]), "levels= is a tournament's"),
        (dict(hands=5, payouts=[1]), "payouts= is a tournament's"),
        (dict(hands=5, hands_per_level=3), "hands_per_level= is a tournament's"),
        (dict(tournaments=1, mix="horse", game="razz"), "not both"),
    ],
)
def test_settings_that_would_be_ignored_are_refused(kwargs: dict, words: str) -> None:
    with pytest.raises(ConfigError, match=words):
        holecards.simulate(["random"] * 3, seed=1, **kwargs)


def test_numpy_integers_count_hands() -> None:
    np = pytest.importorskip("numpy")
    a = holecards.simulate(["random"] * 2, hands=np.uint64(10), seed=1)
    assert a == holecards.simulate(["random"] * 2, hands=10, seed=1)


def test_the_command_line_refuses_settings_a_tournament_ignores() -> None:
    for args, words in (
        (("--tournaments", "2", "--mix", "horse", "--game", "razz"), "not both"),
        (("--tournaments", "2", "--blinds", "5/10"), "--blinds is for cash"),
    ):
        r = cli("simulate", "random", "random", *args)
        assert r.returncode == 2 and words in r.stderr and "Traceback" not in r.stderr
    r = cli("simulate", "random", "random", "--tournaments", "2", "--mix", "horse", "--seed", "1")
    assert r.returncode == 0, r.stderr


def test_an_illegal_move_names_the_bots_table_seat_when_the_hand_counts_otherwise() -> None:
    # After a bust the hand's seats are not the table's: the refusal says
    # which table seat's bot made the move (a non-move already did).
    def shove(view: Any) -> Any:
        la = view.legal_actions()
        return ("raise", la.max_raise_to) if la.max_raise_to is not None else ("call", 0)

    def late(view: Any) -> Any:
        if len(view.stacks) == 2:
            return ("check", 0)
        return ("fold", 0) if view.legal_actions().can_fold else ("check", 0)

    with pytest.raises(
        holecards.IllegalActionError, match=r"the bot for table seat 2 \(seat 1 of the hand\)"
    ):
        holecards.simulate(["station", shove, late], tournaments=1, seed=2)
