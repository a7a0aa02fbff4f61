"""Many tables stepped in one call into the engine, with the GIL released,
after Gymnasium's vector API."""

from __future__ import annotations

import contextlib
import math
import threading
from typing import Any, Callable, Dict, Iterator, List, Optional, Tuple, Union

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from gymnasium.vector import AutoresetMode, VectorEnv as _GymVectorEnv

from .._core import Hand, SeatView, _VecEnv
from ..errors import ConfigError, InUseError
from ._common import action_space, mask_key, no_reset_options, observation_box
from ._config import EnvSettings, make_settings, seed_of

#: the most seats (tables times players) one vector environment holds
MAX_SEATS_IN_ALL = 6_000_000


class _Tables(_GymVectorEnv):
    """What both vector forms share: the engine's tables, the buffers it
    writes, one thread at a time, and the tables' hands and views."""

    num_envs: int
    players: int
    _core: _VecEnv

    def _seed_np_random(self, seed: Optional[int]) -> None:
        """What Gymnasium's own ``reset`` does with a seed: ``np_random``
        (and ``np_random_seed``) drawn from it. The tables' deals have their
        own generators; this one is the caller's."""
        if seed is not None:
            self._np_random, self._np_random_seed = seeding.np_random(seed)

    def _start(
        self,
        num_tables: Any,
        spec: EnvSettings,
        seed: Optional[int],
        threads: Optional[int],
        copy: bool,
        record: bool,
        single: Optional[Tuple[Any, List[Optional[str]], str, Optional[float]]] = None,
    ) -> None:
        """The tables (``single``: the single-agent form's settings) and the spaces."""
        # (a step before the first reset is refused, as the single-table
        # environments refuse it)
        self._reset_done = False
        if (
            isinstance(num_tables, bool)
            or not isinstance(num_tables, (int, np.integer))
            or num_tables < 1
        ):
            raise ConfigError(f"num_tables must be a positive integer, not {num_tables!r}")
        if num_tables > 1_000_000:
            raise ConfigError(f"num_tables must be at most 1,000,000, not {num_tables}")
        # (a seat's state and observation take some hundreds of bytes: the
        # bound is on the seats, so a 22-player table counts 22 times)
        if num_tables * spec.players > MAX_SEATS_IN_ALL:
            raise ConfigError(
                f"{num_tables:,} tables of {spec.players} players: at most "
                f"{MAX_SEATS_IN_ALL:,} seats in all (about 650 bytes each)"
            )
        self.spec_ = spec
        self.num_envs = int(num_tables)
        self.players = spec.players
        self.action_names: List[str] = spec.action_names
        self._core = _VecEnv(
            self.num_envs, spec.core, seed=seed_of(seed), threads=threads, single=single
        )
        self._core.set_record(bool(record))
        self._copy = bool(copy)
        self.single_observation_space = observation_box(spec)
        self.single_action_space = action_space(spec)
        self.observation_space = spaces.Box(
            low=0.0, high=spec.obs_high, shape=(self.num_envs, spec.obs_len), dtype=np.float32
        )
        if spec.exact:
            self.action_space = spaces.Tuple(
                (
                    spaces.MultiDiscrete(np.full(self.num_envs, 3)),
                    spaces.Box(
                        low=0, high=spec.max_chips, shape=(self.num_envs, 1), dtype=np.int64
                    ),
                )
            )
        else:
            self.action_space = spaces.MultiDiscrete(np.full(self.num_envs, spec.num_actions))
        self.render_mode = None

    def _actions(self, actions: Any) -> Tuple[np.ndarray, Optional[np.ndarray]]:
        """A step's actions as the engine takes them: kinds or indices, and
        in exact mode the amounts."""
        t = self.num_envs
        if not self.spec_.exact:
            return _ints(actions, t, "actions"), None
        try:
            kinds, amounts = actions
        except (TypeError, ValueError):
            raise ConfigError(
                "exact actions are (kinds, amounts): two arrays of one entry per table"
            ) from None
        kinds_arr = _ints(kinds, t, "kinds")
        amounts_arr = _ints(amounts, t, "amounts", column=True)
        if (amounts_arr < 0).any():
            raise ConfigError("amounts are chips: non-negative whole numbers")
        return kinds_arr, amounts_arr.astype(np.uint64)

    def _make_buffers(self, spec: EnvSettings, rewards: int, final_obs: bool) -> None:
        t, d, a = self.num_envs, spec.obs_len, spec.num_actions
        f = t if final_obs else 0
        self._obs = np.zeros((t, d), dtype=np.float32)
        self._mask = np.zeros((t, a), dtype=np.bool_)
        self._rewards = np.zeros((t, rewards), dtype=np.float32)
        self._terminated = np.zeros(t, dtype=np.bool_)
        self._truncated = np.zeros(t, dtype=np.bool_)
        self._seat = np.zeros(t, dtype=np.int64)
        self._final_obs = np.zeros((f, d), dtype=np.float32)
        self._has_final = np.zeros(f, dtype=np.bool_)
        self._bufs = (
            self._obs,
            self._mask,
            self._rewards,
            self._terminated,
            self._truncated,
            self._seat,
            self._final_obs,
            self._has_final,
        )
        # Gymnasium's vector infos say, per key, which tables have it: all of them.
        self._every = np.ones(t, dtype=np.bool_)
        self._mask_key = mask_key(spec)
        # reset and step write the shared buffers with the GIL released: one
        # thread at a time, and a clear error for a second one.
        self._busy = threading.Lock()

    def _enter(self) -> None:
        if not self._busy.acquire(blocking=False):
            name = type(self).__name__
            raise InUseError(
                f"this {name} is being stepped or reset by another thread: use one {name} per thread (or a lock around its calls)"
            )

    @contextlib.contextmanager
    def _using(self) -> Iterator[None]:
        self._enter()
        try:
            yield
        finally:
            self._busy.release()

    def _out(self, arr: np.ndarray) -> np.ndarray:
        return arr.copy() if self._copy else arr

    def _infos(self) -> Dict[str, Any]:
        raise NotImplementedError

    def _result(
        self, rewards: np.ndarray
    ) -> Tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, Dict[str, Any]]:
        """A step's answer: observations, ``rewards``, terminated, truncated, infos."""
        return (
            self._out(self._obs),
            self._out(rewards),
            self._out(self._terminated),
            self._out(self._truncated),
            self._infos(),
        )

    def _table(self, table: Any) -> int:
        if (
            isinstance(table, (bool, np.bool_))
            or not isinstance(table, (int, np.integer))
            or not 0 <= table < self.num_envs
        ):
            raise ConfigError(f"table {table!r} is not a table: tables are 0..{self.num_envs - 1}")
        return int(table)

    def hand(self, table: int) -> Hand:
        """Table ``table``'s hand being played, every card included (for logging, not for agents)."""
        table = self._table(table)
        with self._using():
            return self._core.hand(table)

    def view(self, table: int, seat: int) -> SeatView:
        """The :class:`~holecards.SeatView` of ``seat`` at table ``table``."""
        if (
            isinstance(seat, (bool, np.bool_))
            or not isinstance(seat, (int, np.integer))
            or not 0 <= seat < self.players
        ):
            raise ConfigError(f"seat {seat!r} is not a seat: seats are 0..{self.players - 1}")
        table = self._table(table)
        with self._using():
            return self._core.view(table, int(seat))

    def finished_hands(self) -> List[Tuple[int, Hand]]:
        """With ``record=True``: the hands finished since the last call, as
        ``(table, hand)``, oldest first at each table."""
        with self._using():
            return list(self._core.take_finished())

    def close_extras(self, **kwargs: Any) -> None:
        pass


class VectorEnv(_Tables):
    """``num_tables`` independent tables of one configuration, stepped
    together in the engine.

    Every seat is an agent (self-play), except seats given to built-in bots
    with ``bots={seat: "random", ...}``, which play inside the step. Each
    step plays one action at every table, for the seat to act there:

    * ``reset(seed=None) -> (obs, infos)``; ``step(actions) -> (obs, rewards,
      terminated, truncated, infos)``.
    * ``obs``: ``(num_tables, obs_len)`` float32, the observation of the seat
      to act at each table; ``infos["action_mask"]``: ``(num_tables,
      num_actions)`` bool; ``infos["seat"]``: ``(num_tables,)`` the seat to act.
    * ``rewards``: ``(num_tables, players)`` float32, every seat's chips won
      in big blinds, non-zero where a hand ended in this step.
    * A table whose episode ends is reset in the same step (Gymnasium's
      ``AutoresetMode.SAME_STEP``): its row then holds the new episode's
      first observation; ``terminated``/``truncated`` say the old one ended.
    * The arrays are written in place into buffers made once; with
      ``copy=True`` (the default) each call returns copies, with
      ``copy=False`` the buffers themselves (fastest; the next call
      overwrites them).
    """

    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP, "render_modes": []}

    def __init__(
        self,
        num_tables: int,
        *,
        threads: Optional[int] = None,
        copy: bool = True,
        record: bool = False,
        seed: Optional[int] = None,
        bots: Optional[Dict[int, str]] = None,
        **config: Any,
    ) -> None:
        if bots is not None and not isinstance(bots, dict):
            raise ConfigError(
                f"bots must be a dict from seat to a built-in bot's name, not {bots!r}"
            )
        if any(not isinstance(b, str) for b in (bots or {}).values()):
            raise ConfigError(
                "a VectorEnv's bots are built-in bots, given by name ('random', 'calling_station', 'tight_aggressive'): Python bots would need the GIL at every table"
            )
        spec = make_settings(bots=bots, **_no_render(config))
        self._start(num_tables, spec, seed, threads, copy, record)
        self._make_buffers(spec, spec.players, final_obs=False)

    def _infos(self) -> Dict[str, Any]:
        every = self._out(self._every)
        return {
            self._mask_key: self._out(self._mask),
            "_" + self._mask_key: every,
            "seat": self._out(self._seat),
            "_seat": every,
        }

    def reset(
        self, *, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None
    ) -> Tuple[np.ndarray, Dict[str, Any]]:
        """New episodes at every table; with ``seed``, table ``i`` is reseeded
        from ``seed`` on its own stream ``i`` (the same on any number of threads)."""
        no_reset_options(options)
        seed = seed_of(seed)
        self._enter()
        try:
            self._core.reset(seed, self._bufs)
            self._reset_done = True
            self._seed_np_random(seed)
            return self._out(self._obs), self._infos()
        finally:
            self._busy.release()

    def step(
        self, actions: Any
    ) -> Tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, Dict[str, Any]]:
        """Plays ``actions[i]`` for the seat to act at table ``i`` (exact mode:
        ``(kinds, amounts)``); refused as a whole, changing nothing, when any
        is illegal."""
        self._enter()
        try:
            if not self._reset_done:
                raise ConfigError("call reset() before the first step")
            return self._step(actions)
        finally:
            self._busy.release()

    def _step(
        self, actions: Any
    ) -> Tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, Dict[str, Any]]:
        self._core.step(*self._actions(actions), self._bufs)
        return self._result(self._rewards)


def _no_render(config: Dict[str, Any]) -> Dict[str, Any]:
    if config.get("render_mode") is not None:
        raise ConfigError(
            "a vector environment does not render: look at one table with env.hand(table) or env.view(table, seat)"
        )
    return config


def _ints(values: Any, t: int, name: str, column: bool = False) -> np.ndarray:
    arr = np.asarray(values)
    shapes = [(t,), (t, 1)] if column else [(t,)]
    if arr.dtype.kind not in "iu" or arr.shape not in shapes:
        want = " or ".join(str(s) for s in shapes)
        raise ConfigError(
            f"{name} must be {t} integers, one per table (shape {want}), not an array of shape {arr.shape} and type {arr.dtype}"
        )
    if arr.dtype.kind == "u" and arr.size and int(arr.max()) >= 2**63:
        raise ConfigError(f"{name} must be {t} integers below 2**63")
    return np.ascontiguousarray(arr.reshape(t), dtype=np.int64)


#: The opponents' entry that leaves a seat to the policy given at reset.
POLICY = "policy"

Policy = Callable[[np.ndarray, np.ndarray], Any]


class SingleAgentVectorEnv(_Tables):
    """``num_envs`` tables, one learner at each; every other seat is played
    inside the step by a built-in bot, or by a policy (a frozen copy of the
    learner's, for self-play against past versions). Gymnasium's vector
    API with its shapes exactly; see :func:`holecards.env.gym_vector_env`."""

    def __init__(
        self,
        num_envs: int,
        *,
        seat: Union[int, str] = 0,
        opponents: Any = "random",
        policy: Optional[Policy] = None,
        autoreset_mode: Union[str, AutoresetMode] = AutoresetMode.NEXT_STEP,
        illegal_action: Union[str, float] = "raise",
        threads: Optional[int] = None,
        copy: bool = True,
        record: bool = False,
        seed: Optional[int] = None,
        **config: Any,
    ) -> None:
        if "bots" in config:
            raise ConfigError(
                "a single-agent environment's other seats are given with opponents=... (a bot's name, 'policy', or a list by place after the learner), not bots=..."
            )
        spec = make_settings(**_no_render(config))
        mode, mode_name = _autoreset(autoreset_mode)
        self.metadata = {"autoreset_mode": mode, "render_modes": []}
        others = spec.players - 1
        if isinstance(opponents, str):
            names = [opponents] * others
        elif isinstance(opponents, (list, tuple)):
            names = list(opponents)
            if len(names) != others or not all(isinstance(n, str) for n in names):
                raise ConfigError(
                    f"opponents must be {others} names (built-in bots or 'policy'), one per place after the learner, not {opponents!r}"
                )
        else:
            raise ConfigError(
                f"opponents must be a built-in bot's name, 'policy', or a list of {others} of them by place after the learner, not {opponents!r}"
            )
        if isinstance(seat, (bool, np.bool_)) or not isinstance(seat, (int, np.integer, str)):
            raise ConfigError(f"seat must be a seat number, 'rotate' or 'random', not {seat!r}")
        penalty = _penalty(illegal_action)
        self._policy_seats = POLICY in names
        # The policy as the engine calls it, made once when it is given.
        self._call: Optional[Callable[..., np.ndarray]] = None
        if policy is not None:
            self._call = _engine_call(policy)
        self.illegal_action = illegal_action
        self._start(
            num_envs,
            spec,
            seed,
            threads,
            copy,
            record,
            single=(
                seat if isinstance(seat, str) else int(seat),
                [None if n == POLICY else n for n in names],
                mode_name,
                penalty,
            ),
        )
        self.single_reward_space = spaces.Box(-np.inf, np.inf, dtype=np.float32)
        self._make_buffers(spec, 1, final_obs=mode == AutoresetMode.SAME_STEP)
        self._reward_row = self._rewards.reshape(self.num_envs)
        # The seats as the last step began (final_info's in same-step mode).
        self._ended_seat: Optional[np.ndarray] = None

    def _engine_policy(self) -> Optional[Callable[..., np.ndarray]]:
        if not self._policy_seats:
            return None
        if self._call is None:
            raise ConfigError(
                "some opponents are 'policy': give the policy with policy=... or reset(options={'policy': ...})"
            )
        return self._call

    def _infos(self) -> Dict[str, Any]:
        every = self._out(self._every)
        infos: Dict[str, Any] = {
            self._mask_key: self._out(self._mask),
            "_" + self._mask_key: every,
            "seat": self._out(self._seat),
            "_seat": every,
        }
        if self.metadata["autoreset_mode"] == AutoresetMode.SAME_STEP and self._has_final.any():
            ended = self._has_final.copy()
            infos["final_obs"] = self._final_obs.copy()
            infos["_final_obs"] = ended
            # (the seat of the episode that ended, not of the one begun)
            seat = self._ended_seat if self._ended_seat is not None else self._seat
            infos["final_info"] = {"seat": seat.copy(), "_seat": ended}
            infos["_final_info"] = ended
        return infos

    def reset(
        self, *, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None
    ) -> Tuple[np.ndarray, Dict[str, Any]]:
        """New episodes at every table (the learner seated, the opponents
        played to its first decision); with ``seed``, table ``i`` is
        reseeded from ``seed`` on its own stream ``i``.
        ``options={"policy": f}`` sets the policy of the ``'policy'`` seats."""
        seed = seed_of(seed)
        if options:
            unknown = set(options) - {"policy"}
            if unknown:
                raise ConfigError(
                    f"unknown reset options {sorted(unknown)}: the option is 'policy'"
                )
            if options.get("policy") is not None:
                self._call = _engine_call(options["policy"])
        with self._using():
            self._core.reset(seed, self._bufs, self._engine_policy())
            self._reset_done = True
            self._seed_np_random(seed)
            return self._out(self._obs), self._infos()

    def step(
        self, actions: Any
    ) -> Tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, Dict[str, Any]]:
        """Plays ``actions[i]`` for the learner at table ``i`` (ignored where
        the last step ended the episode and this one starts the next); then
        the opponents play to the learner's next decision."""
        with self._using():
            if not self._reset_done:
                raise ConfigError("call reset() before the first step")
            kinds, amounts = self._actions(actions)
            policy = self._engine_policy()
            # the seats of the episodes this step may end (final_info's)
            if self.metadata["autoreset_mode"] == AutoresetMode.SAME_STEP:
                self._ended_seat = self._seat.copy()
            self._core.step(kinds, amounts, self._bufs, policy)
            return self._result(self._reward_row)

    def action_masks(self) -> np.ndarray:
        """The learners' legal actions, ``(num_envs, num_actions)`` booleans
        (the name sb3-contrib's MaskablePPO calls)."""
        return self._mask.copy()


#: The autoreset modes, by the engine's names.
_AUTORESET = {"next_step": AutoresetMode.NEXT_STEP, "same_step": AutoresetMode.SAME_STEP}


def _autoreset(mode: Any) -> Tuple[AutoresetMode, str]:
    """The mode as Gymnasium's member and the engine's name."""
    for name, member in _AUTORESET.items():
        if mode is member or (isinstance(mode, str) and mode in (name, member.value)):
            return member, name
    raise ConfigError(
        f"autoreset_mode must be 'next_step' (Gymnasium's default) or 'same_step', not {mode!r}"
    )


def _penalty(illegal_action: Any) -> Optional[float]:
    if illegal_action == "raise" and isinstance(illegal_action, str):
        return None
    if (
        isinstance(illegal_action, bool)
        or not isinstance(illegal_action, (int, float))
        or not math.isfinite(illegal_action)
    ):
        raise ConfigError(
            f"illegal_action must be 'raise' or a reward (a finite number), not {illegal_action!r}"
        )
    return float(illegal_action)


def _engine_call(policy: Any) -> Callable[..., np.ndarray]:
    """The user's ``policy(observations, masks)`` as the engine calls it:
    with the waiting tables too, its answer checked and made int64."""
    if not callable(policy):
        raise ConfigError(
            f"the policy must be a callable taking (observations, masks) and answering one action index per row, not {policy!r}"
        )

    def call(tables: np.ndarray, obs: np.ndarray, mask: np.ndarray) -> np.ndarray:
        acts = np.asarray(policy(obs, mask))
        if acts.dtype.kind not in "iu" or acts.shape != (len(tables),):
            raise ConfigError(
                f"the policy must answer {len(tables)} action indices (integers), one per row, not an array of shape {acts.shape} and type {acts.dtype}"
            )
        return np.ascontiguousarray(acts, dtype=np.int64)

    return call
