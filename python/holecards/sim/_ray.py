"""Simulations split over a Ray cluster (``simulate(..., ray=True)``).

The chunks are the ones a run on one machine plays (each from its own
seeded stream), cut into contiguous ranges, one Ray task each, and added up
in order, so the result equals the one-machine result for the same seed.
Ray is an optional extra (``pip install 'holecards[ray]'``). Without a
running Ray, a local one is started (``ray.init()``); connect to a cluster
first with ``ray.init(address=...)`` to use it.
"""

from __future__ import annotations

from typing import Any, List, Optional, Sequence, Tuple

from .._core import Rules, _sim_cash, _sim_cash_chunks, _sim_tournaments
from ..errors import ConfigError, HolecardsError


def _ray() -> Any:
    try:
        import ray
    except ImportError:
        raise ConfigError("ray=True needs Ray: pip install 'holecards[ray]'") from None
    if not ray.is_initialized():
        ray.init(include_dashboard=False, log_to_driver=False, configure_logging=False)
    return ray


def _ranges(n: int, parts: int) -> List[Tuple[int, int]]:
    parts = max(1, min(parts, n))
    step, extra = divmod(n, parts)
    out, start = [], 0
    for i in range(parts):
        end = start + step + (1 if i < extra else 0)
        out.append((start, end))
        start = end
    return out


def _tasks(ray: Any) -> int:
    return max(1, int(ray.cluster_resources().get("CPU", 1)) * 2)


def _gather(ray: Any, refs: List[Any]) -> List[Any]:
    """The tasks' results in order. Interrupted (Ctrl-C) or failed, every
    task still running is cancelled first, so that none keeps the cluster
    busy; a task's own holecards error is raised as it is."""
    try:
        return list(ray.get(refs))
    except BaseException as e:
        for r in refs:
            try:
                ray.cancel(r, force=True)
            except Exception:  # noqa: BLE001 (already done, or gone)
                pass
        cause = getattr(e, "cause", None)
        if isinstance(cause, HolecardsError):
            raise cause from None
        raise


def _cash_range(
    rules: Rules, stacks: List[int], names: List[str], hands: int, seed: int, start: int, end: int
) -> Tuple[int, List[int], List[int]]:
    return _sim_cash(rules, stacks, names, hands, seed, 1, start, end, None)


def cash(
    rules: Rules, stacks: List[int], names: List[str], hands: int, seed: int
) -> Tuple[int, List[int], List[int]]:
    ray = _ray()
    # (checked here first, as a run without Ray: the same clean error)
    _cash_range(rules, stacks, names, hands, seed, 0, 0)
    remote = ray.remote(num_cpus=1)(_cash_range)
    refs = [
        remote.remote(rules, stacks, names, hands, seed, a, b)
        for a, b in _ranges(_sim_cash_chunks(hands), _tasks(ray))
    ]
    n = len(stacks)
    done, net, sq = 0, [0] * n, [0] * n
    for d, a, b in _gather(ray, refs):
        done += d
        net = [x + y for x, y in zip(net, a)]
        sq = [x + y for x, y in zip(sq, b)]
    return done, net, sq


_TourHead = Tuple[int, List[Tuple[int, ...]], int, List[int], List[int], List[str], int, int]
_TourTail = Tuple[str, Optional[List[Tuple[int, str]]], str]


def _tour_range(
    head: _TourHead, max_hands: int, tail: _TourTail, start: int, end: int
) -> Tuple[int, int, List[List[int]], List[int], List[int]]:
    """Tournaments ``start..end`` on one thread: ``head`` the arguments of
    ``_sim_tournaments`` before its thread count, ``tail`` those after its
    progress callback."""
    return _sim_tournaments(*head, 1, start, end, max_hands, None, *tail)


def tournaments(
    structure: int,
    levels: Sequence[Tuple[int, ...]],
    hands_per_level: int,
    stacks: List[int],
    payouts: List[int],
    names: List[str],
    count: int,
    seed: int,
    max_hands: int,
    game: str = "holdem",
    mix: Optional[List[Tuple[int, str]]] = None,
    rotation: str = "orbit",
) -> Tuple[int, int, List[List[int]], List[int], List[int]]:
    ray = _ray()
    head: _TourHead = (
        structure,
        list(levels),
        hands_per_level,
        stacks,
        payouts,
        names,
        count,
        seed,
    )
    tail: _TourTail = (game, mix, rotation)
    # (checked here first, as a run without Ray: the same clean error)
    _tour_range(head, max_hands, tail, 0, 0)
    remote = ray.remote(num_cpus=1)(_tour_range)
    refs = [remote.remote(head, max_hands, tail, a, b) for a, b in _ranges(count, _tasks(ray))]
    n = len(stacks)
    done, hands = 0, 0
    places = [[0] * n for _ in range(n)]
    prizes, sq = [0] * n, [0] * n
    for d, h, p, a, b in _gather(ray, refs):
        done += d
        hands += h
        places = [[x + y for x, y in zip(r1, r2)] for r1, r2 in zip(places, p)]
        prizes = [x + y for x, y in zip(prizes, a)]
        sq = [x + y for x, y in zip(sq, b)]
    return done, hands, places, prizes, sq
