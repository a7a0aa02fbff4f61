#!/usr/bin/env bash
# Installs what the tests need into ./.venv and runs every test:
#   cargo test (debug, then release mode with the exhaustive 5-, 6- and 7-card checks),
#   pytest (Hypothesis, scenarios, pokerkit differential, README and docs/ examples),
#   an exploring Hypothesis run from a random seed, a soak and a timed fuzz,
#   mypy's stubtest (the .pyi stubs match the compiled module) and mypy --strict,
#   the documentation site built with warnings as errors (mkdocs --strict);
#   before them rustfmt, clippy and ruff.
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
    "$PYTHON" -m venv .venv
fi
VPY=.venv/bin/python
# Each step's start, in seconds since this script began.
stamp() { echo "== test.sh at ${SECONDS} s: $*"; }
"$VPY" -m pip install --quiet --upgrade pip
ROOT=$PWD
PKG=$(mktemp -d)
trap 'rm -rf "$PKG"' EXIT
# The release artefacts of scripts/build-wheels.sh (the abi3 manylinux2014
# wheel, checked with auditwheel, and the sdist), built once: the tests run
# against that wheel, installed here with the test extra, and Packaging below
# installs the same files as a user does.
stamp "the release wheel and sdist"
bash scripts/build-wheels.sh "$PKG/dist"
WHEEL=$(echo "$PKG"/dist/*.whl)
SDIST=$(echo "$PKG"/dist/*.tar.gz)
"$VPY" -m pip install --quiet --force-reinstall --no-deps "$WHEEL"
"$VPY" -m pip install --quiet "holecards[test] @ file://$WHEEL"
# Habits, checked first because they are quick: rustfmt at its default
# width, clippy with every warning an error, ruff's lint and format.
stamp "formatting and lints"
cargo fmt --all --check
cargo clippy --all-targets -- -D warnings
"$VPY" -m ruff check python tests benches scripts examples
"$VPY" -m ruff format --check python tests benches scripts examples
# Debug build first: every test, with overflow checks and the engine's
# internal consistency assertions; then, in release mode, the tests that run
# only there (the exhaustive 5-, 6- and 7-card evaluator checks and the long
# simulations), built without LTO (it adds minutes to a test binary and
# checks nothing more).
# Line tables only in the debug test binaries: backtraces keep their file
# and line, and the build takes a fraction of the disk (full debug info in
# every integration test binary is gigabytes) and links faster.
stamp "cargo test"
CARGO_PROFILE_DEV_DEBUG=line-tables-only cargo test -p holecards-core
CARGO_PROFILE_RELEASE_LTO=off CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 \
    cargo test -p holecards-core --release --test eval --test short_deck --test lowball --test sim --test mixed
stamp "pytest"
"$VPY" -m pytest -q
# Exploration: the Hypothesis tests again with random examples from a seed
# drawn here (printed: a failure repeats with HYPOTHESIS_SEED=N), in an
# order shuffled from it, for EXPLORE_SECONDS; each failure prints its
# reproducing blob. Then the soak (half a million hands through tables, five
# million through simulate, equity and PHH round trips, memory sampled) and
# the timed fuzz of every text parser.
stamp "the exploring run, soak and fuzz"
EXPLORE_SEED=${HYPOTHESIS_SEED:-$(od -An -N4 -tu4 /dev/urandom | tr -d ' ')}
echo "exploring run: seed $EXPLORE_SEED, ${EXPLORE_SECONDS:-60} s"
HYPOTHESIS_PROFILE=explore HOLECARDS_EXPLORE_BUDGET=${EXPLORE_SECONDS:-60} \
    "$VPY" -m pytest -q -p no:cacheprovider -m explore --hypothesis-seed="$EXPLORE_SEED"
"$VPY" scripts/soak.py --seed "$EXPLORE_SEED" --fuzz-seconds "${FUZZ_SECONDS:-5}" \
    --seconds 40 --table-hands 500000 --sim-hands 5000000
stamp "stubtest, mypy and the documentation site"
"$VPY" -m mypy.stubtest holecards
"$VPY" -m mypy --strict python/holecards
# The documentation site (mkdocs.yml: the guides in docs/ and the API
# reference from the docstrings and the stubs), every warning an error: a
# reference to a name that is gone, a broken link or a page missing from the
# navigation fails here. Its examples run under pytest above.
SITE=$(mktemp -d)
NO_MKDOCS_2_WARNING=1 "$VPY" -m mkdocs build --strict --quiet --site-dir "$SITE" \
    || { rm -rf "$SITE"; exit 1; }
rm -rf "$SITE"
# Packaging: the release artefacts built above, installed as a user installs
# them, each into a fresh virtual environment.
stamp "packaging"
PACKAGING_START=$SECONDS
# The wheel on the oldest and the newest CPython found here among 3.9 to 3.13:
# python3.X on PATH, else pyenv's (its shims answer only for the active
# version), else the system's.
find_python() {
    local name=python3.$1 candidate
    local -a candidates=("$name")
    if command -v pyenv > /dev/null; then
        candidates+=($(ls -d "$(pyenv root)"/versions/3."$1".*/bin/"$name" 2> /dev/null | sort -V -r))
    fi
    candidates+=(/usr/local/bin/"$name" /usr/bin/"$name")
    for candidate in "${candidates[@]}"; do
        if "$candidate" -c "import ensurepip, venv" 2> /dev/null; then
            echo "$candidate"
            return 0
        fi
    done
    return 1
}
PYTHONS=()
for minor in 9 10 11 12 13; do
    if found=$(find_python "$minor"); then
        echo "packaging: Python 3.$minor is $found"
        PYTHONS+=("$found")
    else
        echo "packaging: no Python 3.$minor here, skipped"
    fi
done
if [ ${#PYTHONS[@]} -eq 0 ]; then
    echo "packaging: no CPython 3.9 to 3.13 found" >&2
    exit 1
fi
SMOKE=("${PYTHONS[0]}")
if [ ${#PYTHONS[@]} -gt 1 ]; then
    SMOKE+=("${PYTHONS[${#PYTHONS[@]}-1]}")
fi
for py in "${SMOKE[@]}"; do
    env=$PKG/venv-$(basename "$py")
    "$py" -m venv "$env"
    "$env/bin/python" -m pip install --quiet --disable-pip-version-check "$WHEEL"
    (cd "$PKG" && "$env/bin/python" "$ROOT/scripts/smoke_test.py" "$ROOT/README.md")
    (cd "$PKG" && "$env/bin/holecards" demo > /dev/null)
done
# The sdist, built from source by pip (maturin and cargo) in a clean target
# folder. What this checks is that the sdist builds and works, not the
# release profile (the wheel above has it): the build skips optimisation and
# link-time optimisation and uses parallel codegen units, which shortens it
# to about a minute (the smoke test's work is small).
"$PYTHON" -m venv "$PKG/venv-sdist"
CARGO_PROFILE_RELEASE_OPT_LEVEL=0 CARGO_PROFILE_RELEASE_LTO=false CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 \
CARGO_TARGET_DIR="$PKG/sdist-target" "$PKG/venv-sdist/bin/python" -m pip install \
    --quiet --disable-pip-version-check "$SDIST"
(cd "$PKG" && "$PKG/venv-sdist/bin/python" "$ROOT/scripts/smoke_test.py")
echo "packaging checks took $((SECONDS - PACKAGING_START)) s"
stamp "done"
echo "all checks passed"
