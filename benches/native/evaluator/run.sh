#!/usr/bin/env bash
# Builds and runs the native 7-card evaluator benchmark; prints one table.
# (holecards' copy of ../shared/native-bench, with the HandAcc modes hc-acc-cards and hc-acc,
# the batch modes hc-rows, hc-rows-scalar and hc-rows-all, TSC cycles per hand, and the limits.)
#
#   run.sh [HOLECARDS_CHECKOUT [HHE_SOURCE [OMPEVAL_SOURCE]]]
#
# Each location may also come from the environment (HOLECARDS, HHE, OMPEVAL);
# an argument wins. HHE / OMPEVAL may be a source tree or a git directory (a
# bare mirror: its HEAD is exported with `git archive`). Other settings:
#   WORK      build and data directory     (default: ${TMPDIR:-/tmp}/native-bench-evaluator)
#   RS_POKER  rs_poker 5.1.0 source tree   (default: fetched from crates.io by cargo)
#   REPS      timed passes per evaluator   (default: 3)
#   NATIVE    1 = add a target-cpu=native / -march=native column, 0 = not (default: 1)
#   N, SEED   hands and generator seed     (default: 10000000 and 1, as holecards' bench)
#   ORDER     random, or sorted: the same hands, each one's cards and then the
#             hands sorted, a cache-friendly order (default: random)
#   CXX       C++ compiler                 (default: g++)
#   PYTHON    an interpreter with holecards installed: also time evaluate_many
#             (py_batch.py, default column only; default: not timed)
# Needs cargo, a C++ compiler, python3, git and tar. Writes only under WORK (and cargo's cache).
# All builds finish before the first timing; run it on an otherwise idle machine.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
WORK=${WORK:-${TMPDIR:-/tmp}/native-bench-evaluator}
HOLECARDS=${1:-${HOLECARDS:-$here/../../..}}
HHE=${2:-${HHE:-$WORK/peers/holdem-hand-evaluator}}
OMPEVAL=${3:-${OMPEVAL:-$WORK/peers/OMPEval}}
RS_POKER=${RS_POKER:-}
REPS=${REPS:-3}
NATIVE=${NATIVE:-1}
N=${N:-10000000}
SEED=${SEED:-1}
ORDER=${ORDER:-random}
PYTHON=${PYTHON:-}
export CXX=${CXX:-g++}

# shellcheck source=../common.sh
source "$here/../common.sh"
work_dirs "pass it as the first argument"
hhe_commit=$(import_src holdem-hand-evaluator "$HHE" Cargo.toml)
omp_commit=$(import_src OMPEval "$OMPEVAL" omp/HandEvaluator.h)

# rs_poker 5.1.0 from crates.io, copied so that one line can be patched: its
# CardBitSet's software pdep calls u64::isolate_lowest_one(), unstable in
# rustc 1.95 (E0658), so the crate does not build on stable. `x & x.wrapping_neg()`
# is the same value; the function is not on the evaluation path.
if [ -z "$RS_POKER" ]; then
    f=$WORK/fetch-rs_poker
    mkdir -p "$f/src" && : >"$f/src/lib.rs"
    printf '%s\n' '[package]' 'name = "fetch-rs-poker"' 'version = "0.0.0"' 'edition = "2021"' \
        '[dependencies]' 'rs_poker = { version = "=5.1.0", default-features = false }' '[workspace]' >"$f/Cargo.toml"
    RS_POKER=$(cargo metadata --format-version 1 --manifest-path "$f/Cargo.toml" 2>>"$log" | python3 -c '
import json, os, sys
d = json.load(sys.stdin)
print(os.path.dirname(next(p["manifest_path"] for p in d["packages"] if p["name"] == "rs_poker")))') ||
        die "cannot fetch rs_poker 5.1.0 (log: $log)"
fi
patch_rs_poker() {
    grep -q '^version = "5.1.0"' Cargo.toml || { echo "not rs_poker 5.1.0" >&2; return 1; }
    sed -i 's/mask\.isolate_lowest_one()/mask \& mask.wrapping_neg()/' src/core/card_bit_set.rs
}
import_src rs_poker "$RS_POKER" Cargo.toml patch_rs_poker >/dev/null
RSP_DIR=$WORK/src/rs_poker

# The Rust crate: the template with the three paths filled in; build.rs
# compiles OMPEval and cpp/ompeval_ffi.cpp into it.
mkdir -p "$WORK/rust/src" "$WORK/rust/cpp"
put "$WORK/rust/src/main.rs" <"$here/rust/src/main.rs"
put "$WORK/rust/build.rs" <"$here/rust/build.rs"
put "$WORK/rust/cpp/ompeval_ffi.cpp" <"$here/cpp/ompeval_ffi.cpp"
sed -e "s|@HOLECARDS_CORE@|$HOLECARDS/rust/core|" -e "s|@HHE@|$WORK/src/holdem-hand-evaluator|" \
    -e "s|@RS_POKER@|$RSP_DIR|" "$here/rust/Cargo.toml.in" | put "$WORK/rust/Cargo.toml"
[ -f "$WORK/rust/Cargo.lock" ] || cp "$here/rust/Cargo.lock" "$WORK/rust/Cargo.lock" 2>/dev/null || true

columns=default
[ "$NATIVE" = 1 ] && columns="default native"
echo "building (log: $log) ..." >&2
for col in $columns; do
    if [ "$col" = native ]; then rf="-C target-cpu=native"; cf="-march=native"; else rf=""; cf=""; fi
    step env RUSTFLAGS="$rf" CARGO_ENCODED_RUSTFLAGS= NB_OMPEVAL="$WORK/src/OMPEval" NB_CXXFLAGS="$cf" \
        cargo build --release --manifest-path "$WORK/rust/Cargo.toml" --target-dir "$WORK/target/$col"
done

nb=$WORK/target/default/release/nbench
hands=$WORK/hands7-$N-$SEED-$ORDER.bin
[ -f "$hands" ] || step "$nb" gen "$hands" "$N" "$SEED" "$ORDER"

# Timing: nothing else of ours runs from here on.
results=$WORK/results.tsv
values=$WORK/values
: >"$results"
rm -rf "$values" && mkdir -p "$values"
# The machine's load over the timing (../machine.sh).
timing_begins
for col in $columns; do
    echo "timing: $col ..." >&2
    "$WORK/target/$col/release/nbench" bench "$hands" "$col" "$REPS" "$values" >>"$results" 2>>"$log"
    if [ "$col" = default ] && [ -n "$PYTHON" ]; then
        echo "timing: evaluate_many from Python ($PYTHON) ..." >&2
        "$PYTHON" "$here/py_batch.py" "$hands" "$col" "$REPS" "$values" >>"$results" 2>>"$log" ||
            die "py_batch.py failed (log: $log)"
    fi
done
timing_ends
echo
echo "Native 7-card evaluators: $N random hands (seed $SEED, distinct cards, $ORDER order), one thread, $REPS passes each, M evaluations/s"
echo "date: $(date -u '+%Y-%m-%d %H:%M UTC'); cpu: $cpu, $(nproc) cores; busy cores during timing: $busy (this benchmark: 1); load average before/after: $load_before / $load_after"
echo "Rust: $(rustc -V | cut -d' ' -f1-2), release, lto=fat, codegen-units=1." \
     "C++ (OMPEval): $(grep -m1 'default: OMPEval built with' "$log" | sed 's/.*built with //')."
[ "$NATIVE" = 1 ] && echo "native column: the same plus -C target-cpu=native and -march=native."
echo "holecards $hc_rev; holdem-hand-evaluator ${hhe_commit:0:12}; OMPEval ${omp_commit:0:12}; rs_poker 5.1.0"
echo
"$nb" table "$results"
echo
"$nb" limits "$hands" "$REPS"
echo
"$nb" check "$hands" "$values"
