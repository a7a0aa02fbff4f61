"""Shared by the peer benchmarks (benches/bench_*_peers.py): timing, the
machine and the library versions, and printing markdown tables.

The benches only measure; whether the libraries agree is checked by the
tests (tests/test_pokerkit_diff.py, tests/test_evaluator_peers.py).
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import platform
import time
import timeit
from contextlib import contextmanager
from typing import Any, Callable, Dict, Iterator, List, Optional, Sequence, Tuple

# NumPy's OpenBLAS starts a thread a core when it is imported, and they spin
# waiting for work for a while: on a two-core machine that halved the speed
# of a single-threaded native timing made in the next fraction of a second
# (seen in perf as blas_thread_server). No bench uses BLAS: one thread.
# (Effective where a bench imports this module before NumPy or holecards:
# bench_equity, bench_sim and bench_phh do.)
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

# --------------------------------------------------------------------------- timing


@contextmanager
def gc_paused() -> Iterator[None]:
    """The garbage collector run before and disabled during the block, as ``timeit`` does."""
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def best_of(
    run: Callable[[], Any], repeats: int, warmup: Optional[Callable[[], Any]] = None
) -> List[float]:
    """Seconds of each of ``repeats`` calls of ``run()`` (take the ``min``), after
    one call of ``warmup`` if given; the GC run once before and paused over all
    the samples, as ``timeit`` does. (A collection before each sample walked
    every Python object and left the caches cold for the sample: a native
    call of 2 ms then took a tenth or more longer than when called again.)"""
    times: List[float] = []
    with gc_paused():
        if warmup is not None:
            warmup()
        for _ in range(repeats):
            t0 = time.perf_counter()
            run()
            t1 = time.perf_counter()
            times.append(t1 - t0)
    return times


def per_call(
    stmt: str, env: Dict[str, Any], repeats: int, target_s: float = 0.1
) -> Tuple[float, int]:
    """``timeit``-style: seconds per execution of ``stmt`` (best of ``repeats``
    samples of about ``target_s`` each) and the loop count."""
    timer = timeit.Timer(stmt, globals=env)  # timeit disables the GC while timing
    number = 1
    while True:
        t = timer.timeit(number)
        if t >= target_s / 5 or number >= 10**8:
            break
        number *= 10
    number = max(1, int(number * (target_s / max(t, 1e-9))))
    best = min(timer.repeat(repeat=repeats, number=number))
    return best / number, number


# --------------------------------------------------------------------------- machine, versions


def version(dist: str) -> str:
    """The installed version of a distribution, or "unknown"."""
    try:
        from importlib.metadata import version as _version

        return _version(dist)
    except Exception:
        return "unknown"


def machine_info() -> Dict[str, Any]:
    cpu = platform.processor() or ""
    if not cpu or cpu in ("x86_64", "aarch64", "arm64", "i386"):
        try:
            with open("/proc/cpuinfo") as f:
                for line in f:
                    if line.lower().startswith("model name"):
                        cpu = line.split(":", 1)[1].strip()
                        break
        except OSError:
            pass
    try:
        usable = len(os.sched_getaffinity(0))  # type: ignore[attr-defined]
    except (AttributeError, OSError):
        usable = os.cpu_count() or 0
    return {
        "processor": platform.processor(),
        "cpu": cpu,
        "cpu_count": os.cpu_count(),
        "usable_cpus": usable,
        "platform": platform.platform(),
        "python": f"{platform.python_implementation()} {platform.python_version()}",
    }


def machine_line(mi: Dict[str, Any], processor: bool = False) -> str:
    cpu = mi["cpu"] or "unknown CPU"
    if processor:
        cpu += f" (platform.processor() = {mi['processor']!r})"
    return f"Machine: {cpu}, {mi['cpu_count']} CPUs ({mi['usable_cpus']} usable), {mi['platform']}, {mi['python']}"


def versions_line(versions: Dict[str, str]) -> str:
    return "Versions: " + ", ".join(f"{k} {v}" for k, v in versions.items())


# --------------------------------------------------------------------------- printing


def fmt_rate(r: float) -> str:
    if r >= 1e6:
        return f"{r / 1e6:,.2f} M/s"
    if r >= 1e4:
        return f"{r / 1e3:,.1f} k/s"
    return f"{r:,.0f} /s"


def fmt_ns(s: float) -> str:
    ns = s * 1e9
    if ns >= 10_000:
        return f"{ns / 1e3:,.1f} µs"
    return f"{ns:,.0f} ns"


def ratio(x: Optional[float], ref: Optional[float], spec: str = ".2f") -> str:
    """``x / ref`` as "1.23x", or "n/a" when either is missing."""
    if not x or not ref:
        return "n/a"
    return f"{x / ref:{spec}}x"


def table(headers: Sequence[str], rows: Sequence[Sequence[Any]], right: Sequence[int] = ()) -> str:
    """A markdown table; the columns numbered in ``right`` are right-aligned."""
    lines = ["| " + " | ".join(headers) + " |"]
    lines.append("|" + "|".join("---:" if i in right else "---" for i in range(len(headers))) + "|")
    for row in rows:
        lines.append("| " + " | ".join(str(c) for c in row) + " |")
    return "\n".join(lines)


# --------------------------------------------------------------------------- options, output


def peer_parser(
    doc: Optional[str], counts: Sequence[Tuple[str, int, str]]
) -> argparse.ArgumentParser:
    """The command line of a peer bench: an integer option for each of
    ``counts`` (name, default, help; the help says the default) and ``--json``."""
    p = argparse.ArgumentParser(description=doc.split("\n")[0] if doc else None)
    for name, default, text in counts:
        p.add_argument(name, type=int, default=default, help=f"{text} (default {default})")
    p.add_argument("--json", metavar="PATH", help="also write the raw numbers to PATH")
    return p


def write_json(path: str, data: Dict[str, Any]) -> None:
    """The raw numbers written to ``path`` (``--json``), and a line saying so."""
    with open(path, "w") as f:
        json.dump(data, f, indent=2)
    print(f"Raw numbers written to {path}")
