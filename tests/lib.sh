# tests/lib.sh - what every tests/cli_*.sh starts with (sourced:
# . "$(dirname "$0")/lib.sh"): the pass and fail counters, a temporary
# folder $tmp removed at exit with the loom and Xvfb the script started (a
# script with more to clean up defines its own cleanup, which removes $tmp
# too), ok and not_ok lines in TAP form, need and skipped for the checks a
# machine cannot run, and finish, the summary line tests/run.sh reads ("N
# passed, N failed[, N skipped]"; its status is the script's).

pass=0
fail=0
skip=0
# TEST_SLOWDOWN=N: the build under test does its processor work about N
# times slower than the normal build (make check exports it for its ASan and
# UBSan build at -O1; default 1). Time bounds stretch their processor part by
# it (load_bound) and the patience of waits (wait_for, open_window,
# window_shot) grows by it; wall-clock waits (a --timeout, the watchdog's
# grace) do not, being the same in every build.
slowdown=${TEST_SLOWDOWN:-1}
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

# need TOOL PACKAGE [WHAT]: true when the program TOOL is on the PATH;
# otherwise one skipped check for WHAT (default: the checks that use TOOL)
# that names the Debian package to install, and false. Every check that
# needs a program beyond what `make demo` installs asks for it here, so that
# `make test` passes on a fresh machine and says what it could not run (and
# .ci/run installs every PACKAGE named this way). Call it in the script's
# own shell (not in $(...) or a pipe), which keeps the count.
need() {
    command -v "$1" >/dev/null 2>&1 && return 0
    skipped "${3:-the checks that use $1}" "$1 is not installed (Debian: apt-get install $2)"
    return 1
}

# skipped WHAT REASON: one check that could not run here, and why. REASON
# should name what to install or change to run it: tests/run.sh counts the
# skips of the whole suite by REASON.
skipped() { skip=$((skip + 1)); echo "ok - $1 # SKIP $2"; }

# wait_for PATTERN FILE [SECONDS]: true once FILE has a line matching
# PATTERN (a grep pattern), within SECONDS (default 5) times TEST_SLOWDOWN.
wait_for() {
    tries=$((${3:-5} * 10 * slowdown))
    while [ "$tries" -gt 0 ]; do
        grep -q -- "$1" "$2" 2>/dev/null && return 0
        sleep 0.1; tries=$((tries - 1))
    done
    return 1
}

# open_window DIR SCENE SECONDS [ARGS...]: `$loom SCENE ARGS...` started in
# DIR (created), its output in $tmp/out and $tmp/err and its pid in
# loom_pid; waits up to SECONDS (times TEST_SLOWDOWN) for the window titled
# "loom - NAME" and sets window to its id (empty when it did not open).
open_window() {
    ow_dir=$1 ow_scene=$2 ow_tries=$(($3 * 10 * slowdown))
    shift 3
    mkdir -p "$ow_dir"
    (cd "$ow_dir" && exec "$loom" "$ow_scene" "$@" >"$tmp/out" 2>"$tmp/err") &
    loom_pid=$!
    window=
    while [ -z "$window" ] && [ "$ow_tries" -gt 0 ]; do
        sleep 0.1; ow_tries=$((ow_tries - 1))
        window=$(xdotool search --name "loom - ${ow_scene##*/}" 2>/dev/null | tail -n 1)
    done
}

# window_shot NAME: presses P in the window opened by open_window, waits up
# to 30 s (times TEST_SLOWDOWN) for its "saved screenshot" line (a loaded machine may take long,
# and a late picture shifts every later one) and moves the picture to
# $tmp/NAME.png (a relative name is in the window's folder).
window_shot() {
    ws_saved=$(grep -c "saved screenshot" "$tmp/out")
    xdotool key --window "$window" p
    ws_tries=$((300 * slowdown))
    while [ "$(grep -c "saved screenshot" "$tmp/out")" -le "$ws_saved" ] && [ "$ws_tries" -gt 0 ]; do
        sleep 0.1; ws_tries=$((ws_tries - 1))
    done
    ws_file=$(grep "saved screenshot" "$tmp/out" | tail -n 1 | sed 's/.*saved screenshot //')
    case $ws_file in /*) ;; *) ws_file=$ow_dir/$ws_file ;; esac
    mv "$ws_file" "$tmp/$1.png" 2>/dev/null
}

# xvfb_start [WIDTHxHEIGHTxDEPTH]: an X server of the script's own (Xvfb,
# stopped at exit) as DISPLAY. -displayfd: the server picks a free display
# number, so runs at the same time never collide. When it is not up within
# 5 s: a failed check with its messages, and false. Ask need_window first.
xvfb_start() {
    Xvfb -displayfd 3 -screen 0 "${1:-1024x768x24}" -nolisten tcp 3>"$tmp/display" 2>"$tmp/xvfb.log" &
    xvfb_pid=$!
    tries=50
    while [ ! -s "$tmp/display" ] && [ "$tries" -gt 0 ]; do
        sleep 0.1; tries=$((tries - 1))
    done
    if [ ! -s "$tmp/display" ]; then
        not_ok "Xvfb starts" "$tmp/xvfb.log"
        return 1
    fi
    DISPLAY=:$(cat "$tmp/display")
    export DISPLAY
}

# need_window [WHAT]: need Xvfb and xdotool, which every window check uses.
need_window() {
    need Xvfb xvfb "${1:-the window checks}" && need xdotool xdotool "${1:-the window checks}"
}

# ---- time bounds on a shared machine ----
# A bound on a run's wall time must mean the same whether the run has the
# machine to itself or shares it (two `make test` at once, other programs).
# Part of a run's time is wall-clock waiting that load does not move: loom's
# --timeout is wall-clock (the watchdog's grace after it is not: it counts
# the main thread's own time, app/watchdog.c). The rest
# (starting, running the script, stopping it, freeing, exiting) is
# processor work, which takes longer in wall time when other programs take
# the processors, and in a slower build (TEST_SLOWDOWN). So a run is started
# through build/tests/runclock, which
# reports its wall time, the time loom's main thread ran and the time it
# waited for a processor (the kernel's run-queue delay), and the part of
# the bound beyond the wall-clock waits is stretched by that run's own load
# factor, (ran + waited) / ran, and by TEST_SLOWDOWN. Work of loom's own
# beyond what the bound
# allows is stretched alike and still fails; a run that sleeps past its
# bound is not excused (sleeping is neither running nor waiting for a
# processor).
#
# load_bound FIXED_MS WITHIN_MS REPORT: prints "BOUND_MS STRETCH" for a run
# that must end within WITHIN_MS on an idle machine in the normal build,
# FIXED_MS of which are wall-clock waits, from runclock's REPORT ("WALL RAN
# WAITED", ms; a missing or empty report counts as no load). STRETCH is the
# run's load factor (TEST_SLOWDOWN multiplies the bound besides).
load_bound() {
    read -r _wall ran waited <"$3" 2>/dev/null
    awk -v fixed="$1" -v within="$2" -v ran="${ran:-0}" -v waited="${waited:-0}" -v slow="$slowdown" 'BEGIN {
        stretch = ran > 0 ? (ran + waited) / ran : 1
        if (fixed > within) fixed = within
        printf "%d %.2f\n", fixed + (within - fixed) * stretch * slow + 0.5, stretch
    }'
}

# schedstat_ms PID: "RAN WAITED" in ms, the time PID's main thread has run
# and waited for a processor ("0 0" when the kernel does not say), for a
# REPORT of a process that is still running: "WALL RAN-RAN0 WAITED-WAITED0".
schedstat_ms() {
    if read -r r w _ <"/proc/$1/schedstat" 2>/dev/null; then
        echo "$((r / 1000000)) $((w / 1000000))"
    else
        echo "0 0"
    fi
}

# machine_load: the machine's load now, as a factor of at least 1: the
# 1-minute load average per processor (1 when below). For a wall-clock limit
# that only guards against a hang (not what a check measures), which must
# not fire first on a shared machine because the run got a small share of
# the processors.
machine_load() {
    awk -v n="$(nproc 2>/dev/null || echo 1)" '{ l = $1 / n; printf "%d\n", (l > 1 ? l + 0.999 : 1) }' \
        /proc/loadavg 2>/dev/null || echo 1
}

# backstop SECONDS: a --timeout for a run whose time limit is not what the
# check is about (a heavy drawing, a memory limit): SECONDS, enough on an
# idle machine, times TEST_SLOWDOWN and the machine's load, so that the
# wall-clock limit does not fire first on a slow build or a shared machine.
backstop() { echo $(($1 * slowdown * $(machine_load))); }

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
# with $tmp/err (where the scripts keep loom's stderr). COMMAND is one
# command: in `check DESC [ A ] && [ B ]` the shell runs B after check and
# drops its result, so put every condition inside (a function, sh -c) or in
# a check of its own (tests/lint_tests.sh refuses the && / || / | form).
check() { desc=$1; shift; if "$@"; then ok "$desc"; else not_ok "$desc" "$tmp/err"; fi; }

finish() {
    if [ "$skip" -gt 0 ]; then
        echo "$pass passed, $fail failed, $skip skipped"
    else
        echo "$pass passed, $fail failed"
    fi
    [ "$fail" -eq 0 ]
}
