"""The PettingZoo environments: AEC (one agent per seat, turn by turn) and
a parallel form in which every agent answers each step and only the
acting seat's answer counts."""

from __future__ import annotations

from typing import Any, Dict, List, Optional

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv  # type: ignore[import-untyped]

from .._core import SeatView
from ..errors import ConfigError
from ._common import Logged, Table, action_space, mask_box, mask_key, observation_box, split_action
from ._config import EnvSettings, seed_of


def _name(seat: int) -> str:
    return f"player_{seat}"


class _Base(Logged):
    spec: EnvSettings
    table: Table

    def _setup(self, spec: EnvSettings) -> None:
        self.spec = spec
        self.table = Table(spec)
        self.possible_agents = [_name(s) for s in range(spec.players)]
        self._seat = {a: s for s, a in enumerate(self.possible_agents)}
        self._mask_key = mask_key(spec)
        obs = spaces.Dict({"observation": observation_box(spec), self._mask_key: mask_box(spec)})
        self.observation_spaces = {a: obs for a in self.possible_agents}
        self.action_spaces = {a: action_space(spec) for a in self.possible_agents}
        self.render_mode = spec.render_mode

    @property
    def action_names(self) -> List[str]:
        """What each discrete action is (``"fold"``, ``"check_call"``, ``"pot*1/2"``, ...)."""
        return self.spec.action_names

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def _seat_of(self, agent: str) -> int:
        seat = self._seat.get(agent)
        if seat is None:
            raise ConfigError(f"{agent!r} is not an agent: the agents are {self.possible_agents}")
        return seat

    def _observe(self, agent: str) -> Dict[str, np.ndarray]:
        obs, mask, _ = self.table.core.observe_all(self._seat_of(agent))
        return {"observation": obs, self._mask_key: mask}

    def view(self, agent: str) -> SeatView:
        """The agent's :class:`~holecards.SeatView` (public information and its own cards)."""
        return self.table.core.view(self._seat_of(agent))

    def close(self) -> None:
        pass


class HoldemAEC(_Base, AECEnv):  # type: ignore[misc]
    """One agent per seat, acting in turn (PettingZoo's AEC API)."""

    metadata = {
        "render_modes": ["human", "ansi"],
        "name": "holecards_holdem_v0",
        "is_parallelizable": False,
    }

    def __init__(self, spec: EnvSettings) -> None:
        super().__init__()
        self._setup(spec)
        self.agents: List[str] = []
        self._started = False

    def observe(self, agent: str) -> Dict[str, np.ndarray]:
        if not self._started:
            raise ConfigError("call reset() before observe()")
        return self._observe(agent)

    def last(self, observe: bool = True) -> Any:
        if not self._started:
            raise ConfigError("call reset() before last()")
        if not self.agents:
            raise ConfigError("the episode is over: call reset()")
        return super().last(observe)

    def reset(self, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None) -> None:
        # (options are ignored, as PettingZoo's API test expects: it resets
        # with options={"options": 1}; the Gymnasium environments refuse them)
        self._started = True
        if seed is not None:
            self.table.seed(seed_of(seed))
        self.table.reset()
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._paid = False
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: Dict[str, Dict[str, Any]] = {a: {} for a in self.agents}
        actor = self.table.core.actor
        assert actor is not None  # (reset ends at an agent's decision)
        self.agent_selection = self.possible_agents[actor]

    def step(self, action: Any) -> None:
        if not self.agents:
            raise ConfigError(
                "the episode is over: call reset()"
                if self._started
                else "call reset() before step()"
            )
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        index, amount = split_action(self.spec, action)
        rewards, ending, actor = self.table.core.aec_step(index, amount)
        self._cumulative_rewards[agent] = 0.0
        if rewards is not None:
            self.rewards = dict(zip(self.possible_agents, rewards))
            self._paid = True
        elif self._paid:
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self._paid = False
        if ending:
            done = dict.fromkeys(self.agents, True)
            self.terminations = done if ending == 1 else dict.fromkeys(self.agents, False)
            self.truncations = done if ending == 2 else dict.fromkeys(self.agents, False)
            self.agent_selection = _name((self._seat[agent] + 1) % self.spec.players)
            self._accumulate_rewards()
            self._deads_step_first()
        else:
            assert actor is not None  # (a running episode waits on an agent)
            self.agent_selection = self.possible_agents[actor]
            if self._paid:
                self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()


class HoldemParallel(_Base, ParallelEnv):  # type: ignore[misc]
    """Every agent answers each step; only the seat to act's answer is
    played (the others' masks are all zero and their answers ignored)."""

    metadata = {"render_modes": ["human", "ansi"], "name": "holecards_holdem_parallel_v0"}

    def __init__(self, spec: EnvSettings) -> None:
        self._setup(spec)
        self.agents: List[str] = []

    def _all(self) -> Dict[str, Dict[str, np.ndarray]]:
        return {a: self._observe(a) for a in self.agents}

    def reset(
        self, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None
    ) -> "tuple[Dict[str, Any], Dict[str, Any]]":
        if seed is not None:
            self.table.seed(seed_of(seed))
        self.table.reset()
        self.agents = self.possible_agents[:]
        return self._all(), {a: {} for a in self.agents}

    def step(
        self, actions: Dict[str, Any]
    ) -> (
        "tuple[Dict[str, Any], Dict[str, float], Dict[str, bool], Dict[str, bool], Dict[str, Any]]"
    ):
        if not self.agents:
            raise ConfigError("no episode is running: call reset()")
        actor = self.table.core.actor
        if actor is None or not isinstance(actions, dict) or _name(actor) not in actions:
            raise ConfigError(
                f"give a dict of actions with one for {_name(actor) if actor is not None else 'the agent to act'}, the agent to act"
            )
        self.table.step(actions[_name(actor)])
        rewards, hands = self.table.take_rewards()
        agents = self.agents
        ending = self.table.core.ending
        obs = self._all()
        rew = {a: (rewards[self._seat[a]] if hands else 0.0) for a in agents}
        term = {a: ending == "terminated" for a in agents}
        trunc = {a: ending == "truncated" for a in agents}
        infos: Dict[str, Any] = {a: {} for a in agents}
        if ending != "running":
            self.agents = []
        if self.render_mode == "human":
            self.render()
        return obs, rew, term, trunc, infos
