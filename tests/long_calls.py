"""Helpers for tests of long calls: run one in a child interpreter under an
address-space limit, interrupt it with SIGINT, and report what happened (so
that an abort, a hang or a memory blow-up fails a test instead of pytest)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from dataclasses import dataclass
from typing import Optional

CHILD = """
import resource, signal, sys, time
limit = {limit}
resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
# (under nohup or in a background job SIGINT is ignored: restore Python's)
signal.signal(signal.SIGINT, signal.default_int_handler)
import holecards
from holecards import *
print("ready", flush=True)
start = time.monotonic()
try:
{code}
except KeyboardInterrupt:
    print("interrupted", time.monotonic() - start, flush=True)
except holecards.HolecardsError as e:
    print("refused", time.monotonic() - start, type(e).__name__, str(e)[:300], flush=True)
else:
    print("finished", time.monotonic() - start, flush=True)
"""


@dataclass
class Outcome:
    #: "interrupted", "refused", "finished", or "crashed" (no verdict line).
    verdict: str
    #: Seconds from the SIGINT (or from the start when none was sent) to the child's exit.
    seconds: float
    stdout: str
    stderr: str
    returncode: int


def run_child(
    code: str,
    *,
    interrupt_after: Optional[float] = 1.0,
    limit_gb: float = 2.0,
    timeout: float = 60.0,
) -> Outcome:
    """Runs `code` (statements) in a child under a `limit_gb` address-space
    limit; sends SIGINT `interrupt_after` seconds after it starts (None: not
    at all) and waits for it to end."""
    script = CHILD.format(
        limit=int(limit_gb * 2**30), code=textwrap.indent(textwrap.dedent(code), "    ")
    )
    # (a few malloc arenas: each thread's reserves address space, not memory)
    env = dict(
        os.environ, MALLOC_ARENA_MAX="2", RAYON_NUM_THREADS=os.environ.get("RAYON_NUM_THREADS", "2")
    )
    p = subprocess.Popen(
        [sys.executable, "-c", script],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        assert p.stdout is not None
        line = p.stdout.readline()
        assert line.strip() == "ready", (line, p.stderr.read() if p.stderr else "")
        t0 = time.monotonic()
        if interrupt_after is not None:
            try:
                p.wait(timeout=interrupt_after)
            except subprocess.TimeoutExpired:
                t0 = time.monotonic()
                p.send_signal(signal.SIGINT)
        out, err = p.communicate(timeout=timeout)
        seconds = time.monotonic() - t0
    finally:
        if p.poll() is None:
            p.kill()
            p.wait()
    words = out.split()
    verdict = next((w for w in words if w in ("interrupted", "refused", "finished")), "crashed")
    return Outcome(verdict, seconds, out, err, p.returncode)


def assert_stops_on_ctrl_c(code: str) -> None:
    """`code` runs in bounded memory (1.5 GB) and a SIGINT one second in ends
    it with KeyboardInterrupt within 2.5 seconds."""
    out = run_child(code, interrupt_after=1.0, limit_gb=1.5, timeout=10)
    assert out.verdict == "interrupted", (out.stdout, out.stderr[-2000:])
    assert out.seconds < 2.5, out
