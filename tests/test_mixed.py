"""The stud and draw games at tables, in tournaments and in simulations,
and mixed-game tournaments (H.O.R.S.E., the 8-game mix, any list of games):
docs/tables.md ("Mixed games") and docs/simulation.md."""

from __future__ import annotations

import pickle
from typing import Any, List

import pytest

import holecards as hc
from holecards import ConfigError, Game, Rules, Structure, Table, Tournament
from holecards.sim import BuiltinBot

pytestmark = pytest.mark.timeout(120)

HORSE_LEVELS = [(10, 20, 5, 5), (20, 40, 10, 10), (50, 100, 20, 25), (100, 200, 40, 50)]


def razz() -> Rules:
    return Rules.stud(game="razz", ante=1, bring_in=2, small_bet=5)


def test_a_stud_table_deals_without_blinds_and_moves_the_dealer() -> None:
    t = Table(razz(), 6, seed=4)
    for s in (0, 2, 4):
        t.sit(s, 200)
    station = BuiltinBot("calling_station", seed=1)
    buttons = []
    for _ in range(3):
        h = t.play(station)
        assert h.is_over and h.street == hc.Street.SHOWDOWN or h.is_over
        kinds = {a.kind for a in h.history}
        assert hc.ActionKind.POST_SMALL_BLIND not in kinds
        assert hc.ActionKind.POST_BIG_BLIND not in kinds
        assert hc.ActionKind.POST_ANTE in kinds
        buttons.append(t.positions.button)
    assert buttons == [0, 2, 4]
    # A player joining is dealt in at the next hand: nothing to wait for.
    t.sit(1, 150, entry="wait")
    h = t.play(station)
    assert h.num_players == 4
    assert t.chips == 750
    assert pickle.loads(pickle.dumps(t)) == t


@pytest.mark.parametrize("game", ["2-7-triple-draw", "2-7-single-draw", "badugi"])
def test_a_draw_table_plays_with_python_bots(game: str) -> None:
    rules = (
        Rules.no_limit(small_blind=1, big_blind=2, game=game)
        if game == "2-7-single-draw"
        else Rules.fixed_limit(small_blind=1, big_blind=2, game=game)
    )
    t = Table(rules, 5, seed=2)
    for s in range(5):
        t.sit(s, 60)
    asked: List[Any] = []

    def bot(view: Any) -> Any:
        la = view.legal_actions()
        if la.draw:
            asked.append(len(view.hole_cards))
            # throw the highest card, as ('discard', cards)
            return ("discard", sorted(view.hole_cards, key=lambda c: c.rank)[-1:])
        return ("call", 0)

    for _ in range(8):
        if len(t.players) < 2:
            break
        h = t.play(bot)
        assert h.is_over
    assert asked and set(asked) == {Game(game).hole_cards}
    assert t.chips == 300


def test_a_bad_discard_answer_is_named() -> None:
    t = Table(Rules.fixed_limit(small_blind=1, big_blind=2, game="badugi"), 3, seed=2)
    for s in range(3):
        t.sit(s, 60)

    def bot(view: Any) -> Any:
        return ("discard", "Zz") if view.legal_actions().draw else ("call", 0)

    with pytest.raises(ConfigError, match="a discard names the cards"):
        t.play(bot)
    assert t.hands_dealt == 0  # taken back


def test_horse_rotates_every_round_and_keeps_the_button_through_stud() -> None:
    t = Tournament(HORSE_LEVELS, [2000] * 5, [70, 30], mix="horse", hands_per_level=1000, seed=7)
    assert [(int(s), g.code) for s, g in t.mix] == [
        (0, "holdem"),
        (0, "omaha-hi-lo"),
        (0, "razz"),
        (0, "stud"),
        (0, "stud-hi-lo"),
    ]
    assert t.rotation == "orbit" and t.levels[0] == (10, 20, 5, 5)
    station = BuiltinBot("calling_station", seed=1)
    games, buttons = [], []
    for _ in range(25):
        h = t.play(station)
        games.append(h.rules.game.code)
        buttons.append(t.positions.button)
        r = h.rules
        if h.rules.game.is_stud:
            # level 1's limits 20/40: the stud games' ante 5, bring-in 5
            assert (r.small_bet, r.big_bet, r.ante, r.bring_in) == (20, 40, 5, 5)
        else:
            # no ante in a mix's flop games
            assert (r.small_blind, r.big_blind, r.small_bet, r.ante) == (10, 20, 20, 0)
        assert pickle.loads(pickle.dumps(t)) == t
    # Five players: a round of play is five hands of each game.
    assert games == [
        g for g in ("holdem", "omaha-hi-lo", "razz", "stud", "stud-hi-lo") for _ in range(5)
    ]
    # Through the fifteen stud hands the button stays where the next hold'em
    # hand would have it (WSOP tournament rule 67b): the Omaha round's last
    # button was seat 4, so seat 0, and `positions` says so (it gave the
    # last Omaha hand's seat 4 through the stud hands).
    assert buttons[5:10] == [0, 1, 2, 3, 4]
    assert buttons[10:25] == [0] * 15
    assert t.dealt_seats is None


def test_late_registration_keeps_every_game_of_the_mix_dealable() -> None:
    # Eight players of razz (or a mix with it) is the most a deck deals; a
    # ninth was let in by register, and every razz hand was then refused
    # for good.
    for kw in ({"game": "razz"}, {"mix": "horse"}):
        t = Tournament(HORSE_LEVELS, [100] * 8 + [0], [1], hands_per_level=5, seed=1, **kw)
        before = pickle.dumps(t)
        with pytest.raises(ConfigError, match="9 players: a hand of razz deals to at most 8"):
            t.register(8, 100)
        assert pickle.dumps(t) == before
    t = Tournament(HORSE_LEVELS, [100] * 7 + [0, 0], [1], mix="horse", hands_per_level=5, seed=1)
    t.register(7, 100)
    assert len(t.players) == 8


def test_a_round_counts_the_players_registered_before_it() -> None:
    # A round of play is as many hands as there were players when it began
    # (docs/tables.md): four entrants and one registered before the first
    # hand make a first round of five hold'em hands (it was four).
    t = Tournament(HORSE_LEVELS, [1000] * 4 + [0], [1], mix="horse", hands_per_level=1000, seed=1)
    t.register(4, 1000)
    station = BuiltinBot("calling_station", seed=1)
    games = [t.play(station).rules.game.code for _ in range(10)]
    assert games == ["holdem"] * 5 + ["omaha-hi-lo"] * 5


def test_a_mix_by_pairs_and_by_level() -> None:
    mix = [("no-limit", "holdem"), ("fixed-limit", "2-7-triple-draw"), ("fixed-limit", "razz")]
    t = Tournament(
        HORSE_LEVELS, [500] * 3, [100], mix=mix, rotation="level", hands_per_level=2, seed=3
    )
    station = BuiltinBot("calling_station", seed=2)
    seen = []
    for _ in range(8):
        if t.is_over:
            break
        h = t.play(station)
        seen.append((t.level, h.rules.game.code))
    for level, game in seen:
        assert game == ["holdem", "2-7-triple-draw", "razz", "holdem"][level]
    assert t.game.code == seen[-1][1]


def test_a_mix_by_level_goes_on_round_and_round_after_the_last_level() -> None:
    # Two levels of two hands, three games: levels 0 and 1 play games 0 and
    # 1; then the blinds stay at level 1, and every two hands the next game
    # is dealt: 2, 0, 1, ... (it stayed on game 1).
    mix = [("no-limit", "holdem"), ("fixed-limit", "2-7-triple-draw"), ("fixed-limit", "razz")]
    t = Tournament(
        HORSE_LEVELS[:2], [5000] * 3, [100], mix=mix, rotation="level", hands_per_level=2, seed=3
    )
    station = BuiltinBot("calling_station", seed=2)
    games = []
    for _ in range(10):
        if t.is_over:
            break
        h = t.play(station)
        games.append(h.rules.game.code)
    names = ["holdem", "2-7-triple-draw", "razz"]
    assert games == [names[(i // 2) % 3] for i in range(len(games))]
    assert len(games) >= 7 and t.level == 1


@pytest.mark.parametrize(
    "kwargs, words",
    [
        (dict(mix="horse", levels=[(10, 20, 5)]), "bring-in"),
        (dict(mix="pineapple"), "no mix is called"),
        (dict(mix=[("no-limit", "razz")]), "fixed limit"),
        (dict(mix="horse", game="razz"), "not both"),
        (dict(mix="horse", rotation="hourly"), "rotation must be"),
        (dict(mix=[]), "1 to 64 games"),
        (dict(mix=[("no-limit",)]), "mix must be"),
    ],
)
def test_bad_mixes_are_refused(kwargs: Any, words: str) -> None:
    kw = dict(levels=HORSE_LEVELS, stacks=[100] * 4, hands_per_level=10, seed=1)
    kw.update(kwargs)
    levels = kw.pop("levels")
    stacks = kw.pop("stacks")
    with pytest.raises(ConfigError) as e:
        Tournament(levels, stacks, **kw)
    assert words in str(e.value)


def test_a_stud_tournament_defaults_to_fixed_limit() -> None:
    t = Tournament([(0, 10, 1, 2), (0, 20, 2, 5)], [300] * 4, [100], game="stud", hands_per_level=5)
    assert t.mix[0][0] == Structure.FIXED_LIMIT and t.rules.bring_in == 2
    station = BuiltinBot("random", seed=5)
    n = 0
    while not t.is_over:
        t.play(station)
        n += 1
        assert n < 3000
    assert sorted(f.place for f in t.results) == [1, 2, 3, 4]


@pytest.mark.parametrize("game", ["stud", "stud-hi-lo", "razz"])
def test_cash_simulations_of_stud_count_in_small_bets(game: str) -> None:
    r = Rules.stud(game=game, ante=1, bring_in=2, small_bet=6)
    res = hc.simulate(["random", "calling_station", "tight_aggressive"], hands=600, rules=r, seed=3)
    assert res.big_blind == 6 and res.hands == 600
    assert sum(s.net for s in res.seats) == 0
    # the same from Python bots (the built-in ones as Python callables)
    py = hc.simulate(
        [BuiltinBot("random", seed=1), "calling_station", "calling_station"],
        hands=60,
        rules=r,
        seed=3,
    )
    assert py.engine == "python" and sum(s.net for s in py.seats) == 0


def test_tournament_simulations_of_mixes_are_reproducible() -> None:
    kw = dict(tournaments=4, mix="8-game", levels=HORSE_LEVELS, stacks=300, seed=9)
    a = hc.simulate(["random", "calling_station", "tight_aggressive"], threads=1, **kw)
    b = hc.simulate(["random", "calling_station", "tight_aggressive"], threads=2, **kw)
    assert a == b and a.tournaments == 4
    assert sum(s.mean_prize for s in a.seats) == pytest.approx(100)
    with pytest.raises(ConfigError, match="tournament"):
        hc.simulate(["random", "random"], hands=10, mix="horse", seed=1)


@pytest.mark.parametrize("button", ["dead", "moving"])
@pytest.mark.parametrize(
    "rules",
    [
        Rules.stud(game="razz", ante=1, bring_in=2, small_bet=5),
        Rules.stud(game="stud", ante=1, bring_in=2, small_bet=5, fourth_street_big_bet=True),
        Rules.stud(game="stud-hi-lo", ante=1, bring_in=2, small_bet=5),
        Rules.fixed_limit(small_blind=1, big_blind=2, game="2-7-triple-draw"),
        Rules.no_limit(small_blind=1, big_blind=2, game="2-7-single-draw"),
        Rules.fixed_limit(small_blind=1, big_blind=2, game="badugi"),
    ],
    ids=lambda r: r.game.code,
)
def test_table_hands_of_every_game_replay_from_their_histories(rules: Rules, button: str) -> None:
    # Random bots, a player away for a few hands (a dead hand with the dead
    # button), one joining: each hand written as PHH replays to its stacks
    # (PHH's p1 is the first player left of the button).
    t = Table(rules, 6, seed=5, button=button)
    for s in range(6):
        t.sit(s, 80)
    played = 0
    for i in range(24):
        if len(t.players) < 2:
            break
        seated = {p.seat for p in t.players}
        if i == 3 and 2 in seated:
            t.sit_out(2)
        if i == 7 and 2 in seated:
            t.sit_in(2)
        if i == 10 and 3 not in seated:
            t.sit(3, 50)
        h = t.play(BuiltinBot("random", seed=i))
        back = hc.phh.loads(hc.phh.dumps(t.history(h)))[0].replay()
        k, b = h.num_players, h.button
        assert back.final_stacks == [h.final_stacks[(b + 1 + j) % k] for j in range(k)]
        played += 1
    assert played >= 5


def test_a_mixed_tournament_hand_history_names_each_game() -> None:
    t = Tournament(HORSE_LEVELS, [400] * 3, [100], mix="horse", hands_per_level=5, seed=4)
    seen = set()
    station = BuiltinBot("random", seed=3)
    for _ in range(12):
        if t.is_over:
            break
        h = t.play(station)
        hist = t.history(h)
        seen.add(hist.variant)
        back = hc.phh.loads(hc.phh.dumps(hist))[0].replay()
        assert sorted(back.final_stacks) == sorted(h.final_stacks)
    assert {"FT", "FO/8", "FR"} <= seen
