"""Shared test setup: make the helper modules beside the tests importable,
choose the Hypothesis profile, and time-box the exploring run."""

from __future__ import annotations

import os
import random
import signal
import sys
import time
from typing import Any, Iterator, List

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
if HERE not in sys.path:
    sys.path.insert(0, HERE)

from hypothesis import is_hypothesis_test, settings  # noqa: E402

# CI runs the same examples every time (derandomize), so a submission's result
# does not depend on luck; locally, Hypothesis explores new examples each run.
# HYPOTHESIS_PROFILE=explore forces random exploration anywhere (scripts/test.sh
# runs it after the derandomized run, with a time budget: see below).
settings.register_profile("ci", derandomize=True, deadline=None, print_blob=True)
settings.register_profile("explore", deadline=None, print_blob=True)
_profile = os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI") else None)
if _profile:
    settings.load_profile(_profile)

# HOLECARDS_EXPLORE_BUDGET=S: the exploring run. The tests run in an order
# shuffled from --hypothesis-seed (so each run explores other tests first),
# and once S seconds have passed the remaining tests are skipped.
_BUDGET = float(os.environ.get("HOLECARDS_EXPLORE_BUDGET", "0") or 0)
_START = time.monotonic()


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "explore: a test Hypothesis drives (a @given test or a state machine); scripts/test.sh's exploring run selects these",
    )


def _is_explored(item: pytest.Item) -> bool:
    cls = getattr(item, "cls", None)
    stateful = cls is not None and any(c.__name__ == "StateMachineTestCase" for c in cls.__mro__)
    return stateful or (isinstance(item, pytest.Function) and is_hypothesis_test(item.obj))


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config: pytest.Config, items: List[pytest.Item]) -> None:
    for item in items:
        if _is_explored(item):
            item.add_marker(pytest.mark.explore)
    if _BUDGET > 0:
        seed = config.getoption("hypothesis_seed", default=None)
        random.Random(str(seed)).shuffle(items)


def pytest_runtest_setup(item: pytest.Item) -> None:
    if _BUDGET > 0 and time.monotonic() - _START > _BUDGET:
        pytest.skip(f"the exploring run's budget of {_BUDGET:g} s is spent")


@pytest.fixture
def default_sigint() -> Iterator[None]:
    """Ctrl-C raises KeyboardInterrupt during the test, even when the suite
    was started with SIGINT ignored (a background job, nohup)."""
    old: Any = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, old)
