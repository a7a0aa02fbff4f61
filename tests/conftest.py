"""Shared test setup: make the helper modules beside the tests importable."""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
if HERE not in sys.path:
    sys.path.insert(0, HERE)

from hypothesis import settings  # noqa: E402

# CI runs the same examples every time (derandomize), so a submission's result
# does not depend on luck; locally, Hypothesis explores new examples each run.
# HYPOTHESIS_PROFILE=explore forces random exploration anywhere.
settings.register_profile("ci", derandomize=True, deadline=None, print_blob=True)
settings.register_profile("explore", deadline=None, print_blob=True)
_profile = os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI") else None)
if _profile:
    settings.load_profile(_profile)
