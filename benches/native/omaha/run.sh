#!/usr/bin/env bash
# Builds and runs the native Omaha high benchmark: PokerHandEvaluator's C
# evaluate_plo4/5/6_cards (c/phe_bench.c) next to holecards_core::eval::omaha
# (rust/src/main.rs), one thread, on the same random deals of 4, 5 and 6
# hole cards; checks that both give every deal the same value; prints one table.
#
#   run.sh [HOLECARDS_CHECKOUT [PHE_SOURCE]]
#
# Each location may also come from the environment (HOLECARDS, PHE); an
# argument wins. PHE: a PokerHandEvaluator source tree (with cpp/src) or a git
# directory (a bare mirror, e.g. the search tool's fetch of
# github:HenryRLee/PokerHandEvaluator: the files needed are exported from its
# HEAD with `git archive`). Other settings:
#   WORK        build and data directory     (default: ${TMPDIR:-/tmp}/native-bench-omaha)
#   N, SEED     deals per hole count, seed   (default: 1000000 and 1)
#   REPS        timed passes per evaluator   (default: 7)
#   HOT         also time N deals made of the first HOT deals repeated, whose
#               table lines stay in the caches (default: 10000; 0 = not)
#   PHE_TABLES  where PHEvaluator's tables_plo4.c is when PHE lacks it: a folder
#               holding it or the phevaluator sdist (.tar.gz) (default: that
#               sdist, phevaluator==0.6.0, fetched from PyPI with pip into WORK)
#   CC          C compiler                   (default: gcc)
# PHEvaluator's generated tables (cpp/src/tables_plo4.c, tables_plo5.tar.gz,
# tables_plo6.tar.gz, 30 to 361 MB each) are used where the source has them.
# Where it does not (the mirror holds none of them; PyPI's sdist has PLO4's
# only), c/gen_tables.c writes them, same arrays, names and layout, and is
# checked against PLO4's real tables whenever those are there (README.md).
# Needs cargo, a C compiler, python3 (with venv, for pip), git and tar.
# Writes only under WORK (and cargo's cache). All builds finish before the
# first timing; run it on an otherwise idle machine.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
WORK=${WORK:-${TMPDIR:-/tmp}/native-bench-omaha}
HOLECARDS=${1:-${HOLECARDS:-$here/../../..}}
PHE=${2:-${PHE:-$WORK/peers/PokerHandEvaluator}}
N=${N:-1000000}
SEED=${SEED:-1}
REPS=${REPS:-7}
HOT=${HOT:-10000}
PHE_TABLES=${PHE_TABLES:-}
CC=${CC:-gcc}
CFLAGS_PHE="-O3 -DNDEBUG -std=gnu99" # PHEvaluator's CMake: Release (-O3 -DNDEBUG), C99, plus -O3

# shellcheck source=../common.sh
source "$here/../common.sh"
work_dirs "pass it as the first argument"

# ---- PokerHandEvaluator: the files needed, to $WORK/src/PokerHandEvaluator
# (unchanged files keep their mtimes, so a rerun does not rebuild).
phe_files="LICENSE cpp/include/phevaluator/phevaluator.h cpp/src/tables.h cpp/src/hash.h cpp/src/hash.c
  cpp/src/dptables.c cpp/src/hashtable.c cpp/src/hashtable5.c cpp/src/tables_bitwise.c
  cpp/src/evaluator_plo4.c cpp/src/evaluator_plo5.c cpp/src/evaluator_plo6.c"
phe_tables="cpp/src/tables_plo4.c cpp/src/tables_plo5.tar.gz cpp/src/tables_plo6.tar.gz"
new=$WORK/src/.new-phe
dst=$WORK/src/PokerHandEvaluator
rm -rf "$new" && mkdir -p "$new"
if [ -f "$PHE/cpp/src/evaluator_plo4.c" ]; then
    (cd "$PHE" && for f in $phe_files $phe_tables; do [ ! -f "$f" ] || cp --parents "$f" "$new/"; done)
    phe_commit=$({ [ -e "$PHE/.git" ] && git -C "$PHE" rev-parse HEAD 2>/dev/null; } || echo "unknown (source tree)")
elif git --git-dir="$PHE" rev-parse --verify -q HEAD >/dev/null 2>&1; then
    # only what is needed: a mirror may list its largest files without their contents
    present=""
    for f in $phe_tables; do
        ! git --git-dir="$PHE" cat-file -e "HEAD:$f" 2>/dev/null || present="$present $f"
    done
    # shellcheck disable=SC2086
    git --git-dir="$PHE" archive HEAD $phe_files $present 2>>"$log" | tar -x -C "$new" ||
        die "PokerHandEvaluator: cannot export $PHE's HEAD"
    phe_commit=$(git --git-dir="$PHE" rev-parse HEAD)
else
    die "PokerHandEvaluator: $PHE is neither a source tree (with cpp/src/evaluator_plo4.c) nor a git directory"
fi
for f in $phe_files; do [ -f "$new/$f" ] || die "PokerHandEvaluator: no $f in $PHE"; done
if [ -d "$dst" ] && diff -rq "$new" "$dst" >/dev/null 2>&1; then rm -rf "$new"; else rm -rf "$dst" && mv "$new" "$dst"; fi
psrc=$dst/cpp/src

echo "building (log: $log) ..." >&2
obj=$WORK/phe
mkdir -p "$obj" "$WORK/gen"
echo "$CC $CFLAGS_PHE; $("$CC" --version | head -n1)" | put "$obj/flags"
cc_obj() { # SOURCE OBJECT [EXTRA FLAGS...]: compile when stale
    local src=$1 o=$2
    shift 2
    if [ ! "$o" -nt "$src" ] || [ ! "$o" -nt "$obj/flags" ] || [ ! "$o" -nt "$psrc/tables.h" ]; then
        step "$CC" $CFLAGS_PHE "$@" -I "$psrc" -I "$dst/cpp/include" -c "$src" -o "$o"
    fi
}
for f in hash dptables hashtable hashtable5 tables_bitwise evaluator_plo4 evaluator_plo5 evaluator_plo6; do
    cc_obj "$psrc/$f.c" "$obj/$f.o"
done

# ---- the PLO tables: PHEvaluator's own where there are, else generated
real4=""
if [ -f "$psrc/tables_plo4.c" ]; then
    real4=$psrc/tables_plo4.c
    tables_from4="PokerHandEvaluator's cpp/src/tables_plo4.c"
else
    if [ -z "$PHE_TABLES" ]; then
        PHE_TABLES=$WORK/peers/phevaluator-0.6.0.tar.gz
        if [ ! -f "$PHE_TABLES" ]; then
            echo "fetching PyPI's phevaluator 0.6.0 sdist (for tables_plo4.c) ..." >&2
            { [ -x "$WORK/pip-venv/bin/pip" ] || python3 -m venv "$WORK/pip-venv"; } >>"$log" 2>&1 &&
                "$WORK/pip-venv/bin/pip" download --no-deps --no-binary :all: phevaluator==0.6.0 -d "$WORK/peers" >>"$log" 2>&1 ||
                echo "  (no sdist: PLO4's tables will be generated too; log: $log)" >&2
        fi
    fi
    if [ -d "$PHE_TABLES" ]; then
        t=$(find "$PHE_TABLES" -name tables_plo4.c -print -quit)
        [ -z "$t" ] || { real4=$t; tables_from4="$t"; }
    elif [ -f "$PHE_TABLES" ]; then
        m=$(tar tzf "$PHE_TABLES" 2>/dev/null | grep '/tables_plo4\.c$' | head -n1 || true)
        if [ -n "$m" ]; then
            mkdir -p "$WORK/src/sdist"
            [ -f "$WORK/src/sdist/$m" ] && [ "$WORK/src/sdist/$m" -nt "$PHE_TABLES" ] || step tar xzf "$PHE_TABLES" -C "$WORK/src/sdist" "$m"
            real4=$WORK/src/sdist/$m
            tables_from4="tables_plo4.c of $(basename "$PHE_TABLES")"
        fi
    fi
fi
gen=$obj/gen_tables
gen_src=$here/c/gen_tables.c
if [ ! "$gen" -nt "$gen_src" ] || [ ! "$gen" -nt "$obj/flags" ]; then
    step "$CC" $CFLAGS_PHE -Wall -Wextra -I "$psrc" "$gen_src" "$obj/hash.o" "$obj/dptables.o" "$obj/hashtable.o" "$obj/hashtable5.o" -o "$gen"
fi
# An object holding OUTDIR/{flush,noflush}_ploN.bin under PHEvaluator's names.
incbin_obj() { # N OBJECT
    local s=${2%.o}.S
    {
        for t in flush noflush; do
            printf '\t.section .rodata\n\t.globl %s\n\t.type %s, @object\n\t.balign 64\n%s:\n\t.incbin "%s"\n\t.size %s, .-%s\n' \
                "${t}_plo$1" "${t}_plo$1" "${t}_plo$1" "$WORK/gen/${t}_plo$1.bin" "${t}_plo$1" "${t}_plo$1"
        done
        printf '\t.section .note.GNU-stack,"",@progbits\n'
    } | put "$s"
    step "$CC" -c "$s" -o "$2"
}
table_objs=""
declare -A tables_from
for n in 4 5 6; do
    o=$obj/tables_plo$n.o
    if [ "$n" = 4 ] && [ -n "$real4" ]; then
        cc_obj "$real4" "$o"
        tables_from[$n]=$tables_from4
        table_objs="$table_objs $o"
    elif [ "$n" != 4 ] && gzip -t "$psrc/tables_plo$n.tar.gz" 2>/dev/null; then
        d=$obj/tables_plo$n
        if [ ! -f "$d/.built" ] || [ ! "$d/.built" -nt "$psrc/tables_plo$n.tar.gz" ]; then
            rm -rf "$d" && mkdir -p "$d"
            step tar xzf "$psrc/tables_plo$n.tar.gz" -C "$d"
            for c in $(find "$d" -name '*.c'); do step "$CC" $CFLAGS_PHE -I "$psrc" -c "$c" -o "${c%.c}.o"; done
            touch "$d/.built"
        fi
        tables_from[$n]="PokerHandEvaluator's cpp/src/tables_plo$n.tar.gz"
        table_objs="$table_objs $(find "$d" -name '*.o' | tr '\n' ' ')"
    else
        if [ ! -f "$WORK/gen/noflush_plo$n.bin" ] || [ ! "$WORK/gen/noflush_plo$n.bin" -nt "$gen" ]; then
            echo "  generating the PLO$n tables (c/gen_tables.c) ..." >&2
            step "$gen" "$n" "$WORK/gen"
        fi
        o=$obj/tables_plo$n-gen.o
        [ "$o" -nt "$WORK/gen/noflush_plo$n.bin" ] || incbin_obj "$n" "$o"
        tables_from[$n]="generated by c/gen_tables.c"
        table_objs="$table_objs $o"
    fi
done
# The generator against PHEvaluator's own PLO4 tables, whenever they are here.
gen_check="not run (no PHEvaluator PLO4 tables to compare with)"
if [ -n "$real4" ]; then
    [ -f "$WORK/gen/noflush_plo4.bin" ] && [ "$WORK/gen/noflush_plo4.bin" -nt "$gen" ] || step "$gen" 4 "$WORK/gen"
    [ "$obj/gen_check" -nt "$gen" ] || step "$CC" $CFLAGS_PHE -DWITH_PLO4 -I "$psrc" "$gen_src" "$obj/hash.o" "$obj/dptables.o" \
        "$obj/hashtable.o" "$obj/hashtable5.o" "$obj/tables_plo4.o" -o "$obj/gen_check"
    gen_check=$("$obj/gen_check" cmp4 "$WORK/gen" 2>>"$log") || die "c/gen_tables.c does not reproduce PHEvaluator's PLO4 tables: $gen_check"
fi

# ---- the C harness, linked with PHEvaluator's objects (as its libphevalploN.a would be)
put "$obj/phe_bench.c" <"$here/c/phe_bench.c"
bench_objs="$obj/evaluator_plo4.o $obj/evaluator_plo5.o $obj/evaluator_plo6.o $obj/hash.o $obj/dptables.o $obj/hashtable.o $obj/tables_bitwise.o $table_objs"
stale=0
for f in "$obj/phe_bench.c" $bench_objs; do [ "$obj/phe_bench" -nt "$f" ] || stale=1; done
# shellcheck disable=SC2086
[ $stale = 0 ] || step "$CC" $CFLAGS_PHE -Wall -Wextra -I "$dst/cpp/include" "$obj/phe_bench.c" $bench_objs -o "$obj/phe_bench"

# ---- the Rust harness: this folder's crate copied to $WORK/rust, its path
# dependency pointed at $HOLECARDS/rust/core (so the tree here is not written)
mkdir -p "$WORK/rust/src"
put "$WORK/rust/src/main.rs" <"$here/rust/src/main.rs"
sed "s|path = \"../../../../rust/core\"|path = \"$HOLECARDS/rust/core\"|" "$here/rust/Cargo.toml" | put "$WORK/rust/Cargo.toml"
grep -q "path = \"$HOLECARDS/rust/core\"" "$WORK/rust/Cargo.toml" || die "Cargo.toml: no holecards-core path dependency to point at $HOLECARDS"
[ -f "$WORK/rust/Cargo.lock" ] || cp "$here/rust/Cargo.lock" "$WORK/rust/Cargo.lock"
step env RUSTFLAGS= CARGO_ENCODED_RUSTFLAGS= cargo build --release --manifest-path "$WORK/rust/Cargo.toml" --target-dir "$WORK/target"
omb=$WORK/target/release/omb

# ---- the deals: N per hole count (and the hot set), written once
sets="random"
deals_random=$WORK/deals-$N-$SEED
[ -f "$deals_random/deals-h6.bin" ] || step "$omb" gen "$deals_random" "$N" "$SEED"
if [ "$HOT" -gt 0 ] && [ "$HOT" -lt "$N" ]; then
    sets="random hot"
    deals_hot=$WORK/deals-$N-$SEED-hot$HOT
    [ -f "$deals_hot/deals-h6.bin" ] || step "$omb" gen "$deals_hot" "$N" "$SEED" "$HOT"
fi

# ---- timing: nothing else of ours runs from here on; PHEvaluator then
# holecards for each hole count, alternating
timing_begins
for s in $sets; do
    d=$deals_random
    [ "$s" = hot ] && d=$deals_hot
    : >"$WORK/results-$s.tsv"
    for h in 4 5 6; do
        echo "timing: $s deals, $h hole cards: PHEvaluator ..." >&2
        "$obj/phe_bench" "$h" "$d/deals-h$h.bin" "$REPS" "$WORK/phe-$s-h$h.u16" >>"$WORK/results-$s.tsv" 2>>"$log" ||
            die "phe_bench failed (log: $log)"
        echo "timing: $s deals, $h hole cards: holecards ..." >&2
        "$omb" bench "$h" "$d/deals-h$h.bin" "$REPS" >>"$WORK/results-$s.tsv" 2>>"$log" || die "omb bench failed (log: $log)"
    done
done
timing_ends

# ---- the checks (every deal) and the tables' sizes
for h in 4 5 6; do
    "$omb" check "$h" "$deals_random/deals-h$h.bin" "$WORK/phe-random-h$h.u16" >>"$WORK/results-random.tsv" 2>>"$log" || true
done
"$omb" memory >>"$WORK/results-random.tsv"
mem_phe() { # OBJECT SYMBOL READ-BY
    nm --size -t d "$1" | awk -v s="$2" -v r="$3" '$NF == s { printf "MEM\tphe\t%s\t%d\t%s\n", s, $1 + 0, r }'
}
{
    for n in 4 5 6; do
        for o in $table_objs; do
            mem_phe "$o" "flush_plo$n" "$n"
            mem_phe "$o" "noflush_plo$n" "$n"
        done
    done
    mem_phe "$obj/hashtable.o" flush all
    mem_phe "$obj/dptables.o" dp all
    mem_phe "$obj/dptables.o" choose "4,5"
    mem_phe "$obj/tables_bitwise.o" bit_of_div_4 all
} >>"$WORK/results-random.tsv"

echo
echo "Native Omaha high evaluation: $N random deals per hole count (seed $SEED; a 5-card board and 4, 5 or 6 hole cards, all distinct), one thread, $REPS passes each, M evaluations/s"
echo "date: $(date -u '+%Y-%m-%d %H:%M UTC'); cpu: $cpu, $(nproc) cores; busy cores during timing: $busy (this benchmark: 1); load average before/after: $load_before / $load_after"
echo "Rust: $(rustc -V | cut -d' ' -f1-2), release, lto=fat, codegen-units=1. C: $(cat "$obj/flags")."
[[ ! $phe_commit =~ ^[0-9a-f]{40}$ ]] || phe_commit=${phe_commit:0:12}
echo "holecards $hc_rev; PokerHandEvaluator $phe_commit; PHEvaluator's tables: PLO4 ${tables_from[4]}, PLO5 ${tables_from[5]}, PLO6 ${tables_from[6]}"
echo "generator check (c/gen_tables.c against PHEvaluator's PLO4 tables): $(echo "$gen_check" | tr '\n' ';' | sed 's/;$//; s/;/; /g')"
echo
"$omb" table "$WORK/results-random.tsv"
if [ "$sets" = "random hot" ]; then
    echo
    echo "The same, on $N deals made of the first $HOT of them repeated (the table lines they read stay in the caches: the evaluators' speed without the memory's latency):"
    echo
    "$omb" table "$WORK/results-hot.tsv"
fi
grep -q $'\tFAILED$' "$WORK/results-random.tsv" && die "the value check failed (see above; the first differing deals are in $log)"
exit 0
