#!/bin/sh
# The hostile-script battery (issue 13): every tests/hostile/NAME.lua is one
# attack, run through build/loom in a fresh temporary folder and checked
# against the header lines at its top (format: tests/hostile/README.md):
#   - the exit status (default 1) and no signal (status below 128);
#   - every "-- stderr:" text present in stderr, word for word;
#   - the wall time within "-- within:" seconds (default --timeout + 0.5)
#     on an idle machine. On a loaded one, the part of the bound beyond the
#     run's wall-clock waits (its --timeout when stderr says the script ran
#     past it; not the watchdog's grace, which counts only the time loom's
#     main thread had a processor or slept: app/watchdog.c) is stretched by
#     the run's own measured load: the time loom
#     waited for a processor (load_bound in tests/lib.sh says why), and in a
#     slower build by TEST_SLOWDOWN (make check's sanitizers);
#   - a script that does not test the time limit (no "-- stderr:" text says
#     the script ran past it: it tests the memory or stack limit, a
#     refusal...) runs with its --timeout times TEST_SLOWDOWN and the
#     machine's load (machine_load in tests/lib.sh): that limit only guards
#     against a hang there, and must not fire before the limit the script
#     is about because the build is slower or the run got a small share of
#     the processors;
#   - stdout and stderr together under 1 MiB (or "-- output: N" MiB);
#   - no file created, changed or removed outside the output folder: the run
#     has its own cwd (the scene's folder), HOME and TMPDIR holding canary
#     files, and the whole tree is compared before and after.
# An outer `timeout` ends a script that hangs, so a hang fails instead of
# hanging the suite. Window scripts ("-- mode: window") run under Xvfb (a
# SKIP without Xvfb and xdotool): the window opens a good scene, the script
# is saved over it, and the window must print the error, still answer a key,
# load the next good save and quit on Esc.
# Usage: sh tests/cli_hostile.sh BUILD_DIR [NAME...]   (NAME: run only those)
# Environment: TEST_SLOWDOWN=N, how many times slower than the normal build
# the build's processor work is (make check: its sanitizers; tests/lib.sh);
# HOSTILE_JOBS=N headless scripts at a time (default
# 2) and HOSTILE_WINDOW_JOBS=N window scripts at a time (default 1, each on its
# own Xvfb); HOSTILE_DIR=DIR runs DIR's scripts.
# Prints "ok - ..." or "not ok - ..." per check and ends with "N passed, N failed".
build=${1:-build}
[ $# -gt 0 ] && shift
here=$(cd "$(dirname "$0")" && pwd)
loom=$(cd "$(dirname "$build/loom")" 2>/dev/null && pwd)/loom
runclock=$(cd "$(dirname "$build/loom")" 2>/dev/null && pwd)/tests/runclock
# output_cap: the bytes of stdout + stderr the script may cause ("-- output:
# N" MiB, default 1; for floods that loom caps itself, e.g. print's 16 MiB).
output_cap() {
    mib=$(header output "$script")
    echo $((${mib:-1} * 1048576))
}
. "$(dirname "$0")/lib.sh"
# wanted NAME [NAME...]: whether the script NAME is one of those asked for
# (all when none are).
wanted() {
    name_=$1; shift
    [ $# -eq 0 ] && return 0
    for w in "$@"; do [ "$w" = "$name_" ] && return 0; done
    return 1
}

require_built "$loom" "$runclock"

# now_ms: monotonic enough wall time in milliseconds (GNU date).
now_ms() { echo $(($(date +%s%N) / 1000000)); }
# waited_ms LIMIT FILE: the wall-clock waits of a run whose stderr is FILE,
# in ms: LIMIT seconds when it says the script ran past its time limit.
# The watchdog's grace is not one: it lasts GRACE seconds of the main
# thread's own time (its waits for a processor extend it), so it stretches
# with the run's load like the rest of the bound.
waited_ms() {
    w=0
    grep -q "script ran for more than" "$2" && w=$(ms "$1")
    echo "$w"
}
# ms SECONDS: "2.5" -> 2500.
ms() { awk -v s="$1" 'BEGIN { printf "%d", s * 1000 + 0.5 }'; }

# header KEY FILE: the values of "-- KEY: value" lines at the top of FILE, one a line.
header() {
    awk -v key="$1" '
        !/^--/ { exit }
        {
            line = $0; sub(/^--[ \t]*/, "", line)
            if (index(line, key ":") == 1) { v = substr(line, length(key) + 2); sub(/^[ \t]+/, "", v); sub(/[ \t\r]+$/, "", v); print v }
        }' "$2"
}

# snapshot ROOT: every entry under ROOT but ROOT/out and ROOT/scene/screenshots
# (and the scene file in window mode, which the test itself saves over), with
# its type, size, mode and content checksum.
snapshot() {
    (cd "$1" && find . \( -path ./out -o -path ./scene/screenshots -o -path "./scene/${own:-no such file}" \) \
        -prune -o -print |
        LC_ALL=C sort | while IFS= read -r f; do
            if [ -f "$f" ] && [ ! -L "$f" ]; then
                echo "$f $(stat -c '%F %s %a %Y' "$f") $(cksum <"$f")"
            else
                echo "$f $(stat -c '%F %a' "$f")"
            fi
        done)
}

# prepare NAME FILE: a fresh root $run with scene/ (cwd, the script), home/,
# tmp/ and out/, canaries in each; sets $scene.
prepare() {
    run=$tmp/run_$1
    rm -rf "$run"
    mkdir -p "$run/scene" "$run/home/.config" "$run/tmp" "$run/out"
    for d in scene home home/.config tmp; do
        echo "canary $d: must stay as it is" >"$run/$d/canary.txt"
    done
    echo "export CANARY=1" >"$run/home/.profile"
    echo "secret" >"$run/scene/data.txt"
    chmod 600 "$run/scene/data.txt"
    scene=$run/scene/$1.lua
    if [ "$(header precompile "$2")" = "luac" ]; then
        luac5.4 -s -o "$scene" "$2" || return 1
    elif [ "$(header generate "$2")" = "lua5.4" ]; then
        # "-- generate: lua5.4": the script writes the scene (one too big to keep).
        lua5.4 "$2" >"$scene" || return 1
    else
        cp "$2" "$scene"
    fi
    # "-- fifo: PATH": a FIFO (relative to the scene's folder) nobody writes to.
    for f in $(header fifo "$2"); do
        mkfifo "$run/scene/$f" || return 1
    done
    # "-- bytecode: NAME": a precompiled chunk beside the scene, for loadfile,
    # dofile and require to refuse.
    for f in $(header bytecode "$2"); do
        printf 'return "bytecode ran"\n' >"$tmp/chunk.lua"
        luac5.4 -s -o "$run/scene/$f" "$tmp/chunk.lua" || return 1
    done
    snapshot "$run" >"$tmp/before"
}

# untouched DESC: checks that nothing outside the output folder changed.
untouched() {
    snapshot "$run" >"$tmp/after"
    if diff "$tmp/before" "$tmp/after" >"$tmp/diff"; then
        ok "$1: no file touched outside the output folder"
    else
        not_ok "$1: no file touched outside the output folder" "$tmp/diff"
    fi
}

# clean_env CMD...: runs CMD with only what a scene run needs in its environment.
clean_env() {
    env -i PATH="$PATH" HOME="$run/home" TMPDIR="$run/tmp" LANG=C.UTF-8 \
        ${DISPLAY:+DISPLAY="$DISPLAY"} \
        ${ASAN_OPTIONS:+ASAN_OPTIONS="$ASAN_OPTIONS"} \
        ${UBSAN_OPTIONS:+UBSAN_OPTIONS="$UBSAN_OPTIONS"} \
        ${LSAN_OPTIONS:+LSAN_OPTIONS="$LSAN_OPTIONS"} "$@"
}

# guarding_only: true when the script's time limit only guards against a
# hang (no "-- stderr:" text of the script says it ran past its time limit).
guarding_only() { ! header stderr "$script" | grep -qF "ran for more than"; }

# with_timeout S ARGS...: ARGS with --timeout S instead of theirs.
with_timeout() {
    wt=--timeout\ $1
    shift
    while [ $# -gt 0 ]; do
        case $1 in
        --timeout) [ $# -gt 1 ] && shift ;;
        --timeout=*) ;;
        *) wt="$wt $1" ;;
        esac
        shift
    done
    echo "$wt"
}

# guarded ARGS...: ARGS as the script runs with them: a time limit that
# only guards against a hang raised by TEST_SLOWDOWN and the machine's load
# (the header comment says why).
guarded() {
    if guarding_only; then
        with_timeout "$(awk -v t="$(timeout_of "$@")" -v f="$((slowdown * $(machine_load)))" \
            'BEGIN { print t * f }')" "$@"
    else
        echo "$*"
    fi
}

# timeout_of ARGS...: the --timeout the arguments give loom (its default: 10).
timeout_of() {
    t=10
    while [ $# -gt 0 ]; do
        case $1 in
        --timeout) t=$2; shift ;;
        --timeout=*) t=${1#--timeout=} ;;
        esac
        shift
    done
    echo "$t"
}

# check_texts NAME FILE: every "-- stderr:" text of the script is in FILE,
# and no "-- absent:" text.
check_texts() {
    header stderr "$script" >"$tmp/texts"
    while IFS= read -r text; do
        if grep -qF -- "$text" "$2"; then
            ok "$1: stderr says '$text'"
        else
            not_ok "$1: stderr says '$text'" "$2"
        fi
    done <"$tmp/texts"
    header absent "$script" >"$tmp/texts"
    while IFS= read -r text; do
        if grep -qF -- "$text" "$2"; then
            not_ok "$1: stderr does not say '$text'" "$2"
        else
            ok "$1: stderr does not say '$text'"
        fi
    done <"$tmp/texts"
}

# ---- headless scripts (render, sim) -----------------------------------------
run_headless() {
    name=$1 mode=$2
    # shellcheck disable=SC2086 # the args header is a list of words
    set -- $args
    within=$(header within "$script")
    [ -n "$within" ] || within=$(awk -v t="$(timeout_of "$@")" 'BEGIN { print t + 0.5 }')
    allowed=$(ms "$within")
    # shellcheck disable=SC2046 # a list of words
    set -- $(guarded "$@")
    limit=$(timeout_of "$@")
    # The outer timeout: twice the longer of the bound (in this build, at
    # the machine's load) and the time limit with the watchdog's grace, and 3 s.
    longest=$(($(ms "$limit") + 1500))
    [ $((allowed * slowdown * $(machine_load))) -gt "$longest" ] && longest=$((allowed * slowdown * $(machine_load)))
    guard=$(((longest + 999) / 1000 * 2 + 3))
    expect=$(header exit "$script")
    [ -n "$expect" ] || expect=1
    if [ "$mode" = sim ]; then
        set -- sim "$name.lua" --frames 3 "$@"
    else
        set -- render "$name.lua" --frames 3 --size 160x90 --out "$run/out" "$@"
    fi
    # ulimit -f: a flood of output is stopped (SIGXFSZ, which fails the run)
    # before it fills the disk; the 1 MiB cap is checked below.
    # "-- stdin: open": stdin is a pipe nobody writes to nor closes (a FIFO
    # the runner holds open), else /dev/null.
    input=/dev/null
    if [ "$(header stdin "$script")" = open ]; then
        input=$tmp/stdin
        rm -f "$input" && mkfifo "$input" && exec 7<>"$input"
    fi
    (cd "$run/scene" && ulimit -f 65536 &&
        rm -f "$tmp/clock" &&
        clean_env timeout -k 2 "$guard" "$runclock" "$tmp/clock" "$loom" "$@" <"$input" \
            >"$tmp/stdout" 2>"$tmp/stderr")
    status=$?
    [ "$input" = /dev/null ] || exec 7>&-
    read -r elapsed _ <"$tmp/clock" 2>/dev/null || elapsed=$((guard * 1000))
    set -- $(load_bound "$(waited_ms "$limit" "$tmp/stderr")" "$allowed" "$tmp/clock")
    bound=$1 stretch=$2
    if [ "$status" -eq 124 ] || [ "$status" -eq 137 ]; then
        not_ok "$name: ends by itself (killed by the outer timeout after ${guard} s)" "$tmp/stderr"
    elif [ "$status" -ge 128 ]; then
        not_ok "$name: no signal (status $status)" "$tmp/stderr"
    else
        ok "$name: no signal (status $status)"
    fi
    if [ "$status" -eq "$expect" ]; then
        ok "$name: exit status $expect"
    else
        not_ok "$name: exit status $expect (got $status)" "$tmp/stderr"
    fi
    check_texts "$name" "$tmp/stderr"
    if [ "$elapsed" -le "$bound" ]; then
        ok "$name: ends within $within s (${elapsed} ms; load x$stretch, bound $bound ms)"
    else
        not_ok "$name: ends within $within s (took ${elapsed} ms; load x$stretch, bound $bound ms)"
    fi
    size=$(($(wc -c <"$tmp/stdout") + $(wc -c <"$tmp/stderr")))
    cap=$(output_cap)
    if [ "$size" -lt "$cap" ]; then
        ok "$name: output under $((cap >> 20)) MiB ($size bytes)"
    else
        not_ok "$name: output under $((cap >> 20)) MiB ($size bytes)"
    fi
    untouched "$name"
}

# ---- window scripts -------------------------------------------------------------
# wait_text TEXT FILE TENTHS: true once FILE holds TEXT (a fixed string),
# within TENTHS tenths of a second times TEST_SLOWDOWN.
wait_text() {
    tries=$(($3 * slowdown))
    while [ "$tries" -gt 0 ]; do
        grep -qF -- "$1" "$2" 2>/dev/null && return 0
        sleep 0.1; tries=$((tries - 1))
    done
    return 1
}
count() { grep -cF -- "$1" "$2" 2>/dev/null; }
# save FILE SOURCE: replaces FILE by SOURCE as an editor does (temp + rename).
save() { cp "$2" "$1.tmp~" && mv "$1.tmp~" "$1"; }
xvfb_started=no
start_xvfb() {
    [ "$xvfb_started" = no ] || return 0
    xvfb_started=failed
    # The parent's Xvfb, when window scripts run one at a time.
    if [ -n "$HOSTILE_SHARED_DISPLAY" ]; then
        DISPLAY=$HOSTILE_SHARED_DISPLAY
        export DISPLAY
    else
        xvfb_start 800x600x24 || return 1
    fi
    xvfb_started=yes
}

# open_on_good_scene NAME ARGS...: moves the hostile scene aside, opens the
# window (loom NAME.lua --size 320x180 ARGS..., in the run's clean
# environment, pid in loom_pid) on a good scene and waits up to 10 s (times
# TEST_SLOWDOWN) for it; window is its id, or empty (reported) when it did
# not open.
open_on_good_scene() {
    name=$1
    shift
    good=$tmp/good.lua
    printf 'local w = loom.world{}\nw:particle{ pos = {0, 0} }\nprint("good scene")\nreturn w\n' >"$good"
    mv "$scene" "$tmp/hostile.lua"
    cp "$good" "$scene"
    own=$name.lua
    snapshot "$run" >"$tmp/before"
    : >"$tmp/stdout"; : >"$tmp/stderr"
    (cd "$run/scene" && ulimit -f 65536 &&
        exec env -i PATH="$PATH" HOME="$run/home" TMPDIR="$run/tmp" LANG=C.UTF-8 DISPLAY="$DISPLAY" \
            ${ASAN_OPTIONS:+ASAN_OPTIONS="$ASAN_OPTIONS"} ${UBSAN_OPTIONS:+UBSAN_OPTIONS="$UBSAN_OPTIONS"} \
            ${LSAN_OPTIONS:+LSAN_OPTIONS="$LSAN_OPTIONS"} \
            "$loom" "$name.lua" --size 320x180 "$@" >"$tmp/stdout" 2>"$tmp/stderr") &
    loom_pid=$!
    window=
    tries=$((100 * slowdown))
    while [ -z "$window" ] && [ "$tries" -gt 0 ]; do
        sleep 0.1; tries=$((tries - 1))
        window=$(xdotool search --name "loom - $name.lua" 2>/dev/null | tail -n 1)
    done
    if [ -z "$window" ]; then
        not_ok "$name: the window opens on a good scene" "$tmp/stderr"
    else
        ok "$name: the window opens on a good scene"
    fi
}

run_window() {
    name=$1
    if ! need_window "$name" || ! start_xvfb || [ "$xvfb_started" != yes ]; then
        return
    fi
    # shellcheck disable=SC2086
    set -- $args
    within=$(header within "$script")
    [ -n "$within" ] || within=$(awk -v t="$(timeout_of "$@")" 'BEGIN { print t + 0.5 }')
    # A save is noticed within about a quarter of a second (hot reload).
    allowed=$(($(ms "$within") + 500))
    # shellcheck disable=SC2046 # a list of words
    set -- $(guarded "$@")
    limit=$(timeout_of "$@")
    expect=$(header exit "$script")
    [ -n "$expect" ] || expect=0
    open_on_good_scene "$name" "$@"
    sleep 0.5
    save "$scene" "$tmp/hostile.lua"
    # "-- keys: K...": keys pressed a second after the save (R reloads).
    keys=$(header keys "$script")
    if [ -n "$keys" ] && [ -n "$window" ]; then
        sleep 1
        for k in $keys; do xdotool key "$k" 2>/dev/null; done
    fi
    # The bound is stretched by the window process's load since the save
    # (as runclock's report would be: load_bound in tests/lib.sh).
    header stderr "$script" >"$tmp/texts"
    saved_at=$(now_ms)
    set -- $(schedstat_ms "$loom_pid")
    ran0=$1 waited0=$2
    while IFS= read -r text; do
        while :; do
            grep -qF -- "$text" "$tmp/stderr" && said=yes && break
            set -- $(schedstat_ms "$loom_pid")
            echo "$(($(now_ms) - saved_at)) $(($1 - ran0)) $(($2 - waited0))" >"$tmp/clock"
            read -r elapsed _ <"$tmp/clock"
            set -- $(load_bound "$(waited_ms "$limit" "$tmp/stderr")" "$allowed" "$tmp/clock")
            [ "$elapsed" -gt "$1" ] && said=no && break
            sleep 0.1
        done
        if [ "$said" = yes ]; then
            ok "$name: the window says '$text' within $within s of the save"
        else
            not_ok "$name: the window says '$text' within $within s of the save (load x$2, bound $1 ms)" "$tmp/stderr"
        fi
    done <"$tmp/texts"
    # Still answering: a key is handled (P saves a screenshot), a good save loads.
    [ -n "$window" ] && xdotool key p 2>/dev/null
    if wait_text "saved screenshot" "$tmp/stdout" 30; then
        ok "$name: the window still answers a key"
    else
        not_ok "$name: the window still answers a key" "$tmp/stderr"
    fi
    reloads=$(count "loom: reloaded" "$tmp/stderr")
    printf 'local w = loom.world{}\nw:particle{ pos = {1, 0} }\nprint("fixed scene")\nreturn w\n' >"$good"
    save "$scene" "$good"
    tries=$((40 * slowdown))
    while [ "$(count "loom: reloaded" "$tmp/stderr")" -le "$reloads" ] && [ "$tries" -gt 0 ]; do
        sleep 0.1; tries=$((tries - 1))
    done
    if [ "$tries" -gt 0 ] && wait_text "fixed scene" "$tmp/stdout" 20; then
        ok "$name: the next good save loads"
    else
        not_ok "$name: the next good save loads" "$tmp/stderr"
    fi
    [ -n "$window" ] && xdotool key Escape 2>/dev/null
    tries=$((50 * slowdown))
    while kill -0 "$loom_pid" 2>/dev/null && [ "$tries" -gt 0 ]; do sleep 0.1; tries=$((tries - 1)); done
    kill -0 "$loom_pid" 2>/dev/null && kill -9 "$loom_pid"
    wait "$loom_pid"
    status=$?
    loom_pid=
    if [ "$status" -eq "$expect" ]; then
        ok "$name: Esc quits with status $expect"
    else
        not_ok "$name: Esc quits with status $expect (got $status)" "$tmp/stderr"
    fi
    size=$(($(wc -c <"$tmp/stdout") + $(wc -c <"$tmp/stderr")))
    cap=$(output_cap)
    if [ "$size" -lt "$cap" ]; then
        ok "$name: output under $((cap >> 20)) MiB ($size bytes)"
    else
        not_ok "$name: output under $((cap >> 20)) MiB ($size bytes)"
    fi
    untouched "$name"
    own=
}

# ---- window scripts that must be answered while stuck ------------------------
# "-- answers: S": the script is saved over a good scene and gets stuck in a
# long call (give it a long --timeout); the window must still act within S
# seconds: a save of a good scene loads it, and (the script saved and stuck
# again) Esc quits. The bound is stretched by the window process's own load
# (load_bound in tests/lib.sh).
# answered DESC START_MS RAN0 WAITED0 ALLOWED_MS TEST...: waits until TEST
# succeeds; ok when that is within the (load-stretched) bound.
answered() {
    desc=$1 started=$2 ran0=$3 waited0=$4 allowed=$5
    shift 5
    bound=$allowed
    while :; do
        answer=no
        "$@" && answer=yes
        elapsed=$(($(now_ms) - started))
        sched=$(schedstat_ms "$loom_pid")
        ran=${sched% *} waited=${sched#* }
        if [ "$ran" -gt 0 ] && [ "$ran" -ge "$ran0" ]; then
            echo "$elapsed $((ran - ran0)) $((waited - waited0))" >"$tmp/clock"
            bound=$(load_bound 0 "$allowed" "$tmp/clock" | cut -d' ' -f1)
        fi
        if [ "$answer" = yes ]; then
            if [ "$elapsed" -le "$bound" ]; then
                ok "$desc (${elapsed} ms, bound $bound ms)"
            else
                not_ok "$desc (took ${elapsed} ms, bound $bound ms)" "$tmp/stderr"
            fi
            return
        fi
        if [ "$elapsed" -gt $((bound + 3000)) ]; then
            not_ok "$desc (not within $bound ms)" "$tmp/stderr"
            return
        fi
        sleep 0.05
    done
}
has_fixed() { grep -qF "fixed scene" "$tmp/stdout"; }
loom_gone() { ! kill -0 "$loom_pid" 2>/dev/null; }

run_answers() {
    name=$1 within=$2
    if ! need_window "$name" || ! start_xvfb || [ "$xvfb_started" != yes ]; then
        return
    fi
    # shellcheck disable=SC2086
    set -- $args
    allowed=$(ms "$within")
    # shellcheck disable=SC2046 # a list of words
    set -- $(guarded "$@")
    open_on_good_scene "$name" "$@"
    if [ -z "$window" ]; then
        kill "$loom_pid" 2>/dev/null; wait "$loom_pid"; loom_pid=
        return
    fi
    sleep 0.5
    # 1. Stuck, then a good save: it loads.
    save "$scene" "$tmp/hostile.lua"
    sleep 1
    printf 'local w = loom.world{}\nw:particle{ pos = {1, 0} }\nprint("fixed scene")\nreturn w\n' >"$good"
    save "$scene" "$good"
    sched=$(schedstat_ms "$loom_pid")
    answered "$name: stuck, a save loads within $within s" "$(now_ms)" "${sched% *}" "${sched#* }" \
        "$allowed" has_fixed
    # 2. Stuck again, then Esc: it quits.
    save "$scene" "$tmp/hostile.lua"
    sleep 1
    xdotool key --window "$window" Escape 2>/dev/null || xdotool key Escape 2>/dev/null
    sched=$(schedstat_ms "$loom_pid")
    answered "$name: stuck, Esc quits within $within s" "$(now_ms)" "${sched% *}" "${sched#* }" \
        "$allowed" loom_gone
    kill -9 "$loom_pid" 2>/dev/null
    wait "$loom_pid"
    loom_pid=
    check_texts "$name" "$tmp/stderr"
    size=$(($(wc -c <"$tmp/stdout") + $(wc -c <"$tmp/stderr")))
    cap=$(output_cap)
    if [ "$size" -lt "$cap" ]; then
        ok "$name: output under $((cap >> 20)) MiB ($size bytes)"
    else
        not_ok "$name: output under $((cap >> 20)) MiB ($size bytes)"
    fi
    untouched "$name"
    own=
}

# ---- the battery --------------------------------------------------------------
# Without "--one", the runner runs itself once per script ("--one NAME", each
# with its own temporary folder): HOSTILE_JOBS (default 2) headless scripts
# at a time, then the window scripts (HOSTILE_WINDOW_JOBS, default 1: their
# time bounds are wall-clock and the machine may be shared); it prints their
# lines in order and sums them.
if [ "$1" != --one ]; then
    dir=${HOSTILE_DIR:-$here/hostile}
    : >"$tmp/headless"; : >"$tmp/windows"
    for script in "$dir"/*.lua; do
        [ -f "$script" ] || continue
        name=$(basename "$script" .lua)
        wanted "$name" "$@" || continue
        if [ "$(header mode "$script")" = window ]; then echo "$name" >>"$tmp/windows"
        else echo "$name" >>"$tmp/headless"; fi
    done
    one() { xargs -P "$1" -I NAME sh -c 'sh "$0" "$1" --one NAME >"$2/out_NAME" 2>&1' "$here/cli_hostile.sh" "$build" "$tmp"; }
    one "${HOSTILE_JOBS:-2}" <"$tmp/headless"
    if [ -s "$tmp/windows" ] && ! need_window "the window scripts ($(tr '\n' ' ' <"$tmp/windows" | sed 's/ $//'))"; then
        : >"$tmp/windows"
    elif [ "${HOSTILE_WINDOW_JOBS:-1}" -eq 1 ] && [ -s "$tmp/windows" ] && start_xvfb &&
        [ "$xvfb_started" = yes ]; then
        HOSTILE_SHARED_DISPLAY=$DISPLAY
        export HOSTILE_SHARED_DISPLAY
        one 1 <"$tmp/windows"
        unset HOSTILE_SHARED_DISPLAY
    else
        one "${HOSTILE_WINDOW_JOBS:-1}" <"$tmp/windows"
    fi
    scripts=0
    for name in $(cat "$tmp/headless" "$tmp/windows"); do
        scripts=$((scripts + 1))
        grep -v -E '^[0-9]+ passed, [0-9]+ failed|^# 1 hostile scripts' "$tmp/out_$name"
        skipped_here=$(grep -c '^ok - .* # SKIP ' "$tmp/out_$name")
        pass=$((pass + $(grep -c '^ok - ' "$tmp/out_$name") - skipped_here))
        fail=$((fail + $(grep -c '^not ok - ' "$tmp/out_$name")))
        skip=$((skip + skipped_here))
        grep -q -E '^[0-9]+ passed, [0-9]+ failed' "$tmp/out_$name" ||
            not_ok "$name: the runner ends with a summary line" "$tmp/out_$name"
    done
    echo "# $scripts hostile scripts"
    finish
    exit
fi
shift # --one NAME...
scripts=0
for script in "${HOSTILE_DIR:-$here/hostile}"/*.lua; do
    [ -f "$script" ] || continue
    name=$(basename "$script" .lua)
    wanted "$name" "$@" || continue
    scripts=$((scripts + 1))
    what=$(header hostile "$script")
    [ -n "$what" ] || not_ok "$name: has a '-- hostile:' line saying what it tries"
    echo "# $name: $what"
    args=$(header args "$script")
    [ -n "$args" ] || args="--timeout 2 --memory 64"
    mode=$(header mode "$script")
    [ -n "$mode" ] || mode=render
    if { [ "$(header precompile "$script")" = luac ] || [ -n "$(header bytecode "$script")" ]; } &&
        ! need luac5.4 lua5.4 "$name"; then
        continue
    fi
    if [ "$(header generate "$script")" = lua5.4 ] && ! need lua5.4 lua5.4 "$name"; then
        continue
    fi
    if ! prepare "$name" "$script"; then
        not_ok "$name: prepared"
        continue
    fi
    case $mode in
    render | sim) run_headless "$name" "$mode" ;;
    window)
        answers=$(header answers "$script")
        if [ -n "$answers" ]; then run_answers "$name" "$answers"; else run_window "$name"; fi
        ;;
    *) not_ok "$name: mode '$mode' is render, sim or window" ;;
    esac
    rm -rf "$run"
done
echo "# $scripts hostile scripts"
finish
