"""The single-agent vector environment: Gymnasium's vector API with its
shapes exactly, reached by gymnasium.make_vec, under Gymnasium's own vector
wrappers; the learner's rewards are its payoffs in the recorded hands; a
policy plays the seats left to it."""

from __future__ import annotations

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")

from gymnasium.vector import AutoresetMode  # noqa: E402
from gymnasium.wrappers import vector as W  # noqa: E402

import holecards as hc  # noqa: E402
import holecards.env as E  # noqa: E402

pytestmark = pytest.mark.timeout(120)


def random_legal(mask: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    return np.array([rng.choice(np.flatnonzero(row)) for row in mask], dtype=np.int64)


def test_make_vec_returns_it_with_gymnasiums_shapes() -> None:
    env = gymnasium.make_vec(
        "holecards/Holdem-v0", num_envs=16, vectorization_mode="vector_entry_point", players=3
    )
    inner = env.unwrapped
    assert isinstance(inner, E.SingleAgentVectorEnv)
    assert env.metadata["autoreset_mode"] == AutoresetMode.NEXT_STEP
    obs, info = env.reset(seed=1)
    assert obs.shape == (16, 113 + 27 * 3) and obs.dtype == np.float32
    assert env.observation_space.contains(obs)
    assert info["action_mask"].shape == (16, 5) and info["_action_mask"].all()
    rng = np.random.default_rng(0)
    for _ in range(50):
        obs, rewards, terminated, truncated, info = env.step(random_legal(info["action_mask"], rng))
        assert rewards.shape == terminated.shape == truncated.shape == (16,)
        assert env.observation_space.contains(obs)
    # Without a mode, make_vec takes the vector entry point too.
    plain = gymnasium.make_vec("holecards/Holdem-v0", num_envs=2)
    assert isinstance(plain.unwrapped, E.SingleAgentVectorEnv)


def test_it_works_under_every_vector_wrapper() -> None:
    env = E.gym_vector_env(32, players=4, opponents="calling_station")
    wrapped = W.DictInfoToList(
        W.ClipReward(
            W.NormalizeObservation(W.NormalizeReward(W.RecordEpisodeStatistics(env))),
            min_reward=-20,
            max_reward=20,
        )
    )
    obs, infos = wrapped.reset(seed=5)
    assert isinstance(infos, list) and len(infos) == 32
    rng = np.random.default_rng(1)
    episodes = 0
    for _ in range(300):
        mask = env.action_masks()
        obs, rewards, terminated, truncated, infos = wrapped.step(random_legal(mask, rng))
        assert obs.shape == (32, env.single_observation_space.shape[0])
        assert np.isfinite(obs).all() and np.isfinite(rewards).all()
        assert (np.abs(rewards) <= 20).all()
        episodes += sum("episode" in i for i in infos)
    assert episodes > 100
    # Observations rescaled to [-1, 1] from the space's finite bounds.
    rescaled = W.RescaleObservation(E.gym_vector_env(4, players=2), -1.0, 1.0)
    obs, _ = rescaled.reset(seed=1)
    assert (obs >= -1).all() and (obs <= 1).all()


def test_episode_statistics_are_the_learners_payoffs() -> None:
    env = E.gym_vector_env(8, players=6, seat="random", record=True)
    stats = W.RecordEpisodeStatistics(env)
    obs, info = stats.reset(seed=11)
    env.finished_hands()
    rng = np.random.default_rng(2)
    seats = info["seat"].copy()
    payoffs: list = []
    returns: list = []
    for _ in range(400):
        obs, rewards, terminated, truncated, info = stats.step(
            random_legal(info["action_mask"], rng)
        )
        for table, hand in env.finished_hands():
            seat = int(seats[table])
            payoffs.append((table, (hand.stacks[seat] - hand.starting_stacks[seat]) / 2))
        if "episode" in info:
            done = np.flatnonzero(info["_episode"])
            returns += [(int(t), float(info["episode"]["r"][t])) for t in done]
        seats = info["seat"].copy()
    assert len(returns) > 100
    # One-hand episodes: the i-th return at a table is its i-th hand's payoff.
    for table in range(8):
        mine = [p for t, p in payoffs if t == table]
        got = [r for t, r in returns if t == table]
        assert got == pytest.approx(mine[: len(got)])


def test_next_step_reset_ignores_the_action_and_same_step_gives_the_final_observation() -> None:
    env = E.gym_vector_env(4, players=2, opponents="calling_station")
    obs, info = env.reset(seed=3)
    ended = None
    for _ in range(100):
        obs, r, term, trunc, info = env.step(np.ones(4, dtype=np.int64))
        if term.any():
            ended = term.copy()
            break
    assert ended is not None
    assert info["action_mask"][ended].all(), "the mask of an ended table is all true"
    # Any action at an ended table: it is reset, with a zero reward.
    actions = np.where(ended, 4, 1)
    obs, r, term, trunc, info = env.step(actions)
    assert (r[ended] == 0).all() and not term[ended].any()
    same = E.gym_vector_env(4, players=2, opponents="calling_station", autoreset_mode="same_step")
    assert same.metadata["autoreset_mode"] == AutoresetMode.SAME_STEP
    obs, info = same.reset(seed=3)
    for _ in range(100):
        obs, r, term, trunc, info = same.step(np.ones(4, dtype=np.int64))
        if term.any():
            assert (info["_final_obs"] == term).all()
            assert info["final_obs"].shape == obs.shape
            # The new episode's row: the learner has a decision.
            assert info["action_mask"][term].any(axis=1).all()
            break
    else:
        pytest.fail("no episode ended")


def test_same_step_final_info_has_the_ended_episodes_seat() -> None:
    # seat="rotate": each episode seats the learner one place on, so the
    # seat of an episode that ends differs from the next one's; final_info
    # is the ending step's info, with the seat the learner played.
    env = E.gym_vector_env(3, players=3, seat="rotate", autoreset_mode="same_step")
    obs, info = env.reset(seed=0)
    checked = 0
    for _ in range(400):
        playing = info["seat"].copy()
        actions = np.where(info["action_mask"][:, 0], 0, 1)
        obs, r, term, trunc, info = env.step(actions)
        ended = term | trunc
        if ended.any():
            final = info["final_info"]
            assert (final["_seat"] == ended).all()
            assert (final["seat"][ended] == playing[ended]).all()
            assert (info["seat"][ended] != playing[ended]).all()
            checked += int(ended.sum())
    assert checked > 20


def test_a_zero_dimensional_integer_array_is_an_action() -> None:
    # gymnasium: whatever the action space contains is an action
    env = E.gym_env(players=3)
    env.reset(seed=0)
    assert env.action_space.contains(np.array(1))
    env.step(np.array(1))
    with pytest.raises(hc.ConfigError):
        env.step(np.array(1.0))


def test_a_policy_plays_the_seats_left_to_it() -> None:
    calls = []

    def check_call(obs: np.ndarray, mask: np.ndarray) -> np.ndarray:
        assert obs.dtype == np.float32 and mask.dtype == np.bool_
        calls.append(len(obs))
        return np.ones(len(obs), dtype=np.int64)

    bots = E.gym_vector_env(6, players=3, opponents="calling_station", seed=4)
    pol = E.gym_vector_env(6, players=3, opponents="policy", policy=check_call, seed=4)
    a, _ = bots.reset(seed=4)
    b, _ = pol.reset(seed=4)
    rng = np.random.default_rng(3)
    for _ in range(100):
        np.testing.assert_array_equal(a, b)
        actions = random_legal(bots.action_masks(), rng)
        a, ra, *_ = bots.step(actions)
        b, rb, *_ = pol.step(actions)
        np.testing.assert_array_equal(ra, rb)
    assert sum(calls) > 100
    # A policy given at reset; mixed seats by place after the learner.
    mixed = E.gym_vector_env(2, players=3, opponents=["random", "policy"])
    mixed.reset(seed=1, options={"policy": check_call})
    mixed.step(np.ones(2, dtype=np.int64))


def test_a_failing_policy_raises_its_own_error_and_needs_a_reset() -> None:
    def boom(obs: np.ndarray, mask: np.ndarray) -> np.ndarray:
        raise KeyError("boom")

    env = E.gym_vector_env(2, players=2, opponents="policy", seat=1)
    with pytest.raises(KeyError, match="boom"):
        env.reset(seed=1, options={"policy": boom})
    with pytest.raises(hc.ConfigError, match="reset"):
        env.step(np.ones(2, dtype=np.int64))
    with pytest.raises(hc.ConfigError, match="action indices"):
        env.reset(options={"policy": lambda o, m: np.ones((len(o), 2))})
    with pytest.raises(hc.ConfigError, match="policy"):
        env.reset(options={"policy": lambda o, m: np.full(len(o), 9)})
    with pytest.raises(hc.ConfigError, match="policy"):
        E.gym_vector_env(2, players=2, opponents="policy").reset()


def test_seeded_runs_repeat_on_any_number_of_threads() -> None:
    def run(threads: object) -> list:
        env = E.gym_vector_env(12, players=6, seat="rotate", threads=threads)
        obs, info = env.reset(seed=9)
        rng = np.random.default_rng(9)
        out = [obs]
        for _ in range(60):
            obs, r, te, tr, info = env.step(random_legal(info["action_mask"], rng))
            out += [obs, r, te, info["seat"]]
        return out

    one, two = run(None), run(2)
    assert all(np.array_equal(x, y) for x, y in zip(one, two))


def test_illegal_actions_raise_or_end_the_episode_with_a_penalty() -> None:
    env = E.gym_vector_env(2, players=2)
    env.reset(seed=1)
    mask = env.action_masks()
    bad = np.array([int(np.flatnonzero(~mask[0])[0]) if (~mask[0]).any() else 99, 1])
    with pytest.raises((hc.IllegalActionError, hc.ConfigError), match="table 0"):
        env.step(bad)
    sampled = E.gym_vector_env(8, players=3, illegal_action=-3.0)
    sampled.reset(seed=2)
    sampled.action_space.seed(2)
    seen = False
    for _ in range(50):
        mask = sampled.action_masks()
        acts = sampled.action_space.sample()
        obs, r, te, tr, info = sampled.step(acts)
        illegal = ~mask[np.arange(8), acts]
        if illegal.any():
            seen = True
            assert te[illegal].all() and (r[illegal] == -3.0).all()
    assert seen


@pytest.mark.parametrize(
    "options, message",
    [
        ({"seat": 5}, "seat"),
        ({"seat": "left"}, "seat"),
        ({"opponents": "shark"}, "bot"),
        ({"opponents": ["random"]}, "opponents"),
        ({"autoreset_mode": "later"}, "autoreset_mode"),
        ({"illegal_action": float("nan")}, "illegal_action"),
        ({"bots": {1: "random"}}, "opponents"),
        ({"render_mode": "human"}, "render"),
    ],
)
def test_bad_options_are_config_errors(options: dict, message: str) -> None:
    with pytest.raises(hc.ConfigError, match=message):
        E.gym_vector_env(2, players=3, **options)


def test_a_vector_env_refuses_a_step_before_its_first_reset() -> None:
    # The single-table environments refuse it; the vector ones played the
    # step on tables never reset.
    for env in (E.VectorEnv(2, players=3), E.gym_vector_env(2, players=3)):
        with pytest.raises(hc.ConfigError, match="call reset\\(\\) before the first step"):
            env.step(np.ones(2, dtype=np.int64))
        env.reset(seed=1)
        env.step(np.ones(2, dtype=np.int64))


def test_a_vector_env_too_large_is_refused_from_its_seats() -> None:
    # tables times players: a million six-handed tables is the most, and
    # a 22-player table counts 22 seats (refused before anything is made)
    with pytest.raises(hc.ConfigError, match="at most 6,000,000 seats"):
        E.VectorEnv(300_000, players=22)


def test_a_refused_learner_action_leaves_a_policy_env_usable() -> None:
    # An illegal action is refused before anything is played, so the next
    # legal step goes on (only a failure after play began needs a reset).
    def check_call(obs: np.ndarray, mask: np.ndarray) -> np.ndarray:
        return np.ones(len(obs), dtype=np.int64)

    env = E.gym_vector_env(2, players=2, opponents="policy", policy=check_call)
    _, info = env.reset(seed=1)
    illegal = int(np.flatnonzero(~info["action_mask"][0])[0])
    before = [env.hand(t) for t in range(2)]
    with pytest.raises(hc.IllegalActionError, match="table 0"):
        env.step(np.array([illegal, 1], dtype=np.int64))
    with pytest.raises(hc.ConfigError, match="not an action"):
        env.step(np.array([1, 99], dtype=np.int64))
    assert [env.hand(t) for t in range(2)] == before
    env.step(np.ones(2, dtype=np.int64))


def test_a_policy_that_answers_badly_mid_step_needs_a_reset() -> None:
    answers = iter([1, 1, 9])

    def flaky(obs: np.ndarray, mask: np.ndarray) -> np.ndarray:
        return np.full(len(obs), next(answers, 1), dtype=np.int64)

    env = E.gym_vector_env(1, players=3, seat=0, button=0, opponents="policy", policy=flaky)
    env.reset(seed=1)
    with pytest.raises(hc.ConfigError, match="policy chose action 9"):
        for _ in range(20):
            env.step(np.ones(1, dtype=np.int64))
    with pytest.raises(hc.ConfigError, match="call reset"):
        env.step(np.ones(1, dtype=np.int64))
    env.reset(seed=2)
    env.step(np.ones(1, dtype=np.int64))


def test_exact_actions_with_policy_opponents_are_refused_when_made() -> None:
    # A policy answers action indices; exact mode's kind 2 needs an amount.
    with pytest.raises(hc.ConfigError, match="discrete actions"):
        E.gym_vector_env(2, players=2, actions="exact", opponents="policy")
    with pytest.raises(hc.ConfigError, match="discrete actions"):
        E.gym_vector_env(2, players=3, actions="exact", opponents=["random", "policy"])


@pytest.mark.parametrize("bad", [99, 5, -1, 2**62])
def test_an_index_out_of_range_is_refused_even_with_a_penalty(bad: int) -> None:
    env = E.gym_vector_env(2, players=3, illegal_action=-1.0)
    env.reset(seed=1)
    before = [env.hand(t) for t in range(2)]
    with pytest.raises(hc.ConfigError, match="table 1.*not an action|not an action.*table 1"):
        env.step(np.array([1, bad], dtype=np.int64))
    assert [env.hand(t) for t in range(2)] == before
    exact = E.gym_vector_env(2, players=3, actions="exact", illegal_action=-1.0)
    exact.reset(seed=1)
    with pytest.raises(hc.ConfigError, match="not an action kind"):
        exact.step((np.array([1, 3]), np.array([0, 0])))


def test_a_rotating_learner_starts_at_seat_0_however_seeded() -> None:
    # seat e mod players at the e-th episode the caller starts
    for env, seed in (
        (E.gym_vector_env(2, players=3, seat="rotate", seed=5), None),
        (E.gym_vector_env(2, players=3, seat="rotate"), None),
        (E.gym_vector_env(2, players=3, seat="rotate", seed=5), 5),
    ):
        seats = []
        _, info = env.reset(seed=seed)
        seats.append(info["seat"].tolist())
        for _ in range(2):
            _, info = env.reset()
            seats.append(info["seat"].tolist())
        assert seats == [[0, 0], [1, 1], [2, 2]]


def test_a_seeded_vector_reset_seeds_np_random_as_gymnasium_does() -> None:
    for env in (E.VectorEnv(2, players=2), E.gym_vector_env(2, players=2)):
        env.reset(seed=1)
        assert env.np_random_seed == 1
        first = env.np_random.integers(1 << 30)
        env.reset(seed=1)
        assert env.np_random.integers(1 << 30) == first
