"""Reinforcement-learning environments (``pip install holecards[rl]``).

* :func:`aec_env`: PettingZoo's AEC API, one agent per seat acting in turn.
* :func:`parallel_env`: PettingZoo's parallel API; each step every agent
  answers and only the seat to act's answer is played.
* :func:`gym_env`: Gymnasium, one agent; the other seats are bots.
* :func:`gym_vector_env`: Gymnasium's vector API for one learner a table
  (the other seats bots or a frozen policy), stepped in the engine; what
  ``gymnasium.make_vec("holecards/Holdem-v0", num_envs=n)`` returns.
* :class:`VectorEnv`: many tables of self-play (every seat an agent)
  stepped in one call into the engine.

Every form takes the same configuration (keyword-only)::

    players=6                  2 to 22 seats
    rules=None                 a holecards.Rules; default no-limit, blinds 1/2
    stacks=200                 chips, one for all or one per seat
    stack_range=None           (low, high): each seat's stack drawn each episode
    episode="hand"             or "session": hands with stacks carried and the
                               button moving, until a bust or max_hands
    max_hands=None             a session's hand count (truncated there)
    actions=None               the discrete abstraction (default by structure),
                               or "exact" for (kind, amount) actions
    button=None                the first button; None draws it each episode
    render_mode=None           "ansi" or "human"

The observation, the actions and the rewards are documented in
``docs/env.md``; :func:`observation_layout` names the observation's parts.
"""

from __future__ import annotations

import importlib.util
import math
from typing import Any, Callable, Dict, Mapping, Sequence, Union

if importlib.util.find_spec("gymnasium") is None:  # pragma: no cover - exercised without the extra
    raise ImportError(
        "holecards.env needs Gymnasium (and PettingZoo for the multi-agent forms): pip install 'holecards[rl]'"
    )

import numpy as np

# `gymnasium.make("holecards/Holdem-v0", **config)` builds gym_env(**config).
from gymnasium.envs.registration import (
    register as _register,  # noqa: E402
    registry as _registry,
)

from .._core import SeatView, _env_observe_view
from ..errors import ConfigError
from ._config import DEFAULT_ACTIONS, layout, make_settings, players_of
from ._gym import HoldemEnv
from ._vector import POLICY, SingleAgentVectorEnv, VectorEnv

if "holecards/Holdem-v0" not in _registry:
    _register(
        id="holecards/Holdem-v0",
        entry_point="holecards.env:gym_env",
        vector_entry_point="holecards.env:gym_vector_env",
    )

__all__ = [
    "aec_env",
    "parallel_env",
    "gym_env",
    "VectorEnv",
    "gym_vector_env",
    "SingleAgentVectorEnv",
    "POLICY",
    "HoldemEnv",
    "observation_layout",
    "observe",
    "DEFAULT_ACTIONS",
]


def aec_env(**config: Any) -> Any:
    """A PettingZoo AEC environment: agents ``player_0`` .. ``player_{n-1}``
    (agent ``player_i`` is seat ``i``), each observing ``{"observation",
    "action_mask"}``. Needs PettingZoo."""
    HoldemAEC = _pz().HoldemAEC
    return HoldemAEC(make_settings(**_agents_only(config)))


def parallel_env(**config: Any) -> Any:
    """A PettingZoo parallel environment over the same game: every step
    takes a dict of actions, and plays the one of the agent to act (the
    others' masks are all zero and their answers are ignored). Needs PettingZoo."""
    HoldemParallel = _pz().HoldemParallel
    return HoldemParallel(make_settings(**_agents_only(config)))


def _pz() -> Any:
    if importlib.util.find_spec("pettingzoo") is None:
        raise ImportError(
            "holecards.env's PettingZoo environments need PettingZoo: pip install 'holecards[rl]'"
        )
    from . import _pettingzoo

    return _pettingzoo


def _agents_only(config: Dict[str, Any]) -> Dict[str, Any]:
    if "bots" in config:
        raise ConfigError(
            "every seat of a PettingZoo environment is an agent: for bots, use gym_env(opponents=...) or VectorEnv(bots=...)"
        )
    return config


Opponent = Union[str, Callable[[SeatView], Any]]


def gym_env(
    *,
    seat: int = 0,
    opponents: Union[Opponent, Sequence[Opponent], Mapping[int, Opponent]] = "random",
    illegal_action: Union[str, float] = "raise",
    **config: Any,
) -> HoldemEnv:
    """A Gymnasium environment for one agent at ``seat``; every other seat
    is played by ``opponents``: a built-in bot's name (``"random"``,
    ``"calling_station"``, ``"tight_aggressive"``, played inside the
    engine), a Python bot (a callable taking the seat's
    :class:`~holecards.SeatView` and answering ``("fold", 0)``, ``("call",
    0)``, ``("raise", amount)``, ...), a list with one per other seat in
    seat order, or a dict by seat.

    ``illegal_action``: ``"raise"`` (an illegal action is an
    :class:`~holecards.IllegalActionError` and changes nothing), or a number:
    the episode ends there, nothing is played, and the reward is that number
    (for learners and checkers that sample actions without the mask in
    ``info["action_mask"]``)."""
    if "bots" in config:
        raise ConfigError(
            "gym_env's other seats are given with opponents=... (a bot's name, a callable, a list or a dict by seat), not bots=..."
        )
    players = players_of(config.get("players", 6))
    if (
        isinstance(seat, (bool, np.bool_))
        or not isinstance(seat, (int, np.integer))
        or not 0 <= seat < players
    ):
        raise ConfigError(f"seat must be a seat 0..{players - 1}, not {seat!r}")
    seat = int(seat)
    others = [s for s in range(players) if s != seat]
    if isinstance(opponents, Mapping):
        bots = dict(opponents)
        if seat in bots or set(bots) != set(others):
            raise ConfigError(
                f"opponents by seat must name exactly the seats {others}, not {sorted(bots)}"
            )
    elif isinstance(opponents, (list, tuple)):
        if len(opponents) != len(others):
            raise ConfigError(f"{len(opponents)} opponents for the {len(others)} other seats")
        bots = dict(zip(others, opponents))
    else:
        one: Any = opponents
        bots = {s: one for s in others}
    if illegal_action != "raise" and (
        isinstance(illegal_action, bool)
        or not isinstance(illegal_action, (int, float))
        or not math.isfinite(illegal_action)
    ):
        raise ConfigError(
            f"illegal_action must be 'raise' or a reward (a finite number), not {illegal_action!r}"
        )
    return HoldemEnv(make_settings(bots=bots, **config), seat, illegal_action)


def gym_vector_env(num_envs: int = 1, **options: Any) -> SingleAgentVectorEnv:
    """Gymnasium's vector API for ``num_envs`` tables, one learner at each
    (``gymnasium.make_vec("holecards/Holdem-v0", num_envs=n, **options)``
    builds it): observations ``(num_envs, obs_len)``, rewards, terminated
    and truncated ``(num_envs,)``, the learners' masks in
    ``infos["action_mask"]``; every other seat plays inside the step.

    Options, beside the configuration every form takes (``players``,
    ``rules``, ...):

    * ``seat``: the learner's seat, a number (default 0), ``"rotate"`` (the
      next seat each episode) or ``"random"`` (drawn each episode);
    * ``opponents``: a built-in bot's name (default ``"random"``),
      ``"policy"``, or a list of them by place after the learner;
      ``"policy"`` seats are played by ``policy``;
    * ``policy``: ``f(observations, masks) -> actions`` over NumPy arrays
      (a frozen copy of the learner's, for self-play against past
      versions), also given as ``reset(options={"policy": f})``;
    * ``autoreset_mode``: ``"next_step"`` (Gymnasium's default, what its
      wrappers assume) or ``"same_step"`` (the last observation in
      ``infos["final_obs"]``);
    * ``illegal_action``: ``"raise"`` or a reward that ends the episode;
    * ``threads``, ``copy``, ``record``, ``seed``: as for :class:`VectorEnv`."""
    return SingleAgentVectorEnv(num_envs, **options)


def observation_layout(players: int = 6) -> Dict[str, slice]:
    """The observation's parts for ``players`` players, as slices:
    ``hole``, ``board``, ``street``, ``position``, ``seats``, ``spot``, ``history``."""
    return layout(players_of(players))


def observe(view: SeatView) -> np.ndarray:
    """The observation of ``view``'s seat, from the view alone (the same
    vector the environments give that seat)."""
    return _env_observe_view(view)


def __getattr__(name: str) -> Any:
    # Names renamed apart from Gymnasium's (EnvSpec) and their helpers (make_spec).
    if name in ("EnvSpec", "make_spec"):
        from . import _config

        return getattr(_config, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
