# Sourced by the native benchmarks' run.sh (bash, set -euo pipefail): the
# work directory and build log, importing a peer's sources, and how busy the
# machine was while they timed, and what it is.

die() { echo "run.sh: $*" >&2; exit 2; }

# Checks that $HOLECARDS is a checkout (else dies, saying how to set it: $1),
# makes $WORK, makes both absolute, and starts the build log $log there.
work_dirs() {
    [ -f "$HOLECARDS/rust/core/Cargo.toml" ] || die "no holecards checkout at $HOLECARDS ($1)"
    mkdir -p "$WORK"
    WORK=$(cd "$WORK" && pwd)
    HOLECARDS=$(cd "$HOLECARDS" && pwd)
    log=$WORK/build.log
    : >"$log"
}

# Runs a build step, its output to the log; on failure shows the log's tail and dies.
step() { "$@" >>"$log" 2>&1 || { tail -n 40 "$log" >&2; die "failed: $* (log: $log)"; }; }

# Copy a source tree, or export a git directory's HEAD, to $WORK/src/NAME and
# apply PATCH_CMD there; print its commit. An unchanged tree is left as it was
# (same mtimes), so a rerun does not rebuild.
import_src() { # NAME LOCATION MARKER_FILE [PATCH_CMD...]
    local name=$1 loc=$2 marker=$3 dst=$WORK/src/$1 new=$WORK/src/.new-$1
    shift 3
    rm -rf "$new" && mkdir -p "$new"
    if [ -f "$loc/$marker" ]; then
        cp -R "$loc/." "$new/"
        { [ -e "$loc/.git" ] && git -C "$loc" rev-parse HEAD 2>/dev/null; } || echo "unknown (source tree)"
    elif git --git-dir="$loc" rev-parse --verify -q HEAD >/dev/null 2>&1; then
        git --git-dir="$loc" archive HEAD | tar -x -C "$new"
        git --git-dir="$loc" rev-parse HEAD
    else
        die "$name: $loc is neither a source tree (with $marker) nor a git directory"
    fi
    [ $# -eq 0 ] || (cd "$new" && "$@") || die "$name: patch failed: $*"
    if [ -d "$dst" ] && diff -rq "$new" "$dst" >/dev/null 2>&1; then rm -rf "$new"; else rm -rf "$dst" && mv "$new" "$dst"; fi
}

# Write stdin to FILE unless FILE already has exactly that content.
put() { local t; t=$(mktemp "$WORK/.put.XXXXXX"); cat >"$t"; if cmp -s "$t" "$1"; then rm -f "$t"; else mv "$t" "$1"; fi; }

# CPU time of the whole machine (all cores), busy and total, from /proc/stat.
cpu_ticks() { awk '/^cpu /{print $2+$3+$4+$7+$8+$9, $2+$3+$4+$5+$6+$7+$8+$9}' /proc/stat 2>/dev/null || echo "0 0"; }

# Before the timed part: the ticks and load average so far.
timing_begins() {
    read -r busy0 total0 < <(cpu_ticks)
    load_before=$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo "?")
}

# After it: $busy (cores busy on average meanwhile), $load_before and
# $load_after, $cpu (its model) and $hc_rev (the holecards commit timed).
timing_ends() {
    load_after=$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo "?")
    local busy1 total1
    read -r busy1 total1 < <(cpu_ticks)
    busy=$(awk -v b=$((busy1 - busy0)) -v t=$((total1 - total0)) -v n="$(nproc)" \
        'BEGIN { if (t > 0) printf "%.2f", n * b / t; else print "?" }')
    cpu=$(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | cut -d: -f2- | sed 's/^ *//' || echo "?")
    hc_rev=$(git -C "$HOLECARDS" rev-parse --short HEAD 2>/dev/null || echo "?")
    git -C "$HOLECARDS" diff --quiet HEAD -- rust/core 2>/dev/null || hc_rev="$hc_rev (rust/core modified)"
}
