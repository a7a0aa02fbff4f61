"""The RL environments (holecards.env): PettingZoo's and Gymnasium's own
checkers, observations and masks against the plain-Python model in
reference_env.py, replays of every episode through holecards.Hand, hidden
cards that do not reach an observation, seeds, sessions, many tables on any
number of threads, and bad input refused with nothing changed."""

from __future__ import annotations

import contextlib
import io
import re
import warnings
from fractions import Fraction
from pathlib import Path
from typing import Any, Dict, Iterator, List

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

import holecards as hc

pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test, parallel_api_test  # noqa: E402

import holecards.env as E  # noqa: E402
import reference_env as ref  # noqa: E402
from holecards import _format  # noqa: E402

NL = hc.Rules.no_limit(small_blind=1, big_blind=2)
CONFIGS: List[Dict[str, Any]] = [
    {},
    {"players": 2},
    {"players": 3, "rules": hc.Rules.fixed_limit(small_blind=1, big_blind=2)},
    {
        "players": 4,
        "rules": hc.Rules.pot_limit(small_blind=1, big_blind=2),
        "stack_range": (10, 300),
    },
    {"players": 5, "rules": hc.Rules.progressive(ante=1, bets=[2, 4, 8, 16])},
    {"players": 6, "rules": hc.Rules.no_limit(small_blind=1, big_blind=2, ante=1, straddles=[4])},
    {
        "players": 9,
        "rules": hc.Rules.no_limit(small_blind=5, big_blind=10, big_blind_ante=10),
        "stacks": 1000,
    },
    {"players": 4, "episode": "session", "max_hands": 30, "stacks": [40, 60, 80, 100]},
    {"players": 3, "actions": ["fold", "check_call", "min_raise", 0.33, 0.75, 1, 2, "all_in"]},
]


def quiet() -> Any:
    w = warnings.catch_warnings()
    w.__enter__()
    warnings.simplefilter("ignore")
    return w


def live_turns(env: Any) -> Iterator[Any]:
    """The observation of each live turn of an AEC episode (the caller then
    steps); an agent that is done is stepped with None here."""
    while env.agents:
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            env.step(None)
            continue
        yield obs


@pytest.mark.parametrize("config", CONFIGS)
def test_pettingzoo_api_tests_pass(config: Dict[str, Any]) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(E.aec_env(**config), num_cycles=300, verbose_progress=False)
        parallel_api_test(E.parallel_env(**config), num_cycles=300)


@pytest.mark.parametrize("config", CONFIGS)
def test_gymnasium_checker_passes(config: Dict[str, Any]) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        # The checker samples actions without the mask: the penalty form ends an
        # episode on an illegal one (the default raises instead).
        check_env(E.gym_env(illegal_action=-1.0, **config), skip_render_check=True)
        check_env(
            E.gym_env(illegal_action=-1.0, opponents="calling_station", **config).unwrapped,
            skip_render_check=True,
        )


def random_agent(seed: int) -> Any:
    rng = np.random.default_rng(seed)

    def pick(mask: np.ndarray) -> int:
        legal = np.flatnonzero(mask)
        return int(rng.choice(legal))

    return pick


def replay(hand: hc.Hand) -> hc.Hand:
    """The hand rebuilt from its starting stacks, cards and actions alone."""
    holes = [hand.hole_cards(s) for s in range(hand.num_players)]
    again = hc.Hand(
        hand.rules, hand.starting_stacks, button=hand.button, hole_cards=holes, board=hand.board
    )
    for a in hand.history:
        if a.kind in (
            hc.ActionKind.POST_ANTE,
            hc.ActionKind.POST_SMALL_BLIND,
            hc.ActionKind.POST_BIG_BLIND,
            hc.ActionKind.POST_STRADDLE,
        ):
            continue
        if hand.rules.structure == hc.Structure.PROGRESSIVE and a.kind == hc.ActionKind.BET:
            again.check_or_call()  # (the round's bet)
            continue
        amount = a.amount if a.kind in (hc.ActionKind.BET, hc.ActionKind.RAISE) else None
        again.act(a.seat, a.kind, amount)
    return again


@pytest.mark.parametrize("config", CONFIGS)
def test_aec_episodes_replay_to_their_rewards_and_match_the_reference(
    config: Dict[str, Any],
) -> None:
    env = E.aec_env(**config)
    pick = random_agent(1)
    actions = env.table.spec.actions
    for episode in range(25):
        env.reset(seed=episode)
        totals = {a: 0.0 for a in env.possible_agents}
        steps = 0
        while env.agents:
            agent = env.agent_selection
            obs, reward, term, trunc, info = env.last()
            totals[agent] += reward
            if term or trunc:
                env.step(None)
                continue
            seat = int(agent.split("_")[1])
            view = env.view(agent)
            # The observation is the model's, from the seat's view; the mask too.
            assert np.allclose(obs["observation"], ref.observation(view), atol=1e-5)
            assert np.array_equal(obs["observation"], E.observe(view))
            assert obs["action_mask"].astype(bool).tolist() == ref.mask(view, actions)
            assert env.hand.actor == seat
            env.step(pick(obs["action_mask"]))
            steps += 1
        hands = env.finished_hands
        assert hands and steps > 0
        unit = ref.unit(hands[0].view(0))
        won = np.zeros(len(env.possible_agents))
        for h in hands:
            again = replay(h)
            assert again.payoffs == h.payoffs and again.final_stacks == h.final_stacks
            won += np.asarray(h.payoffs)
        assert np.allclose([totals[a] for a in env.possible_agents], won / unit)
        assert abs(sum(totals.values())) < 1e-9


def test_session_episodes_carry_stacks_move_the_button_and_end_by_the_rules() -> None:
    for max_hands in (None, 7):
        env = E.aec_env(players=3, episode="session", max_hands=max_hands, stacks=[20, 30, 40])
        pick = random_agent(2)
        for episode in range(10):
            env.reset(seed=100 + episode)
            ended = None
            while env.agents:
                obs, _, term, trunc, _ = env.last()
                if term or trunc:
                    ended = "terminated" if term else "truncated"
                    env.step(None)
                    continue
                env.step(pick(obs["action_mask"]))
            hands = env.finished_hands
            for a, b in zip(hands, hands[1:]):
                assert b.starting_stacks == a.final_stacks
                assert b.button == (a.button + 1) % 3
            assert hands[0].starting_stacks == [20, 30, 40]
            if ended == "truncated":
                assert len(hands) == max_hands and 0 not in hands[-1].final_stacks
            else:
                assert 0 in hands[-1].final_stacks
                assert all(0 not in h.final_stacks for h in hands[:-1])


def test_observations_do_not_change_with_cards_the_seat_cannot_see() -> None:
    rng = np.random.default_rng(5)
    for trial in range(200):
        deck = hc.Deck(seed=trial).deal(52)
        n = 4
        seat = trial % n
        holes = [deck[2 * i : 2 * i + 2] for i in range(n)]
        board = deck[8:13]
        spare = iter(deck[13:])
        holes2 = [h if i == seat else [next(spare), next(spare)] for i, h in enumerate(holes)]
        board2 = [next(spare) for _ in range(5)]
        a = hc.Hand(NL, [100, 80, 300, 150], button=trial % n, hole_cards=holes, board=board)
        moves = []
        while a.actor is not None:
            la = a.legal_actions()
            roll = rng.random()
            if la.can_fold and roll < 0.15:
                moves.append((hc.ActionKind.FOLD, None))
                a.fold()
            elif la.can_raise and roll < 0.4:
                to = int(rng.integers(la.min_raise_to, la.max_raise_to + 1))
                moves.append((hc.ActionKind.RAISE, to))
                a.bet_or_raise_to(to)
            else:
                moves.append((None, None))
                a.check_or_call()
        # The other deal: the same moves, other hidden cards; each board card
        # the seat sees is the same, the rest differ.
        b_board = list(board2)
        while True:
            played = 0
            b = hc.Hand(NL, [100, 80, 300, 150], button=trial % n, hole_cards=holes2, board=b_board)
            a2 = hc.Hand(NL, [100, 80, 300, 150], button=trial % n, hole_cards=holes, board=board)
            ok = True
            for i, (kind, to) in enumerate(moves):
                seen = len(a2.board)
                if b.board[:seen] != a2.board[:seen]:
                    b_board[:seen] = a2.board[:seen]
                    ok = False
                    break
                if a2.actor is not None:
                    assert np.array_equal(E.observe(a2.view(seat)), E.observe(b.view(seat))), (
                        f"trial {trial}, move {i}"
                    )
                    played += 1
                for h in (a2, b):
                    if kind == hc.ActionKind.FOLD:
                        h.fold()
                    elif kind == hc.ActionKind.RAISE:
                        h.bet_or_raise_to(to)
                    else:
                        h.check_or_call()
            if ok:
                break
        assert played == len(moves)


def test_rewards_are_in_big_blinds_and_seeds_reproduce_episodes() -> None:
    env = E.gym_env(seat=2, rules=hc.Rules.no_limit(small_blind=5, big_blind=10), stacks=1000)
    runs = []
    for _ in range(2):
        rewards = []
        obs, info = env.reset(seed=42)
        first = obs.copy()
        pick = random_agent(9)
        for _ in range(300):
            obs, r, term, trunc, info = env.step(pick(info["action_mask"]))
            rewards.append(r)
            if term or trunc:
                h = env.finished_hands[-1]
                assert r == pytest.approx(h.payoffs[2] / 10)
                obs, info = env.reset()
        runs.append((first, rewards))
    assert np.array_equal(runs[0][0], runs[1][0]) and runs[0][1] == runs[1][1]
    # Without a seed, deals differ.
    seen = set()
    for _ in range(5):
        fresh = E.gym_env()
        fresh.reset()
        seen.add(tuple(fresh.hand.hole_cards(0)))
    assert len(seen) > 1


def test_gym_opponents_can_be_python_bots_and_bad_answers_are_clear() -> None:
    calls = []

    def caller(view: hc.SeatView) -> Any:
        calls.append(view.seat)
        assert view.hole_cards is not None and all(view.hole_cards)
        return ("call", 0)

    env = E.gym_env(players=3, seat=1, opponents=[caller, "random"])
    obs, info = env.reset(seed=3)
    for _ in range(50):
        obs, r, term, trunc, info = env.step(1)
        if term:
            env.reset()
    assert calls and set(calls) == {0}
    bad = E.gym_env(players=2, seat=0, opponents=lambda v: "fold please")
    with pytest.raises(hc.ConfigError, match="answered 'fold please'"):
        for _ in range(20):
            bad.reset()
            bad.step(1)


def test_illegal_actions_are_errors_that_change_nothing() -> None:
    env = E.aec_env(players=3)
    env.reset(seed=1)
    before = env.hand
    obs = env.observe(env.agent_selection)
    illegal = [i for i, m in enumerate(obs["action_mask"]) if not m]
    # Facing the big blind preflop every raise is open; check with fold on the flop.
    for _ in range(50):
        if illegal:
            break
        env.step(1)
        if not env.agents:
            env.reset()
        obs = env.observe(env.agent_selection)
        illegal = [i for i, m in enumerate(obs["action_mask"]) if not m]
        before = env.hand
    assert illegal
    with pytest.raises(hc.IllegalActionError, match=r"action \d+ \(.*\) is not legal here.*legal:"):
        env.step(illegal[0])
    assert env.hand == before
    with pytest.raises(hc.ConfigError, match="not an action"):
        env.step(99)
    with pytest.raises(hc.ConfigError, match="not an action"):
        env.step("fold")
    assert env.hand == before


def test_exact_amount_actions() -> None:
    env = E.gym_env(players=2, seat=0, opponents="calling_station", actions="exact", stacks=100)
    obs, info = env.reset(seed=4)
    la = env.hand.legal_actions()
    assert la is not None and la.min_raise_to is not None
    before = env.hand
    with pytest.raises(hc.IllegalActionError, match="below the minimum"):
        env.step((2, np.array([la.min_raise_to - 1])))
    with pytest.raises(hc.IllegalActionError, match="above the maximum"):
        env.step((2, [la.max_raise_to + 1]))
    with pytest.raises(hc.ConfigError, match="exact action"):
        env.step((2, 3.5))
    assert env.hand == before
    env.step((2, [la.min_raise_to]))
    assert any(
        a.kind in (hc.ActionKind.BET, hc.ActionKind.RAISE) and a.amount == la.min_raise_to
        for a in env.hand.history
    )
    assert isinstance(env.action_space.sample(), tuple)


def test_bad_configurations_are_clear_errors() -> None:
    bad: List[Dict[str, Any]] = [
        {"players": 1},
        {"players": 3, "stacks": [1, 2]},
        {"stack_range": (0, 10)},
        {"stack_range": (10, 5)},
        {"episode": "tournament"},
        {"max_hands": 5},
        {"actions": ["fold", "raise_a_lot"]},
        {"actions": ["fold", 0.5]},
        {"actions": ["check_call", -1]},
        {"actions": "all"},
        {
            "rules": hc.Rules.pot_limit(small_blind=1, big_blind=2),
            "actions": ["check_call", "all_in"],
        },
        {"rules": hc.Rules.fixed_limit(small_blind=1, big_blind=2), "actions": ["check_call", 0.5]},
        {"button": 6},
        {"render_mode": "rgb_array"},
        {"rules": "no-limit"},
    ]
    for config in bad:
        with pytest.raises(hc.ConfigError):
            E.aec_env(**config)
    with pytest.raises(hc.ConfigError):
        E.gym_env(seat=6)
    with pytest.raises(hc.ConfigError):
        E.gym_env(opponents={1: "random"})
    with pytest.raises(hc.ConfigError, match="no built-in bot"):
        E.gym_env(opponents="shark")
    with pytest.raises(hc.ConfigError):
        E.VectorEnv(0)
    with pytest.raises(hc.ConfigError, match="built-in bots"):
        E.VectorEnv(4, bots={1: lambda v: ("call", 0)})
    with pytest.raises(hc.ConfigError, match="does not render"):
        E.VectorEnv(4, render_mode="ansi")
    for make in (E.aec_env, E.parallel_env):
        with pytest.raises(hc.ConfigError, match="every seat"):
            make(bots={1: "random"})
    with pytest.raises(hc.ConfigError, match="unknown option blinds"):
        E.aec_env(blinds=(1, 2))


def run_vector(threads: Any, seed: int, steps: int, **config: Any) -> List[Any]:
    env = E.VectorEnv(64, threads=threads, **config)
    obs, info = env.reset(seed=seed)
    pick = np.random.default_rng(0)
    out = [obs]
    for _ in range(steps):
        mask = info["action_mask"]
        actions = np.argmax(pick.random(mask.shape) * mask, axis=1)
        obs, rew, term, trunc, info = env.step(actions)
        out += [obs, rew, term, trunc, info["seat"]]
    return out


def test_vector_env_is_the_same_on_any_number_of_threads() -> None:
    one = run_vector(None, 7, 200, players=6, stack_range=(20, 400))
    two = run_vector(2, 7, 200, players=6, stack_range=(20, 400))
    assert all(np.array_equal(a, b) for a, b in zip(one, two))
    other = run_vector(2, 8, 200, players=6, stack_range=(20, 400))
    assert not all(np.array_equal(a, b) for a, b in zip(one, other))


def test_vector_env_rows_are_the_tables_and_rewards_their_hands() -> None:
    env = E.VectorEnv(
        16,
        record=True,
        players=4,
        rules=hc.Rules.no_limit(small_blind=1, big_blind=2, ante=1),
        stack_range=(10, 200),
    )
    obs, info = env.reset(seed=3)
    pick = np.random.default_rng(1)
    assert obs.shape == (16, E.observation_layout(4)["history"].stop) and obs.dtype == np.float32
    assert info["action_mask"].dtype == np.bool_ and info["action_mask"].shape == (16, 5)
    ended = 0
    for _ in range(400):
        seats = info["seat"]
        for t in range(16):
            # Each row is the observation of the seat to act at that table, from its view.
            view = env.view(t, int(seats[t]))
            assert env.hand(t).actor == seats[t]
            assert np.array_equal(obs[t], E.observe(view))
            assert info["action_mask"][t].tolist() == ref.mask(view, env.spec_.actions)
        actions = np.argmax(pick.random(info["action_mask"].shape) * info["action_mask"], axis=1)
        obs, rew, term, trunc, info = env.step(actions)
        assert rew.shape == (16, 4) and not trunc.any()
        done = env.finished_hands()
        assert sorted(t for t, _ in done) == sorted(np.flatnonzero(term).tolist())
        for t, hand in done:
            assert np.allclose(rew[t], np.asarray(hand.payoffs) / 2)
            assert replay(hand).payoffs == hand.payoffs
            ended += 1
        assert np.all(rew[~term] == 0)
    assert ended > 100


def test_vector_env_refuses_a_bad_step_whole() -> None:
    env = E.VectorEnv(8, players=3)
    obs, info = env.reset(seed=1)
    hands = [env.hand(t) for t in range(8)]
    actions = np.argmax(info["action_mask"], axis=1)
    bad = actions.copy()
    bad[5] = 17
    with pytest.raises(hc.ConfigError, match="table 5"):
        env.step(bad)
    with pytest.raises(hc.ConfigError, match="8 integers"):
        env.step(actions[:4])
    with pytest.raises(hc.ConfigError, match="8 integers"):
        env.step(actions.astype(float))
    masked = np.where(~info["action_mask"])
    if len(masked[0]):
        illegal = actions.copy()
        illegal[masked[0][0]] = masked[1][0]
        with pytest.raises(hc.IllegalActionError, match=f"table {masked[0][0]}"):
            env.step(illegal)
    assert [env.hand(t) for t in range(8)] == hands
    out = env.step(actions)
    assert out[0].shape == obs.shape


def test_vector_env_with_bots_and_exact_actions() -> None:
    env = E.VectorEnv(8, players=3, bots={1: "random", 2: "tight_aggressive"}, actions="exact")
    obs, info = env.reset(seed=2)
    for _ in range(100):
        assert (info["seat"] == 0).all()
        kinds = np.ones(8, dtype=np.int64)
        obs, rew, term, trunc, info = env.step((kinds, np.zeros(8, dtype=np.int64)))
    assert isinstance(env.action_space.sample(), tuple)


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    players=st.integers(2, 8),
    fractions=st.lists(
        st.fractions(min_value=Fraction(1, 10), max_value=Fraction(3), max_denominator=20),
        min_size=1,
        max_size=4,
    ),
)
def test_masks_match_the_reference_for_any_fractions(
    seed: int, players: int, fractions: List[Fraction]
) -> None:
    actions: List[Any] = ["fold", "check_call", "min_raise", "all_in", *fractions]
    env = E.aec_env(players=players, actions=actions, stack_range=(5, 200))
    env.reset(seed=seed)
    pick = random_agent(seed)
    spec_actions = env.table.spec.actions
    for obs in live_turns(env):
        view = env.view(env.agent_selection)
        assert obs["action_mask"].astype(bool).tolist() == ref.mask(view, spec_actions)
        assert np.allclose(obs["observation"], ref.observation(view), atol=1e-5)
        env.step(pick(obs["action_mask"]))


def test_render_and_layout() -> None:
    env = E.aec_env(players=3, render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    assert "seat" in text and "to act" in text
    lay = E.observation_layout(3)
    assert [k for k in lay] == ["hole", "board", "street", "position", "seats", "spot", "history"]
    assert (
        lay["history"].stop
        == 113 + 27 * 3
        == env.observation_space("player_0")["observation"].shape[0]
    )


def test_render_names_the_shown_hands_by_the_games_ranking() -> None:
    """An Omaha hi/lo showdown is named by Omaha's two-and-three rule, the
    low beside the high: seat 1's 7h 6h with 8s 5c 4c make a straight (the
    hold'em ranking of all nine cards would have failed), seat 0's As Ks
    with Js Ts 8s the ace-high flush, and its As 2d the 8-5 low."""
    rules = hc.Rules.no_limit(small_blind=1, big_blind=2, game="omaha-hi-lo")
    hand = hc.Hand(rules, [100, 100], hole_cards=["AsKs2d3d", "QhQc7h6h"], board="4c5c8sJsTs")
    while not hand.is_over:
        legal = hand.legal_actions()
        hand.act(hand.actor, hc.ActionKind.CHECK if legal.can_check else hc.ActionKind.CALL)
    log = _format.hand_log(hand)
    assert (
        "seat 1 shows [Qh Qc 7h 6h]: Straight, eight high  (best five 8s 7h 6h 5c 4c);"
        " low: Eight-seven low (8s 7h 6h 5c 4c)" in log
    )
    assert (
        "seat 0 shows [As Ks 2d 3d]: Flush, ace high  (best five As Ks Js Ts 8s);"
        " low: Eight-five low (8s 5c 4c 2d As)" in log
    )
    assert "  seat 0  stack 100  [?? ?? ?? ??]  button, small blind" in _format.hand_log(
        hand.view(1)
    )


@pytest.mark.parametrize(
    "game", [g for g in hc.Game.codes() if not (hc.Game(g).is_stud or hc.Game(g).is_draw)]
)
def test_every_community_game_renders_to_its_end(game: str) -> None:
    """Rendering after every step (``"human"``) runs through showdowns of
    every game the environments deal, and a step's results still come back."""
    rules = hc.Rules.no_limit(small_blind=1, big_blind=2, game=game)
    env = E.aec_env(players=3, rules=rules, render_mode="human")
    for seed in range(4):
        env.reset(seed=seed)
        with contextlib.redirect_stdout(io.StringIO()) as out:
            while env.agents:
                agent = env.agent_selection
                env.step(None if env.terminations[agent] else 1)
        assert "*** PAYOFFS ***" in out.getvalue()


def test_readme_vector_example_runs() -> None:
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    m = re.search(r"<!-- env-example -->\s*```python\n(.*?)```", readme, re.S)
    assert m, "the README's vectorised-environment example is marked <!-- env-example -->"
    scope: Dict[str, Any] = {}
    exec(compile(m.group(1), "README.md (env example)", "exec"), scope)
    assert scope["steps"] > 0


junk = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**80), 2**80),
    st.floats(allow_nan=True),
    st.text(max_size=5),
    st.tuples(st.integers(-5, 5), st.integers(-(2**70), 2**70)),
    st.tuples(st.integers(-5, 5), st.floats()),
    st.lists(st.integers(-3, 10), max_size=3),
    st.just(np.int64(1)),
    st.just(np.array([1, 2])),
)


@settings(max_examples=150, deadline=None)
@given(action=junk, exact=st.booleans(), form=st.sampled_from(["aec", "gym", "parallel"]))
def test_any_action_is_played_or_refused_cleanly(action: Any, exact: bool, form: str) -> None:
    config: Dict[str, Any] = {"players": 3, "actions": "exact" if exact else None}
    env: Any
    if form == "gym":
        env = E.gym_env(**config)
        env.reset(seed=1)
    elif form == "aec":
        env = E.aec_env(**config)
        env.reset(seed=1)
    else:
        env = E.parallel_env(**config)
        env.reset(seed=1)
    before = env.hand
    try:
        if form == "parallel":
            env.step({a: action for a in env.agents})
        else:
            env.step(action)
    except hc.HolecardsError:
        assert env.hand == before
    # (a legal action was played: nothing to check but that no other error came)


@settings(max_examples=80, deadline=None)
@given(
    actions=st.one_of(
        junk,
        st.lists(st.integers(-(2**64), 2**64), min_size=4, max_size=4).map(np.array),
        st.lists(st.integers(0, 2**64 - 1), min_size=4, max_size=4).map(
            lambda v: np.array(v, dtype=np.uint64)
        ),
    )
)
def test_any_vector_step_is_played_or_refused_cleanly(actions: Any) -> None:
    env = E.VectorEnv(4, players=3)
    env.reset(seed=1)
    before = [env.hand(t) for t in range(4)]
    try:
        env.step(actions)
    except hc.HolecardsError:
        assert [env.hand(t) for t in range(4)] == before


def test_a_python_bots_bad_answer_names_it_and_ends_the_episode() -> None:
    answers = iter([("check", 0)])

    def bot(view: hc.SeatView) -> Any:
        return next(answers, ("call", 0))

    # Heads-up, button 0: the bot (seat 0, the small blind) acts first and cannot check.
    g = E.gym_env(players=2, seat=1, button=0, opponents=bot)
    with pytest.raises(
        hc.ConfigError, match=r"the bot at seat 0 answered \('check', 0\), which is not legal"
    ):
        g.reset(seed=0)
    with pytest.raises(hc.ConfigError, match="episode is over"):
        g.step(1)
    obs, info = g.reset(seed=0)  # the next answers are calls
    assert info["seat"] == 1 and g.hand.actor == 1
    for bad in [("raise", -5), ("raise", 2**64), ("raise", 1.5), ("shove", 0), "call"]:
        g = E.gym_env(players=2, seat=1, button=1, opponents=lambda v, bad=bad: bad)
        g.reset(seed=1)  # the agent (the button) acts first
        before = g.hand
        with pytest.raises(hc.ConfigError, match="the bot at seat 0 answered"):
            g.step(1)
        assert (
            g.hand.history[: len(before.history) + 1] == g.hand.history
        )  # the agent's call, nothing for the bot
        with pytest.raises(hc.ConfigError, match="episode is over"):
            g.step(1)


def test_exact_mode_names_its_mask_for_the_kinds_and_replays() -> None:
    env = E.aec_env(players=3, actions="exact", stacks=[50, 120, 300])
    assert set(env.observation_space("player_0").spaces) == {"observation", "kind_mask"}
    rng = np.random.default_rng(3)
    for episode in range(30):
        env.reset(seed=episode)
        for obs in live_turns(env):
            assert "action_mask" not in obs
            la = env.hand.legal_actions()
            kinds = np.flatnonzero(obs["kind_mask"])
            kind = int(rng.choice(kinds))
            amount = int(rng.integers(la.min_raise_to, la.max_raise_to + 1)) if kind == 2 else 0
            env.step((kind, np.array([amount])))
        for h in env.finished_hands:
            assert replay(h).payoffs == h.payoffs
    for bad in [(1.5, 0), (np.float64(1.9), 0), ("1", 0), (True, 0), (1,), 3]:
        env.reset(seed=1)
        before = env.hand
        with pytest.raises(hc.ConfigError, match="not an exact action"):
            env.step(bad)
        assert env.hand == before


@pytest.mark.parametrize(
    "call",
    [
        lambda: E.aec_env(players=2**70),
        lambda: E.gym_env(players=2**70),
        lambda: E.gym_env(players=10**9),
        lambda: E.aec_env(stacks=2**64),
        lambda: E.aec_env(stack_range=(1, 2**64)),
        lambda: E.aec_env(episode="session", max_hands=2**64),
        lambda: E.aec_env(actions=["check_call", Fraction(1, 10**10)]),
        lambda: E.aec_env(actions=["check_call", Fraction(2**33 + 1, 2**33)]),
        lambda: E.aec_env(actions=5),
        lambda: E.aec_env(stacks=50, stack_range=(1, 5)),
        lambda: E.gym_env(illegal_action=float("nan")),
        lambda: E.VectorEnv(2, seed=-1),
        lambda: E.VectorEnv(2, seed=2**64),
        lambda: E.VectorEnv(2, seed="a"),
        lambda: E.VectorEnv(2**70),
        lambda: E.VectorEnv(2).reset(seed=2**64),
        lambda: E.VectorEnv(2, bots=["random"]),
        lambda: E.VectorEnv(2).hand(-1),
        lambda: E.VectorEnv(2).view(0, -1),
        lambda: E.VectorEnv(2).view(2**70, 0),
        lambda: E.VectorEnv(4).step(np.ones((2, 2), dtype=np.int64)),
        lambda: E.aec_env().reset(seed=-1),
        lambda: E.aec_env().reset(seed=2**64),
        lambda: E.aec_env().reset(seed="a"),
        lambda: E.parallel_env().reset(seed=-1),
        lambda: E.gym_env().reset(seed=-1),
        lambda: E.gym_env().reset(seed=2**64),
        lambda: E.aec_env().step(1),
        lambda: E.aec_env().last(),
        lambda: E.aec_env().observe("player_0"),
        lambda: E.parallel_env().step({"player_0": 1}),
        lambda: E.observation_layout(1),
        lambda: E.observation_layout("x"),
    ],
)
def test_bad_input_from_every_direction_is_a_config_error(call: Any) -> None:
    with pytest.raises(hc.ConfigError):
        call()


def test_agents_and_messages_use_the_action_names() -> None:
    env = E.aec_env(players=3)
    env.reset(seed=2)
    with pytest.raises(hc.ConfigError, match="is not an agent"):
        env.observe("player_9")
    with pytest.raises(hc.ConfigError, match="is not an agent"):
        env.view("bob")
    # Find a spot where pot*1 is illegal (say, facing an all-in) and read the message.
    names = env.action_names
    assert names == ["fold", "check_call", "pot*1/2", "pot*1", "all_in"]
    pick = random_agent(4)
    seen = set()
    for episode in range(200):
        env.reset(seed=episode)
        for obs in live_turns(env):
            for i in np.flatnonzero(obs["action_mask"] == 0):
                if i > 1 and i not in seen:
                    seen.add(int(i))
                    with pytest.raises(
                        hc.IllegalActionError, match=rf"action {i} \({re.escape(names[i])}"
                    ):
                        env.step(int(i))
            env.step(pick(obs["action_mask"]))
    assert seen == {2, 3, 4}


def test_gymnasium_make_and_vector_info_keys() -> None:
    import gymnasium

    env = gymnasium.make("holecards/Holdem-v0", players=3, opponents="tight_aggressive")
    obs, info = env.reset(seed=1)
    assert obs.shape == (113 + 27 * 3,) and set(info) == {"action_mask", "legal_actions", "seat"}
    v = E.VectorEnv(3, players=3)
    _, info = v.reset(seed=1)
    assert info["_action_mask"].all() and info["_seat"].all() and info["_seat"].shape == (3,)


def test_exact_actions_with_non_finite_or_huge_amounts_are_config_errors() -> None:
    # An amount of inf used to escape as OverflowError from int(inf).
    for form in ("aec", "gym"):
        env: Any = (
            E.aec_env(players=3, actions="exact")
            if form == "aec"
            else E.gym_env(players=3, actions="exact")
        )
        env.reset(seed=1)
        before = env.hand
        for action in [
            (2, float("inf")),
            (2, float("-inf")),
            (2, float("nan")),
            (2, 2**64),
            (2, -1),
            (2, 1.5),
        ]:
            with pytest.raises(hc.ConfigError, match="is not an exact action"):
                env.step(action)
            assert env.hand == before


@pytest.mark.parametrize("fraction", [float("inf"), float("-inf"), float("nan"), 1e308, -0.5, 0.0])
def test_a_pot_fraction_that_is_not_a_finite_positive_number_is_a_config_error(
    fraction: float,
) -> None:
    with pytest.raises(hc.ConfigError, match="pot fraction"):
        E.aec_env(actions=["fold", "check_call", fraction])


def test_gym_env_names_opponents_when_given_bots() -> None:
    with pytest.raises(hc.ConfigError, match="opponents="):
        E.gym_env(bots={1: "random"})


def test_aec_last_after_the_episode_says_to_reset() -> None:
    env = E.aec_env(players=2)
    env.reset(seed=3)
    while env.agents:
        obs, _, term, trunc, _ = env.last()
        env.step(None if term or trunc else int(np.flatnonzero(obs["action_mask"])[0]))
    with pytest.raises(hc.ConfigError, match="episode is over"):
        env.last()
    env.reset(seed=3)
    assert (
        env.last()[0]["observation"].shape == env.observation_space("player_0")["observation"].shape
    )


@pytest.mark.timeout(60)
def test_a_vector_env_stepped_from_threads_at_once_refuses_the_second_clearly() -> None:
    import threading

    env = E.VectorEnv(2048, players=6, seed=1)
    env.reset(seed=1)
    calls = np.ones(2048, dtype=np.int64)  # check or call: always legal
    errors: List[BaseException] = []
    played = [0]

    def run() -> None:
        for _ in range(100):
            try:
                env.step(calls)
                played[0] += 1
            except BaseException as e:  # noqa: BLE001 - every kind is recorded and checked
                errors.append(e)

    threads = [threading.Thread(target=run) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert played[0] > 0
    assert all(isinstance(e, hc.InUseError) and isinstance(e, RuntimeError) for e in errors), {
        type(e).__name__ for e in errors
    }
    # Still consistent: one more step from this thread works.
    env.step(calls)


def test_gym_one_call_path_matches_the_python_path_and_its_arrays_are_the_callers(
    capsys: Any,
) -> None:
    """Whole-number actions and unseeded resets take one call into the engine
    (no Python frame); NumPy integers, seeded resets and rendering to the
    terminal take the Python methods. Both play the same episodes, every
    observation and mask is an array of its own that no later step changes,
    and the errors are the same."""
    config = {"players": 4, "episode": "session", "max_hands": 6}
    fast, slow = E.gym_env(**config), E.gym_env(**config, render_mode="human")
    assert "step" in vars(fast) and "step" not in vars(slow)
    kept: List[Any] = []
    for env, wrap in ((fast, int), (slow, np.int64)):
        with pytest.raises(hc.ConfigError, match="episode is over"):
            env.step(1)  # before the first reset
        obs, info = env.reset(seed=5)
        run = [(obs.copy(), obs, info["action_mask"].copy(), info["action_mask"])]
        pick = random_agent(3)
        for _ in range(120):
            obs, r, term, trunc, info = env.step(wrap(pick(info["action_mask"])))
            assert isinstance(r, float) and type(term) is bool and type(trunc) is bool
            assert set(info) == {"action_mask", "legal_actions", "seat"}
            assert info["legal_actions"] == tuple(np.flatnonzero(info["action_mask"]))
            run.append((obs.copy(), obs, info["action_mask"].copy(), info["action_mask"]))
            if term or trunc:
                assert env.finished_hands, "the episode's hands are kept until the next reset"
                with pytest.raises(hc.ConfigError, match="episode is over"):
                    env.step(1)
                obs, info = env.reset()
                assert env.finished_hands == []
                run.append((obs.copy(), obs, info["action_mask"].copy(), info["action_mask"]))
        kept.append(run)
    for (o1, _, m1, _), (o2, _, m2, _) in zip(*kept):
        assert np.array_equal(o1, o2) and np.array_equal(m1, m2)
    # No array handed out was written again (each is a row of a block).
    for copy_obs, obs, copy_mask, mask in kept[0]:
        assert np.array_equal(copy_obs, obs) and np.array_equal(copy_mask, mask)
    assert len({id(r[1]) for r in kept[0]}) == len(kept[0])
    assert len({id(r[3]) for r in kept[0]}) == len(kept[0])
    # Other actions are refused as before, nothing changed.
    fast.reset(seed=1)
    before = fast.hand
    for bad in [2**70, -1, 99, 1.0, "1", None, True]:
        with pytest.raises(hc.HolecardsError):
            fast.step(bad)
        assert fast.hand == before
    assert "seat" in capsys.readouterr().out  # the slow one rendered every step


def test_reset_options_are_refused_by_the_gymnasium_envs_and_ignored_by_pettingzoo() -> None:
    """A Gymnasium environment takes its settings when made: a reset option
    is refused by name, and the environment is as before (an empty dict is
    no option). PettingZoo's API test resets with options={"options": 1},
    so its environments ignore them."""
    g = E.gym_env(players=2, seat=0, opponents="calling_station")
    g.reset(seed=3, options={})
    before = g.table.core.hand.events
    with pytest.raises(hc.ConfigError, match=r"unknown reset options \['opponents'\]"):
        g.reset(seed=4, options={"opponents": "random"})
    assert g.table.core.hand.events == before
    obs, _, _, _, _ = g.step(1)
    assert obs is not None
    v = E.VectorEnv(2, players=2)
    v.reset(seed=1)
    with pytest.raises(hc.ConfigError, match=r"unknown reset options \['seed'\]"):
        v.reset(options={"seed": 5})
    aec = E.aec_env(players=2)
    aec.reset(seed=0, options={"options": 1})
    par = E.parallel_env(players=2)
    par.reset(seed=0, options={"options": 1})
    assert aec.agents and par.agents


def test_reset_options_are_refused_with_or_without_a_seed() -> None:
    import gymnasium

    env = E.gym_env(players=2)
    env.reset(seed=1)
    before = env.hand
    for seed in (None, 3):
        with pytest.raises(hc.ConfigError, match="reset options"):
            env.reset(seed=seed, options={"stacks": 1000})
    assert env.hand == before
    env.reset(options={})
    made = gymnasium.make("holecards/Holdem-v0", players=2)
    with pytest.raises(hc.ConfigError, match="reset options"):
        made.reset(options={"players": 6})


def test_observations_stay_below_the_space_with_bets_under_a_big_blind() -> None:
    # Bets of 1 chip with a 10-chip big blind: a seat can raise far more
    # times than the table has big blinds.
    rules = hc.Rules.fixed_limit(
        small_blind=5, big_blind=10, small_bet=1, big_bet=1, raise_cap=None
    )
    env = E.aec_env(players=2, rules=rules, stacks=100, actions=["fold", "check_call", "min_raise"])
    space = env.observation_space("player_0")["observation"]
    assert space.high[0] >= 2 * 100 / 1
    env.reset(seed=0)
    raises = 0
    while env.agents:
        agent = env.agent_selection
        if env.terminations[agent]:
            env.step(None)
            continue
        obs = env.observe(agent)
        assert space.contains(obs["observation"])
        raises += int(obs["action_mask"][2])
        env.step(2 if obs["action_mask"][2] else 1)
    assert raises > 22
