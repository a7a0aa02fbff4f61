# Sourced by the native benchmarks' run.sh: how busy the machine was while
# they timed, and what it is. Bash; needs $HOLECARDS (the checkout timed).

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
