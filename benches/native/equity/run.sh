#!/usr/bin/env bash
# Builds and runs the equity benchmark: zekyll/OMPEval's own EquityCalculator
# (C++, cpp/omp_equity.cpp) next to holecards_core::equity (src/main.rs), one
# thread each, on the same five spots; prints one table (compare.py).
#
#   run.sh [OMPEVAL_SOURCE]
#
# OMPEVAL_SOURCE (or $OMPEVAL): an OMPEval source tree (with omp/) or a git
# directory (a bare mirror, e.g. the search tool's fetch of github:zekyll/OMPEval:
# its HEAD is exported with `git archive`). Other settings:
#   HOLECARDS   holecards checkout whose rust/core is timed (default: this repository, ../../..)
#   WORK        build directory                  (default: ${TMPDIR:-/tmp}/native-bench-equity)
#   ROUNDS      rounds, each one OMPEval's driver then holecards' (default: 3; alternating, so a
#               change in machine load hits both; the table pools every run of every round)
#   EXACT_RUNS  timed runs per exact spot and round (default: 7; best and median in the table)
#   MC_RUNS     timed runs of the Monte Carlo spot per round (default: 3)
#   MC_DEALS    deals per Monte Carlo run        (default: 10000000)
#   SEED        holecards' Monte Carlo seed      (default: 1; OMPEval seeds from std::random_device)
#   CXX         C++ compiler                     (default: g++)
# Needs cargo, a C++ compiler, python3, git and tar. Writes only under WORK (and cargo's cache).
# Both builds finish before the first timing; run it on an otherwise idle machine.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
WORK=${WORK:-${TMPDIR:-/tmp}/native-bench-equity}
OMPEVAL=${1:-${OMPEVAL:-$WORK/peers/OMPEval}}
HOLECARDS=${HOLECARDS:-$here/../../..}
ROUNDS=${ROUNDS:-3}
EXACT_RUNS=${EXACT_RUNS:-7}
MC_RUNS=${MC_RUNS:-3}
MC_DEALS=${MC_DEALS:-10000000}
SEED=${SEED:-1}
CXX=${CXX:-g++}

# shellcheck source=../common.sh
source "$here/../common.sh"
work_dirs "set HOLECARDS"

# OMPEval: copied (a source tree) or exported (a git directory) to
# $WORK/src/OMPEval, then patched there (see README: two one-line fixes for
# g++ 12 / C++11 that change no computation).
patch_ompeval() {
    # 1. omp/Random.h: XoroShiro128Plus::min()/max() become constexpr. libstdc++'s
    #    std::uniform_int_distribution (used by std::shuffle in
    #    CombinedRange::shuffle) evaluates the generator's min()/max() in constant
    #    expressions (g++ 12's libstdc++, the one tested); without the patch
    #    CombinedRange.cpp does not compile.
    sed -i 's/^\( *\)static uint64_t \(min\|max\)()$/\1static constexpr uint64_t \2()/' omp/Random.h
    [ "$(grep -c 'static constexpr uint64_t m[ai][nx]()' omp/Random.h)" = 2 ] || die "OMPEval: omp/Random.h patch did not apply"
    # 2. omp/EquityCalculator.h uses std::function without including <functional>
    #    (it came in through other headers in older libstdc++).
    grep -q '^#include <functional>' omp/EquityCalculator.h ||
        sed -i 's/^#include <cstdint>$/#include <cstdint>\n#include <functional>/' omp/EquityCalculator.h
    grep -q '^#include <functional>' omp/EquityCalculator.h || die "OMPEval: omp/EquityCalculator.h patch did not apply"
}
omp_commit=$(import_src OMPEval "$OMPEVAL" omp/EquityCalculator.cpp patch_ompeval)
src=$WORK/src/OMPEval

# The C++ driver: OMPEval's own Makefile flags (-O3 -std=c++11 -Wall -Wpedantic -pthread).
cxxflags="-O3 -std=c++11 -pthread -Wall -Wpedantic"
echo "building (log: $log) ..." >&2
mkdir -p "$WORK/bin" "$WORK/cpp"
put "$WORK/cpp/omp_equity.cpp" <"$here/cpp/omp_equity.cpp"
echo "$CXX $cxxflags; $("$CXX" --version | head -n1)" | put "$WORK/cpp/flags"
omp_srcs="$WORK/cpp/omp_equity.cpp $src/omp/EquityCalculator.cpp $src/omp/CombinedRange.cpp $src/omp/CardRange.cpp $src/omp/HandEvaluator.cpp"
stale=0
for f in $omp_srcs "$WORK/cpp/flags" "$src"/omp/*.h "$src"/omp/*.hxx "$src"/libdivide/libdivide.h; do
    [ "$WORK/bin/omp_equity" -nt "$f" ] || stale=1
done
[ $stale = 0 ] || step "$CXX" $cxxflags -I "$src" -o "$WORK/bin/omp_equity" $omp_srcs

# The Rust driver: this folder's crate copied to $WORK/rust, its path
# dependency pointed at $HOLECARDS/rust/core (so the tree here is not written).
mkdir -p "$WORK/rust/src"
put "$WORK/rust/src/main.rs" <"$here/src/main.rs"
sed "s|path = \"../../../rust/core\"|path = \"$HOLECARDS/rust/core\"|" "$here/Cargo.toml" | put "$WORK/rust/Cargo.toml"
grep -q "path = \"$HOLECARDS/rust/core\"" "$WORK/rust/Cargo.toml" || die "Cargo.toml: no holecards-core path dependency to point at $HOLECARDS"
[ -f "$WORK/rust/Cargo.lock" ] || cp "$here/Cargo.lock" "$WORK/rust/Cargo.lock"
step cargo build --release --manifest-path "$WORK/rust/Cargo.toml" --target-dir "$WORK/target"

# Timing: nothing else of ours runs from here on.
timing_begins
rm -f "$WORK"/omp-*.tsv "$WORK"/hc-*.tsv
for r in $(seq 1 "$ROUNDS"); do
    echo "timing: round $r of $ROUNDS: OMPEval ..." >&2
    "$WORK/bin/omp_equity" "$EXACT_RUNS" "$MC_RUNS" "$MC_DEALS" >"$WORK/omp-$r.tsv" 2>>"$log" ||
        die "omp_equity failed (log: $log)"
    echo "timing: round $r of $ROUNDS: holecards ..." >&2
    "$WORK/target/release/hc_equity" "$EXACT_RUNS" "$MC_RUNS" "$MC_DEALS" "$SEED" >"$WORK/hc-$r.tsv" 2>>"$log" ||
        die "hc_equity failed (log: $log)"
done
timing_ends
echo
echo "Equity, one thread each: OMPEval EquityCalculator vs holecards_core::equity; $ROUNDS rounds (OMPEval, then holecards) of $EXACT_RUNS runs per exact spot and $MC_RUNS Monte Carlo runs of $MC_DEALS deals, one untimed warm-up run per spot and round"
echo "date: $(date -u '+%Y-%m-%d %H:%M UTC'); cpu: $cpu, $(nproc) cores; busy cores during timing: $busy (this benchmark: 1); load average before/after: $load_before / $load_after"
echo "Rust: $(rustc -V | cut -d' ' -f1-2), release, lto=fat, codegen-units=1. C++: $("$CXX" --version | head -n1): $cxxflags."
echo "holecards $hc_rev; OMPEval ${omp_commit:0:12}"
echo
python3 "$here/compare.py" --omp "$WORK"/omp-*.tsv --hc "$WORK"/hc-*.tsv
