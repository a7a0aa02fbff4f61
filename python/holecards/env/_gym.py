"""The Gymnasium single-agent environment: one seat is the agent, the
others are played by built-in bots (inside the engine) or Python bots."""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Union

import gymnasium
import numpy as np

from .._core import SeatView
from ..errors import ConfigError
from ._common import Logged, Table, action_space, mask_key, observation_box, split_action
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
        self._over = True
        self._core = self.table.core
        # The common case, stepped with one call into the engine: discrete
        # actions, built-in opponents, illegal actions refused.
        self._plain = not spec.exact and not spec.python_bots and illegal_action == "raise"
        self._human = spec.render_mode == "human"
        self._mask_key = mask_key(spec)

    def _info(self, mask: np.ndarray, legal: "tuple[int, ...]") -> Dict[str, Any]:
        return {self._mask_key: mask, "legal_actions": legal, "seat": self.seat}

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
        if seed is not None:
            seed = seed_of(seed)
            super().reset(seed=seed)
            self.table.seed(seed)
        # (over until the episode is dealt: a Python bot may fail on the way)
        self._over = True
        if self.spec_.python_bots:
            self.table.reset()
            obs, mask, legal = self._core.observe_all(self.seat)
        else:
            # (the engine plays built-in bots up to the agent's decision)
            self.table.finished.clear()
            obs, mask, legal = self._core.reset_observe(self.seat)
        self._over = False
        if self._human:
            self.render()
        return obs, self._info(mask, legal)

    def step(self, action: Any) -> "tuple[np.ndarray, float, bool, bool, Dict[str, Any]]":
        if self._over:
            raise ConfigError("the episode is over: call reset() to start the next")
        if self._plain and type(action) is int and -(2**62) < action < 2**62:
            obs, mask, legal, reward, ending = self._core.gym_step(action, None, self.seat)
            self._over = ending != 0
            if self._human:
                self.render()
            return (
                obs,
                reward,
                ending == 1,
                ending == 2,
                {"action_mask": mask, "legal_actions": legal, "seat": self.seat},
            )
        core = self._core
        index, amount = split_action(self.spec_, action)
        if self.illegal_action != "raise" and not core.is_legal(index, amount):
            # Nothing is played: the episode ends with the penalty (plus the
            # result of any hand of a session that ended before this step).
            self._over = True
            rewards, hands = self.table.take_rewards()
            obs, mask, legal = core.observe_all(self.seat)
            info = self._info(mask, legal)
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
                self._over = True
                raise
            rewards, hands = self.table.take_rewards()
            reward = rewards[self.seat] if hands else 0.0
            obs, mask, legal = core.observe_all(self.seat)
            ending = ("running", "terminated", "truncated").index(core.ending)
        else:
            obs, mask, legal, reward, ending = core.gym_step(index, amount, self.seat)
        self._over = ending != 0
        if self.render_mode == "human":
            self.render()
        return obs, reward, ending == 1, ending == 2, self._info(mask, legal)

    def view(self) -> SeatView:
        """The agent's :class:`~holecards.SeatView`."""
        return self.table.core.view(self.seat)
