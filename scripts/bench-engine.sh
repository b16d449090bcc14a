# The engine's and hook dispatch's rows of scripts/bench (issues 15 and 28),
# sourced by it: instruction counts per event as views, history and held
# requests grow, and the targets table (before / now / target). Uses the
# `row` function and `counted` array of scripts/bench, and the timing table
# it saved in $timing_file (events per second).

# Per-event instruction counts at 10 and 100,000 views, events of history
# and held requests (the set-up differs between the two sizes, the measured
# events do not: each count is a difference of two runs of one set-up).
# A 100,000 set-up takes one to two minutes under callgrind, so those rows
# are one process each: their events call no Lua (the native policy), so
# Lua's per-process hash seed does not move them.
engine_rows() {
    local size count
    for size in 10 100000; do
        count=3
        [ "$size" = 10 ] || count=1
        runs=$count row "events-views-$size" "$([ "$size" = 10 ] || echo events-views-10)" 10000 20000 event
        runs=$count row "events-history-$size" "$([ "$size" = 10 ] || echo events-history-10)" 10000 20000 event
        runs=$count row "held-$size" "$([ "$size" = 10 ] || echo held-10)" 4000 8000 event
    done
}

# One row of the targets table: name, before, now, the verdict's comparison
# ("le" or "ge") and limit, and how the limit reads.
engine_target() {
    local name="$1" before="$2" now="$3" op="$4" limit="$5" shown="$6" verdict
    verdict="$(awk -v n="$now" -v l="$limit" -v op="$op" 'BEGIN {
        ok = (op == "le") ? (n <= l) : (n >= l); print (ok ? "met" : "not met") }')"
    echo "| $name | $before | $now | $shown: $verdict |"
}

ratio_of() {
    awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", a / b }'
}

# The targets table. Before: the figures when issue 28 was filed
# (docs/performance.md, run of 2026-12-01).
engine_targets() {
    local rate="—"
    if [ -n "${timing_file:-}" ] && [ -s "$timing_file" ]; then
        rate="$(awk '/^Engine events per second with queue.lua:/ { gsub(/[^0-9]/, "", $7); print $7; exit }' "$timing_file")"
    fi
    echo "## Targets of the engine core and hook dispatch (issues 15 and 28)"
    echo
    echo "| figure | before | now | target |"
    echo "|---|---:|---:|---|"
    engine_target "engine, instructions per event, native queue policy" 4591 "${counted[events-native-policy]}" \
        le 2000 "at most 2,000"
    engine_target "engine, instructions per event, queue.lua" 6922 "${counted[events-queue.lua]}" le 3000 \
        "at most 3,000"
    engine_target "hook dispatch vs bare C (instructions, ratio)" "1.394" \
        "$(ratio_of "${counted[runtime-hook]}" "${counted[bare-hook]}")" le 1.15 "at most 1.15x"
    if [ "$rate" != "—" ] && [ -n "$rate" ]; then
        engine_target "engine events per second, queue.lua (time, noisy)" 1284291 "$rate" ge 1000000 \
            "at least 1,000,000"
    fi
    engine_target "per event at 100,000 views vs 10 (instructions)" "1.02 (time)" \
        "$(ratio_of "${counted[events-views-100000]}" "${counted[events-views-10]}")" le 1.5 "flat within 1.5x"
    engine_target "per event after 100,000 events of history vs 10 (instructions)" "1.43 (time)" \
        "$(ratio_of "${counted[events-history-100000]}" "${counted[events-history-10]}")" le 1.5 "flat within 1.5x"
    engine_target "per event with 100,000 held requests vs 10 (instructions)" "1.19 (time)" \
        "$(ratio_of "${counted[held-100000]}" "${counted[held-10]}")" le 1.5 "flat within 1.5x"
    echo
    echo "Hook dispatch: runtime-hook reads the answer as a choice (LuaChoices), as the"
    echo "engine's request hook does; runtime-hook-string reads it as a Swift String."
    echo
}
