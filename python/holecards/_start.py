"""Ctrl-C while the ``holecards`` command starts.

The command line reports an interrupt as ``holecards: interrupted`` (exit
status 130), never a traceback; but until :func:`holecards.cli.main` runs,
the package is still importing and Python would print one. Imported first
by the package: for the command line only (the ``holecards`` script,
``python -m holecards``), Ctrl-C ends the program that way until
:func:`end`, where the command's own handling starts. A program that
imports holecards keeps Python's ``KeyboardInterrupt``.
"""

from __future__ import annotations

# (only what the interpreter has loaded already: the handler is in place
# before anything slow is imported)
import os
import signal
import sys

_MESSAGE = b"holecards: interrupted\n"


def _interrupted(signum: int, frame: object) -> None:
    os.write(2, _MESSAGE)
    os._exit(130)


def _command_line() -> bool:
    arg = sys.argv[0] if sys.argv else ""
    name = os.path.basename(arg)
    if name in ("holecards", "holecards.exe", "holecards-script.py"):
        return True
    # python -m holecards: "-m" while the package imports, then the path of
    # holecards/__main__.py
    return arg == "-m" or (
        name == "__main__.py" and os.path.basename(os.path.dirname(arg)) == "holecards"
    )


def _begin() -> None:
    """On the command line, Ctrl-C ends the program quietly from now on
    (unless a handler of the program's own is set)."""
    if not _command_line():
        return
    try:
        if signal.getsignal(signal.SIGINT) is signal.default_int_handler:
            signal.signal(signal.SIGINT, _interrupted)
    except ValueError:  # not the main thread
        pass


def end() -> None:
    """Ctrl-C raises ``KeyboardInterrupt`` again (if :func:`begin` changed it)."""
    try:
        if signal.getsignal(signal.SIGINT) is _interrupted:
            signal.signal(signal.SIGINT, signal.default_int_handler)
    except ValueError:
        pass


_begin()
