"""The Gymnasium single-agent environment: one seat is the agent, the
others are played by built-in bots (inside the engine) or Python bots."""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Union

import gymnasium
import numpy as np

from .._core import Hand, SeatView
from ..errors import ConfigError
from ._common import Table, action_space, observation_box, split_action
from ._config import EnvSpec


class HoldemEnv(gymnasium.Env):
    """Hold'em for one agent at ``seat``; see :func:`holecards.env.gym_env`."""

    metadata = {"render_modes": ["human", "ansi"]}

    def __init__(self, spec: EnvSpec, seat: int, illegal_action: Union[str, float]) -> None:
        self.spec_ = spec
        self.seat = seat
        self.table = Table(spec)
        self.observation_space = observation_box(spec)
        self.action_space = action_space(spec)
        self.render_mode = spec.render_mode
        self.illegal_action = illegal_action
        self._over = True

    def _info(self) -> Dict[str, Any]:
        return {"action_mask": self.table.core.mask(self.seat), "seat": self.seat}

    def action_masks(self) -> np.ndarray:
        """The legal actions as booleans (the name sb3-contrib's MaskablePPO calls)."""
        return self.table.core.mask(self.seat).astype(bool)

    def reset(self, *, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None) -> "tuple[np.ndarray, Dict[str, Any]]":
        super().reset(seed=seed)
        if seed is not None:
            self.table.seed(seed)
        self.table.reset()
        self._over = False
        if self.render_mode == "human":
            self.render()
        return self.table.core.observe(self.seat), self._info()

    def step(self, action: Any) -> "tuple[np.ndarray, float, bool, bool, Dict[str, Any]]":
        if self._over:
            raise ConfigError("the episode is over: call reset() to start the next")
        if self.illegal_action != "raise":
            index, amount = split_action(self.spec_, action)
            mask = self.table.core.mask(self.seat)
            legal = 0 <= index < len(mask) and bool(mask[index])
            if legal and amount is not None:
                legal = self.table.core.hand.legal_actions() is not None and _in_range(self.table, amount)
            if not legal:
                # Nothing is played: the episode ends with the penalty.
                self._over = True
                info = self._info()
                info["illegal_action"] = True
                return self.table.core.observe(self.seat), float(self.illegal_action), True, False, info
        self.table.step(action)
        rewards, hands = self.table.take_rewards()
        ending = self.table.core.ending
        self._over = ending != "running"
        if self.render_mode == "human":
            self.render()
        reward = float(rewards[self.seat]) if hands else 0.0
        return self.table.core.observe(self.seat), reward, ending == "terminated", ending == "truncated", self._info()

    def view(self) -> SeatView:
        """The agent's :class:`~holecards.SeatView`."""
        return self.table.core.view(self.seat)

    @property
    def hand(self) -> Hand:
        """The hand being played, every card included (for logging, not for agents)."""
        return self.table.core.hand

    @property
    def finished_hands(self) -> List[Hand]:
        """The hands finished this episode, oldest first."""
        return list(self.table.finished)

    def render(self) -> Optional[str]:
        if self.render_mode is None:
            return None
        text = self.table.render()
        if self.render_mode == "human":
            print(text)
            return None
        return text


def _in_range(table: Table, amount: int) -> bool:
    la = table.core.hand.legal_actions()
    return la is not None and la.min_raise_to is not None and la.max_raise_to is not None and la.min_raise_to <= amount <= la.max_raise_to
