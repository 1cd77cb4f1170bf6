# tests/lib.sh - what every tests/cli_*.sh starts with (sourced:
# . "$(dirname "$0")/lib.sh"): the pass and fail counters, a temporary
# folder $tmp removed at exit with the loom and Xvfb the script started (a
# script with more to clean up defines its own cleanup, which removes $tmp
# too), ok and not_ok lines in TAP form, and finish, the summary line
# tests/run.sh reads ("N passed, N failed[, N skipped]"; its status is the
# script's).

pass=0
fail=0
tmp=$(mktemp -d)
loom_pid=
xvfb_pid=

# At exit: a loom and an Xvfb the script started (loom_pid, xvfb_pid), then $tmp.
cleanup() {
    [ -n "$loom_pid" ] && kill "$loom_pid" 2>/dev/null
    [ -n "$xvfb_pid" ] && kill "$xvfb_pid" 2>/dev/null
    rm -rf "$tmp"
}
trap cleanup EXIT

ok() { pass=$((pass + 1)); echo "ok - $1"; }

# not_ok DESCRIPTION [DETAIL]: DETAIL is a file, whose first 20 lines (up to
# 300 characters each) follow as comments, or a short text, said in
# parentheses.
not_ok() {
    fail=$((fail + 1))
    if [ -n "$2" ] && [ -f "$2" ]; then
        echo "not ok - $1"
        head -n 20 "$2" | cut -c 1-300 | sed 's/^/#   /'
    else
        echo "not ok - $1${2:+ ($2)}"
    fi
}

# require_built FILE...: one failure and the end of the script when a
# program the script runs is not built.
require_built() {
    for program in "$@"; do
        if [ ! -x "$program" ]; then
            echo "not ok - $program is built (make)"
            echo "0 passed, 1 failed"
            exit 1
        fi
    done
}

# check DESCRIPTION COMMAND...: ok when the command succeeds, else not ok
# with $tmp/err (where the scripts keep loom's stderr).
check() { desc=$1; shift; if "$@"; then ok "$desc"; else not_ok "$desc" "$tmp/err"; fi; }

finish() {
    if [ "${skip:-0}" -gt 0 ]; then
        echo "$pass passed, $fail failed, $skip skipped"
    else
        echo "$pass passed, $fail failed"
    fi
    [ "$fail" -eq 0 ]
}
