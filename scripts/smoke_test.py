"""Smoke test of an installed holecards (a wheel or the sdist, in a fresh venv).

Usage: python scripts/smoke_test.py [README.md]

Checks that holecards comes from the environment's site-packages (not this
source tree), evaluates a hand with and without NumPy, and, given the README,
runs its examples (`A short tour`) as doctests, as tests/test_docs.py does.
"""

from __future__ import annotations

import doctest
import sys
import sysconfig
from pathlib import Path

import numpy as np

import holecards as hc

site = Path(sysconfig.get_paths()["purelib"]).resolve()
where = Path(hc.__file__).resolve()
assert site in where.parents, f"holecards imported from {where}, not from {site}"

assert str(hc.evaluate("As Ks Qs Js Ts")) == "Royal flush"
assert str(hc.evaluate("Kh Kd Kc 7s 7d 2c 3h")) == "Full house, kings full of sevens"
rows = np.array([[48, 49, 50, 51, 0, 1, 2], [51, 47, 43, 39, 35, 0, 5]], dtype=np.uint8)
assert hc.evaluate_many(rows).tolist() == [7441, 7462]

examples = "README not given"
if len(sys.argv) > 1:
    result = doctest.testfile(
        str(Path(sys.argv[1]).resolve()),
        module_relative=False,
        optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
    )
    assert result.failed == 0, f"{result.failed} README example(s) failed"
    assert result.attempted > 10, "the README should carry tested examples"
    examples = f"{result.attempted} README examples"

version = ".".join(map(str, sys.version_info[:3]))
print(
    f"smoke test: holecards from {where.parent} on Python {version}, numpy {np.__version__}:"
    f" ok ({examples})"
)
