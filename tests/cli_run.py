"""The command line run in a child interpreter, as a user runs it."""

from __future__ import annotations

import subprocess
import sys


def cli(*args: str, stdin: str = "") -> "subprocess.CompletedProcess[str]":
    """`holecards ARGS...` with `stdin` as its input (two minutes at most)."""
    return subprocess.run(
        [sys.executable, "-m", "holecards", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
    )
