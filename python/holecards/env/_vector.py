"""Many tables stepped in one call into the engine, with the GIL released,
after Gymnasium's vector API."""

from __future__ import annotations

import contextlib
import threading
from typing import Any, Dict, Iterator, List, Optional, Tuple

import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv as _GymVectorEnv

from .._core import Hand, SeatView, _VecEnv
from ..errors import ConfigError, InUseError
from ._common import action_space, mask_key, observation_box
from ._config import EnvSettings, make_settings, seed_of


class VectorEnv(_GymVectorEnv):
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
        if (
            isinstance(num_tables, bool)
            or not isinstance(num_tables, (int, np.integer))
            or num_tables < 1
        ):
            raise ConfigError(f"num_tables must be a positive integer, not {num_tables!r}")
        if bots is not None and not isinstance(bots, dict):
            raise ConfigError(
                f"bots must be a dict from seat to a built-in bot's name, not {bots!r}"
            )
        if (
            isinstance(num_tables, (int, np.integer))
            and not isinstance(num_tables, bool)
            and num_tables > 1_000_000
        ):
            raise ConfigError(f"num_tables must be at most 1,000,000, not {num_tables}")
        if any(not isinstance(b, str) for b in (bots or {}).values()):
            raise ConfigError(
                "a VectorEnv's bots are built-in bots, given by name ('random', 'calling_station', 'tight_aggressive'): Python bots would need the GIL at every table"
            )
        if config.get("render_mode") is not None:
            raise ConfigError(
                "a VectorEnv does not render: look at one table with env.hand(table) or env.view(table, seat)"
            )
        spec: EnvSettings = make_settings(bots=bots, **config)
        self.spec_ = spec
        self.num_envs = int(num_tables)
        self.players = spec.players
        self.action_names: List[str] = spec.action_names
        self._core = _VecEnv(self.num_envs, spec.core, seed=seed_of(seed), threads=threads)
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
        t, d, a, n = self.num_envs, spec.obs_len, spec.num_actions, spec.players
        self._obs = np.zeros((t, d), dtype=np.float32)
        self._mask = np.zeros((t, a), dtype=np.bool_)
        self._rewards = np.zeros((t, n), dtype=np.float32)
        self._terminated = np.zeros(t, dtype=np.bool_)
        self._truncated = np.zeros(t, dtype=np.bool_)
        self._seat = np.zeros(t, dtype=np.int64)
        self._bufs = (
            self._obs,
            self._mask,
            self._rewards,
            self._terminated,
            self._truncated,
            self._seat,
        )
        # Gymnasium's vector infos say, per key, which tables have it: all of them.
        self._every = np.ones(t, dtype=np.bool_)
        self._mask_key = mask_key(spec)
        # reset and step write the shared buffers with the GIL released: one
        # thread at a time, and a clear error for a second one.
        self._busy = threading.Lock()

    def _enter(self) -> None:
        if not self._busy.acquire(blocking=False):
            raise InUseError(
                "this VectorEnv is being stepped or reset by another thread: use one VectorEnv per thread (or a lock around its calls)"
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
        seed = seed_of(seed)
        self._enter()
        try:
            self._core.reset(seed, self._bufs)
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
            return self._step(actions)
        finally:
            self._busy.release()

    def _step(
        self, actions: Any
    ) -> Tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, Dict[str, Any]]:
        t = self.num_envs
        if self.spec_.exact:
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
            self._core.step(kinds_arr, amounts_arr.astype(np.uint64), self._bufs)
        else:
            self._core.step(_ints(actions, t, "actions"), None, self._bufs)
        return (
            self._out(self._obs),
            self._out(self._rewards),
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
