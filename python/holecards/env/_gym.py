"""The Gymnasium single-agent environment: one seat is the agent, the
others are played by built-in bots (inside the engine) or Python bots."""

from __future__ import annotations

from types import MethodType
from typing import Any, Dict, List, Optional, Union

import gymnasium
import numpy as np

from .._core import SeatView, _GymFast
from ..errors import ConfigError
from ._common import (
    Logged,
    Table,
    action_space,
    no_reset_options,
    observation_box,
    split_action,
)
from ._config import EnvSettings, seed_of


class HoldemEnv(Logged, gymnasium.Env):
    """Hold'em for one agent at ``seat``; see :func:`holecards.env.gym_env`."""

    metadata = {"render_modes": ["human", "ansi"], "render_fps": 1}

    def __init__(self, spec: EnvSettings, seat: int, illegal_action: Union[str, float]) -> None:
        self.spec_ = spec
        self.seat = seat
        self.table = Table(spec)
        self.observation_space = observation_box(spec)
        self.action_space = action_space(spec)
        self.render_mode = spec.render_mode
        self.illegal_action = illegal_action
        self._core = self.table.core
        self._core.over = True
        # The common case, stepped with one call into the engine: discrete
        # actions, built-in opponents, illegal actions refused.
        plain = not spec.exact and not spec.python_bots and illegal_action == "raise"
        self._human = spec.render_mode == "human"
        if plain and not self._human:
            # Without rendering, this instance's step and reset are the
            # engine's own for whole-number actions and unseeded resets (no
            # Python frame), and the methods below for the rest.
            fast = _GymFast(
                self._core,
                seat,
                MethodType(HoldemEnv.step, self),
                MethodType(HoldemEnv.reset, self),
                self.table.finished,
            )
            vars(self).update(step=fast.step, reset=fast.reset)

    @property
    def action_names(self) -> List[str]:
        """What each discrete action is (``"fold"``, ``"check_call"``, ``"pot*1/2"``, ...)."""
        return self.spec_.action_names

    def action_masks(self) -> np.ndarray:
        """The legal actions as booleans (the name sb3-contrib's MaskablePPO calls)."""
        return self.table.core.mask(self.seat).astype(bool)

    def reset(
        self, *, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None
    ) -> "tuple[np.ndarray, Dict[str, Any]]":
        no_reset_options(options)
        if seed is not None:
            seed = seed_of(seed)
            super().reset(seed=seed)
            self.table.seed(seed)
        if self.spec_.python_bots:
            # (over until the episode is dealt: a Python bot may fail on the way)
            self._core.over = True
            self.table.reset()
            obs, info = self._core.gym_observe(self.seat)
            self._core.over = False
        else:
            # (the engine plays built-in bots up to the agent's decision)
            self.table.finished.clear()
            obs, info = self._core.gym_reset(self.seat)
        if self._human:
            self.render()
        return obs, info

    def step(self, action: Any) -> "tuple[np.ndarray, float, bool, bool, Dict[str, Any]]":
        core = self._core
        if core.over:
            raise ConfigError("the episode is over: call reset() to start the next")
        index, amount = split_action(self.spec_, action)
        if self.illegal_action != "raise" and not core.is_legal(index, amount):
            # Nothing is played: the episode ends with the penalty (plus the
            # result of any hand of a session that ended before this step).
            core.over = True
            rewards, hands = self.table.take_rewards()
            obs, info = core.gym_observe(self.seat)
            info["illegal_action"] = True
            return (
                obs,
                float(self.illegal_action) + (rewards[self.seat] if hands else 0.0),
                True,
                False,
                info,
            )
        if self.spec_.python_bots:
            if core.actor != self.seat:
                raise ConfigError(
                    f"seat {core.actor} is to act, not the agent's seat {self.seat}: call reset()"
                )
            core.step(index, amount)
            try:
                self.table.run_python_bots()
            except BaseException:
                # A bot failed with the hand in its hands: the episode cannot go on.
                core.over = True
                raise
            rewards, hands = self.table.take_rewards()
            reward = rewards[self.seat] if hands else 0.0
            obs, info = core.gym_observe(self.seat)
            terminated, truncated = core.ending == "terminated", core.ending == "truncated"
            core.over = terminated or truncated
        else:
            # (which ends the episode, when it ends, for step to refuse the next)
            obs, reward, terminated, truncated, info = core.gym_step(index, amount, self.seat)
        if self._human:
            self.render()
        return obs, reward, terminated, truncated, info

    def view(self) -> SeatView:
        """The agent's :class:`~holecards.SeatView`."""
        return self.table.core.view(self.seat)
