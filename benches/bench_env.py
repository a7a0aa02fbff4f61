"""RL environment speed, side by side in one run: steps (one decision each)
per second with random legal actions, six-player hold'em, blinds 1/2,
stacks 200 (100 big blinds) where the environment lets them be set.

Peers: RLCard's no-limit and limit hold'em environments, PettingZoo's
texas_holdem_no_limit (which wraps RLCard) and pokers (Rust). holecards:
the PettingZoo AEC environment (the same agent loop as PettingZoo's), the
engine's single table driven directly, and the vectorised environment
(1,024 tables per call, one thread and two).

    python benches/bench_env.py [--seconds S]

Each row runs whole episodes for about S seconds (best of three runs) and
counts every decision as a step, except the Gymnasium rows, whose steps
are the agent's decisions only (the bots' are played inside the step); the
hands-per-second column counts whole hands (episodes) for every row. Random actions are drawn by the same kind of code
for every environment (a uniform choice among the legal actions), and that
time is counted in each row. pokers prints its showdowns to standard
output; its row runs with file descriptor 1 sent to /dev/null.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import random
import sys
import time
import warnings
from typing import Any, Callable, Iterator, List, Optional

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from _harness import gc_paused, machine_info, machine_line, ratio, table, version, versions_line  # noqa: E402

warnings.simplefilter("ignore")
PLAYERS = 6


def timed(episode: Callable[[], int], seconds: float, repeats: int = 3) -> "tuple[float, float]":
    """Steps and episodes per second, from the best of ``repeats`` runs of
    whole episodes lasting about ``seconds``."""
    episode()
    best = (0.0, 0.0)
    for _ in range(repeats):
        steps = episodes = 0
        with gc_paused():
            t0 = time.perf_counter()
            while True:
                steps += episode()
                episodes += 1
                dt = time.perf_counter() - t0
                if dt >= seconds:
                    break
        best = max(best, (steps / dt, episodes / dt))
    return best


@contextlib.contextmanager
def quiet_stdout() -> Iterator[None]:
    sys.stdout.flush()
    saved = os.dup(1)
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, 1)
    try:
        yield
    finally:
        sys.stdout.flush()
        os.dup2(saved, 1)
        os.close(null)
        os.close(saved)


def rlcard_episode(name: str, config: dict) -> Callable[[], int]:
    import rlcard

    env = rlcard.make(name, config={"game_num_players": PLAYERS, "seed": 1, **config})
    rng = random.Random(1)

    def episode() -> int:
        state, _ = env.reset()
        steps = 0
        while not env.is_over():
            state, _ = env.step(rng.choice(list(state["legal_actions"])))
            steps += 1
        return steps

    return episode


def aec_episode(env: Any) -> Callable[[], int]:
    rng = random.Random(1)
    env.reset(seed=1)

    def episode() -> int:
        env.reset()
        steps = 0
        for _agent in env.agent_iter():
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                env.step(None)
                continue
            env.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
            steps += 1
        return steps

    return episode


def pokers_episode() -> Callable[[], int]:
    import pokers as pk

    rng = random.Random(1)
    count = [0]

    def episode() -> int:
        count[0] += 1
        s = pk.State.from_seed(
            n_players=PLAYERS, button=count[0] % PLAYERS, sb=1.0, bb=2.0, stake=200.0, seed=count[0]
        )
        steps = 0
        while not s.final_state:
            a = rng.choice(s.legal_actions)
            amount = 0.0
            if a == pk.ActionEnum.Raise:
                ps = s.players_state[s.current_player]
                amount = rng.uniform(0.0, max(0.0, ps.stake - (s.min_bet - ps.bet_chips)))
            s = s.apply_action(pk.Action(a, amount))
            steps += 1
        return steps

    return episode


def gym_episode(**config: Any) -> Callable[[], int]:
    import holecards.env as hce

    env = hce.gym_env(players=PLAYERS, opponents="random", **config)
    rng = random.Random(1)
    env.reset(seed=1)

    def episode() -> int:
        _, info = env.reset()
        steps, done = 0, False
        while not done:
            _, _, term, trunc, info = env.step(rng.choice(info["legal_actions"]))
            steps += 1
            done = term or trunc
        return steps

    return episode


class NullAEC:
    """PettingZoo's AEC protocol around a game that does nothing: six agents
    in turn, nine decisions an episode, the same observation every time. Its
    row is the API's own cost per step (the ceiling of any AEC environment
    driven by this loop)."""

    def __new__(cls) -> Any:
        from gymnasium import spaces
        from pettingzoo import AECEnv

        class _Null(AECEnv):  # type: ignore[misc]
            metadata = {"name": "null_v0"}

            def __init__(self) -> None:
                super().__init__()
                self.possible_agents = [f"player_{i}" for i in range(PLAYERS)]
                self._obs = {
                    "observation": np.zeros(275, dtype=np.float32),
                    "action_mask": np.ones(5, dtype=np.int8),
                }
                self.observation_spaces = {
                    a: spaces.Dict(
                        {
                            "observation": spaces.Box(0, 1, (275,)),
                            "action_mask": spaces.Box(0, 1, (5,), dtype=np.int8),
                        }
                    )
                    for a in self.possible_agents
                }
                self.action_spaces = {a: spaces.Discrete(5) for a in self.possible_agents}

            def observe(self, agent: str) -> Any:
                return {
                    "observation": self._obs["observation"].copy(),
                    "action_mask": self._obs["action_mask"].copy(),
                }

            def reset(self, seed: Any = None, options: Any = None) -> None:
                self.agents = self.possible_agents[:]
                self.rewards = dict.fromkeys(self.agents, 0.0)
                self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
                self.terminations = dict.fromkeys(self.agents, False)
                self.truncations = dict.fromkeys(self.agents, False)
                self.infos = {a: {} for a in self.agents}
                self.agent_selection = self.agents[0]
                self._n = 0

            def step(self, action: Any) -> None:
                agent = self.agent_selection
                if self.terminations[agent]:
                    self._was_dead_step(action)
                    return
                self._n += 1
                self._cumulative_rewards[agent] = 0.0
                i = self.possible_agents.index(agent)
                self.agent_selection = self.possible_agents[(i + 1) % PLAYERS]
                if self._n == 9:
                    self.terminations = dict.fromkeys(self.agents, True)
                    self._accumulate_rewards()
                    self._deads_step_first()

        return _Null()


def burst_rate(env: Any, tables: int, seconds: float) -> "tuple[float, float]":
    """Steps and hands a second of a vector environment of ``tables`` tables
    stepped with a random legal action at each (NumPy's choice, counted)."""
    rng = np.random.default_rng(1)
    _, info = env.reset(seed=1)
    state = {"info": info}
    hands = [0]

    def burst() -> int:
        for _ in range(20):
            mask = state["info"]["action_mask"]
            _, _, term, _, state["info"] = env.step(
                np.argmax(rng.random(mask.shape) * mask, axis=1)
            )
            hands[0] += int(term.sum())
        return 20 * tables

    calls = [0]

    def counted() -> int:
        calls[0] += 1
        return burst()

    steps, _ = timed(counted, seconds)
    # Hands per second: hands ended per step, times steps per second.
    return steps, steps * hands[0] / (calls[0] * 20 * tables)


def vector_rate(
    tables: int, threads: Optional[int], seconds: float, copy: bool
) -> "tuple[float, float]":
    from holecards.env import VectorEnv

    return burst_rate(
        VectorEnv(tables, threads=threads, copy=copy, players=PLAYERS), tables, seconds
    )


def single_rate(
    tables: int, seconds: float, copy: bool, wrappers: bool = False
) -> "tuple[float, float]":
    """The single-agent vector environment (Gymnasium's vector API, five
    random bots a table played inside the step): learner steps a second;
    ``wrappers``: under Gymnasium's RecordEpisodeStatistics and
    NormalizeReward, as a trainer would run it."""
    import holecards.env as hce

    env: Any = hce.gym_vector_env(tables, opponents="random", copy=copy, players=PLAYERS)
    if wrappers:
        from gymnasium.wrappers.vector import NormalizeReward, RecordEpisodeStatistics

        env = NormalizeReward(RecordEpisodeStatistics(env))
    return burst_rate(env, tables, seconds)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=2.0)
    a = ap.parse_args()
    import holecards
    import holecards.env as hce

    rows: List[List[str]] = []
    rates = {}

    def add(
        label: str,
        make: Callable[[], Callable[[], int]],
        dist: Optional[str] = None,
        quiet: bool = False,
    ) -> None:
        try:
            episode = make()
        except ImportError as e:
            rows.append([label, f"not installed ({e.name})", "", "", ""])
            return
        if quiet:
            with quiet_stdout():
                r = timed(episode, a.seconds)
        else:
            r = timed(episode, a.seconds)
        rates[label] = r[0]
        rows.append([label, f"{r[0]:,.0f}", "", f"{r[1]:,.0f}", dist or ""])

    add(
        "RLCard no-limit-holdem",
        lambda: rlcard_episode("no-limit-holdem", {"chips_for_each": 200}),
        "rlcard",
    )
    add("RLCard limit-holdem", lambda: rlcard_episode("limit-holdem", {}), "rlcard")

    def pz() -> Callable[[], int]:
        from pettingzoo.classic import texas_holdem_no_limit_v6

        return aec_episode(texas_holdem_no_limit_v6.env(num_players=PLAYERS))

    add("PettingZoo texas_holdem_no_limit_v6 (AEC)", pz, "pettingzoo")
    add("pokers (Rust)", pokers_episode, "pokers", quiet=True)
    add(
        "holecards aec_env, no-limit (PettingZoo AEC)",
        lambda: aec_episode(hce.aec_env(players=PLAYERS)),
        "holecards",
    )
    add(
        "holecards aec_env, fixed limit (PettingZoo AEC)",
        lambda: aec_episode(
            hce.aec_env(
                players=PLAYERS, rules=holecards.Rules.fixed_limit(small_blind=1, big_blind=2)
            )
        ),
        "holecards",
    )
    add(
        "holecards gym_env (one agent; five random bots play inside the engine)",
        lambda: gym_episode(),
        "holecards",
    )
    add(
        "holecards gym_env, fixed limit",
        lambda: gym_episode(rules=holecards.Rules.fixed_limit(small_blind=1, big_blind=2)),
        "holecards",
    )
    add(
        "PettingZoo's AEC protocol alone (a game that does nothing)",
        lambda: aec_episode(NullAEC()),
        "pettingzoo",
    )
    ref = rates.get("RLCard no-limit-holdem")
    for threads in (None, 2):
        for copy in (False, True):
            label = f"holecards VectorEnv, 1,024 tables, {threads or 1} thread{'s' if threads else ''}{', copies returned' if copy else ''}"
            r = vector_rate(1024, threads, a.seconds, copy)
            rates[label] = r[0]
            rows.append([label, f"{r[0]:,.0f}", "", f"{r[1]:,.0f}", "holecards"])
    for copy, wrappers in ((False, False), (True, False), (False, True)):
        label = "holecards gym_vector_env (single agent), 1,024 tables, 1 thread"
        label += ", copies returned" if copy else ""
        label += ", under RecordEpisodeStatistics and NormalizeReward" if wrappers else ""
        r = single_rate(1024, a.seconds, copy, wrappers)
        rates[label] = r[0]
        rows.append([label, f"{r[0]:,.0f}", "", f"{r[1]:,.0f}", "holecards"])
    for row in rows:
        r = rates.get(row[0])
        row[2] = ratio(r, ref, ".1f") if r is not None and ref else ""
    mi = machine_info()
    print(machine_line(mi))
    dists = ["holecards", "rlcard", "pettingzoo", "pokers", "gymnasium", "numpy"]
    print(versions_line({d: version(d) for d in dists}))
    print()
    print(
        table(
            [
                "environment (6 players, random legal actions)",
                "steps/s",
                "vs RLCard no-limit",
                "hands/s",
                "package",
            ],
            [r for r in rows],
            right=(1, 2, 3),
        )
    )


if __name__ == "__main__":
    main()
