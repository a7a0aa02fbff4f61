"""What the single-table environments share: the engine's table, spaces,
Python bots and rendering."""

from __future__ import annotations

from typing import Any, Dict, List, Optional

import numpy as np
from gymnasium import spaces

from .. import _format
from .._core import Hand, _EnvTable
from ..errors import ConfigError, IllegalActionError
from ._config import EnvSettings


def no_reset_options(options: Optional[Dict[str, Any]]) -> None:
    """Refuses ``reset(options=...)`` holding anything: these environments
    take their settings when made, and an option silently ignored (a typo,
    or a setting meant for ``make``) would train on other settings than
    the caller believes."""
    if options:
        raise ConfigError(
            f"unknown reset options {sorted(map(str, options))}: this environment takes "
            "none (give settings when making it)"
        )


def observation_box(spec: EnvSettings) -> spaces.Box:
    return spaces.Box(low=0.0, high=spec.obs_high, shape=(spec.obs_len,), dtype=np.float32)


def action_space(spec: EnvSettings) -> spaces.Space[Any]:
    if spec.exact:
        return spaces.Tuple(
            (spaces.Discrete(3), spaces.Box(low=0, high=spec.max_chips, shape=(1,), dtype=np.int64))
        )
    return spaces.Discrete(spec.num_actions)


def mask_box(spec: EnvSettings) -> spaces.Box:
    return spaces.Box(low=0, high=1, shape=(spec.num_actions,), dtype=np.int8)


def mask_key(spec: EnvSettings) -> str:
    """The mask's name: ``action_mask`` for a discrete abstraction; in exact
    mode ``kind_mask`` (it masks the three kinds, not the (kind, amount)
    action, whose amount no mask can describe)."""
    return spec.core.mask_key


def split_action(spec: EnvSettings, action: Any) -> "tuple[int, Optional[int]]":
    """An agent's action as (index, amount); a clear error for anything else."""
    if type(action) is int and not spec.exact and 0 <= action < spec.num_actions:
        return action, None
    if spec.exact:
        try:
            kind, amount = action
            if isinstance(kind, (bool, np.bool_)) or not isinstance(kind, (int, np.integer)):
                raise ValueError
            kind = int(kind)
            amount_arr = np.asarray(amount).reshape(-1)
            if amount_arr.size != 1:
                raise ValueError
            chips = int(amount_arr[0])
            if chips != amount_arr[0] or not 0 <= chips < 2**64:
                raise ValueError
            if not 0 <= kind <= 2:
                raise ValueError
        except (TypeError, ValueError, OverflowError):
            raise ConfigError(
                f"{action!r} is not an exact action: give (kind, amount) with kind 0 fold, 1 check or call, 2 bet or raise to amount chips (a whole number)"
            ) from None
        return kind, (chips if kind == 2 else None)
    if isinstance(action, np.ndarray) and action.shape == () and action.dtype.kind in "iu":
        # (a 0-d integer array: what a Discrete space's sample can be
        # turned into by wrappers and trainers, and what it contains)
        action = action[()]
    if (
        isinstance(action, (bool, np.bool_))
        or not isinstance(action, (int, np.integer))
        or not 0 <= int(action) < spec.num_actions
    ):
        raise ConfigError(
            f"{action!r} is not an action: give an index 0..{spec.num_actions - 1} into {spec.action_names}"
        )
    return int(action), None


class Table:
    """One engine table plus the Python bots the engine cannot call."""

    def __init__(self, spec: EnvSettings, seed: Optional[int] = None) -> None:
        self.spec = spec
        self.core = _EnvTable(spec.core, seed=seed)
        self.core.set_record(True)
        self.unit = spec.unit
        self.finished: List[Hand] = []

    def seed(self, seed: Optional[int]) -> None:
        self.core.seed(seed)

    def reset(self) -> None:
        """A new episode, played up to the first decision of an agent (the
        engine does this for built-in bots; Python bots are called here)."""
        self.finished.clear()
        for _ in range(10_000):
            self.core.take_finished()
            self.core.reset()
            self.run_python_bots()
            if self.core.ending == "running":
                return
        raise ConfigError("10,000 deals in a row gave the agent no decision")

    def run_python_bots(self) -> None:
        """Plays the Python bots' seats up to an agent's decision. A bot that
        fails or answers badly raises (a ConfigError naming its seat, or its
        own exception); the caller ends the episode."""
        bots = self.spec.python_bots
        while bots:
            seat = self.core.actor
            if seat is None or seat not in bots:
                return
            answer = bots[seat](self.core.view(seat))
            apply_answer(self.core, answer, f"the bot at seat {seat}")

    def step(self, action: Any) -> None:
        index, amount = split_action(self.spec, action)
        self.core.step(index, amount)
        self.run_python_bots()

    def take_rewards(self) -> "tuple[List[float], int]":
        chips, hands = self.core.take_rewards()
        return [c / self.unit for c in chips], hands

    def finished_hands(self) -> List[Hand]:
        """The hands finished this episode, oldest first."""
        self.finished.extend(self.core.take_finished())
        return list(self.finished)

    def render(self) -> str:
        hand = self.core.hand
        lines = _format.hand_log(hand.view(None))
        actor = self.core.actor
        if actor is not None:
            lines.append(f"seat {actor} to act ({self.core.legal_text()})")
        return "\n".join(lines)


def apply_answer(core: _EnvTable, answer: Any, who: str) -> None:
    """Plays a Python bot's answer, read as at a table (``("fold", 0)``,
    ``("check", 0)``, ``("call", 0)`` to check or call, ``("bet", x)``,
    ``("raise", x)``); an illegal one is a ConfigError naming the bot."""
    try:
        core.apply(answer, who)
    except IllegalActionError as e:
        raise ConfigError(f"{who} answered {answer!r}, which is not legal: {e}") from e


class Logged:
    """What the single-table forms share: the hand being played and the
    episode's finished hands, both with every card (for logging and replays,
    not for agents), and rendering."""

    table: Table
    render_mode: Optional[str]

    @property
    def hand(self) -> Hand:
        """The hand being played, every card included (for logging, not for agents)."""
        return self.table.core.hand

    @property
    def finished_hands(self) -> List[Hand]:
        """The hands finished this episode, oldest first, every card included
        (for logging and replays, not for agents)."""
        return self.table.finished_hands()

    def render(self) -> Optional[str]:
        if self.render_mode is None:
            return None
        text = self.table.render()
        if self.render_mode == "human":
            print(text)
            return None
        return text
