#!/bin/sh
# Runs every test suite and sums their results.
# Each suite prints its own lines and ends with a line "N passed, N failed"
# (", N skipped" when some checks could not run here: a missing optional
# program, see need in tests/lib.sh). The end says how many checks were
# skipped, one line per reason, the reason naming what to install.
# Usage: sh tests/run.sh BUILD_DIR
build=${1:-build}
total_pass=0
total_fail=0
total_skip=0
suites_failed=""
log=$(mktemp)
reasons=$(mktemp)
trap 'rm -f "$log" "$reasons"' EXIT

run_suite() {
    name=$1; shift
    echo "== $name"
    # A suite that hangs fails instead of holding CI: after SUITE_TIMEOUT
    # seconds (the hostile battery, about 160 scripts most waiting out a time
    # limit: HOSTILE_SUITE_TIMEOUT), by default 300 (900) on an idle machine
    # (make check gives more: its build is slower), times the load (the
    # 1-minute load average per processor, when above 1) at the suite's
    # start: a suite of many short runs slows down with the machine.
    base=${SUITE_TIMEOUT:-300}
    [ "$name" = cli_hostile.sh ] && base=${HOSTILE_SUITE_TIMEOUT:-900}
    limit=$(awk -v n="$(nproc 2>/dev/null || echo 1)" -v b="$base" \
        '{ l = $1 / n; printf "%d", b * (l > 1 ? l : 1) }' /proc/loadavg 2>/dev/null || echo "$base")
    timeout -k 10 "$limit" "$@" >"$log" 2>&1
    status=$?
    [ "$status" -eq 124 ] && echo "$name: still running after $limit s, stopped" >>"$log"
    cat "$log"
    line=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$log" | tail -n 1)
    if [ -z "$line" ]; then
        echo "$name: no summary line (exit $status): counted as 1 failure"
        total_fail=$((total_fail + 1)); suites_failed="$suites_failed $name"; return
    fi
    p=$(echo "$line" | sed -E 's/^([0-9]+) passed.*/\1/')
    f=$(echo "$line" | sed -E 's/^[0-9]+ passed, ([0-9]+) failed.*/\1/')
    s=$(echo "$line" | sed -E -n 's/^[0-9]+ passed, [0-9]+ failed, ([0-9]+) skipped.*/\1/p')
    total_skip=$((total_skip + ${s:-0}))
    sed -n 's/^ok .* # SKIP \(.*\)$/\1/p' "$log" >>"$reasons"
    said=$(grep -c '^ok .* # SKIP ' "$log")
    if [ "$said" -ne "${s:-0}" ]; then
        echo "$name: ${s:-0} skipped, but $said lines 'ok - WHAT # SKIP REASON' say why: counted as 1 failure"
        f=$((f + 1))
    fi
    if [ "$status" -ne 0 ] && [ "$f" -eq 0 ]; then f=1; fi
    total_pass=$((total_pass + p)); total_fail=$((total_fail + f))
    [ "$f" -ne 0 ] && suites_failed="$suites_failed $name"
}

for t in "$build"/tests/engine_*; do
    [ -x "$t" ] && run_suite "$(basename "$t")" "$t"
done
for t in "$build"/tests/render_*; do
    [ -x "$t" ] && run_suite "$(basename "$t")" "$t"
done
for t in "$build"/tests/app_*; do
    [ -x "$t" ] && run_suite "$(basename "$t")" "$t"
done
for t in tests/lua/test_*.lua; do
    [ -f "$t" ] && run_suite "$(basename "$t")" "$build/tests/lua_runner" "$t"
done
for t in tests/cli_*.sh; do
    [ -f "$t" ] && run_suite "$(basename "$t")" sh "$t" "$build"
done
for t in tests/lint_*.sh; do
    [ -f "$t" ] && run_suite "$(basename "$t")" sh "$t"
done

echo
if [ "$total_skip" -gt 0 ]; then
    echo "skipped (not run on this machine), by reason:"
    sort "$reasons" | uniq -c | sort -rn | sed -E 's/^ *([0-9]+) /  \1 skipped: /'
fi
[ -n "$suites_failed" ] && echo "failing suites:$suites_failed"
if [ "$total_skip" -gt 0 ]; then
    echo "$total_pass passed, $total_fail failed, $total_skip skipped"
else
    echo "$total_pass passed, $total_fail failed"
fi
[ "$total_fail" -eq 0 ]
