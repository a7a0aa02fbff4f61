#!/usr/bin/env bash
# Installs what the tests need into ./.venv and runs every test:
#   cargo test (debug, then release mode with the exhaustive 5-, 6- and 7-card checks),
#   pytest (Hypothesis, scenarios, pokerkit differential, README examples),
#   mypy's stubtest (the .pyi stubs match the compiled module) and mypy --strict.
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
    "$PYTHON" -m venv .venv
fi
VPY=.venv/bin/python
"$VPY" -m pip install --quiet --upgrade pip
"$VPY" -m pip install --quiet ".[test]"
# Debug build first: overflow checks and the engine's internal consistency
# assertions; then release, where the exhaustive evaluator checks run.
cargo test -p holecards-core
cargo test -p holecards-core --release
"$VPY" -m pytest -q
"$VPY" -m mypy.stubtest holecards
"$VPY" -m mypy --strict python/holecards
# Packaging: one abi3 wheel that installs and imports in a clean virtual environment.
WHEELS=$(mktemp -d)
"$VPY" -m maturin build --release --quiet --out "$WHEELS"
ls "$WHEELS"/*-abi3-*.whl
"$PYTHON" -m venv "$WHEELS/venv"
"$WHEELS/venv/bin/python" -m pip install --quiet "$WHEELS"/*.whl
"$WHEELS/venv/bin/python" -c "import holecards; assert str(holecards.evaluate('As Ks Qs Js Ts')) == 'Royal flush'"
"$WHEELS/venv/bin/holecards" demo > /dev/null
rm -rf "$WHEELS"
echo "all checks passed"
