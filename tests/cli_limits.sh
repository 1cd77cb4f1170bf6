#!/bin/sh
# End-to-end: limits and files that the hostile battery (tests/cli_hostile.sh)
# cannot see from inside its temporary root (issue 25):
#   - worker threads: 30 worlds asking for 64 threads each run on one budget
#     of 64 workers per process (counted by the kernel: /proc/PID/status),
#     and a world collected gives its workers back;
#   - outputs replace only regular files: --csv /dev/null (as root it would
#     have replaced the device), a FIFO where a frame goes in --out, a
#     symbolic link left where a temporary file goes (never followed), and
#     the window's screenshots and recordings over a dangling link;
#   - the window's list of watched files: one file under many names is one
#     entry (a scene naming its file ./a.lua, .//a.lua, ... grew it without end);
#   - a mouse callback that loops is stopped by the time limit in the window.
# Usage: sh tests/cli_limits.sh BUILD_DIR
build=${1:-build}
loom=$(cd "$(dirname "$build/loom")" 2>/dev/null && pwd)/loom
. "$(dirname "$0")/lib.sh"
require_built "$loom"

run_loom() {
    "$loom" "$@" >"$tmp/out" 2>"$tmp/err"
    status=$?
}
has() { grep -qF -- "$1" "$2"; }

# ---- worker threads ------------------------------------------------------
# A world of 64 threads with work for them, its workers started; both
# scenes below load it (dofile reads the scene's own folder).
cat >"$tmp/threaded_world.lua" <<'LUA'
local w = loom.world{ threads = 64, order = "batched" }
local previous
for j = 1, 64 do
    local p = w:particle{ pos = { j, 0 } }
    if previous then w:stick(previous, p) end
    previous = p
end
w:step() -- starts the world's worker threads
return w
LUA
cat >"$tmp/threads.lua" <<'LUA'
local worlds = {}
for i = 1, 30 do
    worlds[i] = dofile("threaded_world.lua")
end
local total = 0
for i = 1, 30 do total = total + worlds[i]:settings().threads end
print("threads given " .. total)
function loom.update()
    local t = os.clock()
    while os.clock() - t < 0.2 do end -- time for the test to count
end
return worlds[1]
LUA
"$loom" sim "$tmp/threads.lua" --frames 20 --timeout 20 >"$tmp/out" 2>"$tmp/err" &
pid=$!
wait_for "threads given" "$tmp/out" 20
sleep 0.5
threads=$(sed -n 's/^Threads:[[:space:]]*//p' "/proc/$pid/status" 2>/dev/null)
wait $pid
check "30 worlds of 64 threads are given 94 in all (64 workers per process)" has "threads given 94" "$tmp/out"
if [ -n "$threads" ] && [ "$threads" -le 70 ]; then
    ok "... and the process runs $threads threads (the workers, the main thread, the watchdog)"
else
    not_ok "... and the process runs at most 70 threads (counted ${threads:-none})" "$tmp/err"
fi

# A world gives its workers back when it is collected (--trust, for
# collectgarbage and /proc/self/status): 10 worlds of 64 threads one after
# the other, each dropped and collected, are each given all 64; without the
# give-back the second would get 2 (the first keeps 63 of the 64 workers).
cat >"$tmp/threads_back.lua" <<'LUA'
local function os_threads()
    for line in io.lines("/proc/self/status") do
        local n = line:match("^Threads:%s*(%d+)")
        if n then return tonumber(n) end
    end
end
local function run_one()
    return dofile("threaded_world.lua"):settings().threads
end
local given, most = {}, 0
for i = 1, 10 do
    given[i] = run_one()
    most = math.max(most, os_threads())
    -- loom holds the latest world made (for a scene that returns none):
    -- a world of one thread takes its place, and the collector frees the
    -- world of 64, which gives its workers back
    loom.world{}
    collectgarbage()
end
print("threads given " .. table.concat(given, " "))
print("most OS threads " .. most)
return loom.world{}
LUA
# From the scene's folder: a trusted scene's dofile is Lua's own, relative
# to the working directory.
here=$(pwd)
cd "$tmp" && run_loom sim threads_back.lua --frames 1 --trust --timeout 20
cd "$here" || exit 1
check "10 worlds of 64 threads, each collected before the next, are each given 64" \
    has "threads given 64 64 64 64 64 64 64 64 64 64" "$tmp/out"
most=$(sed -n 's/^most OS threads //p' "$tmp/out")
if [ "$status" -eq 0 ] && [ -n "$most" ] && [ "$most" -le 70 ]; then
    ok "... with at most $most OS threads at a time and no error"
else
    not_ok "... with at most 70 OS threads at a time and no error (status $status, counted ${most:-none})" "$tmp/err"
fi

# ---- outputs replace only regular files ---------------------------------
printf 'return loom.world{}\n' >"$tmp/empty.lua"
if [ "$(id -u)" -eq 0 ]; then
    run_loom sim "$tmp/empty.lua" --frames 2 --csv /dev/null
    check "--csv /dev/null (as root): exit 1" [ "$status" -eq 1 ]
    check "... saying why" has "loom: --csv: '/dev/null' is not a regular file: loom replaces only regular files" "$tmp/err"
    check "... and /dev/null is still a character device" [ -c /dev/null ]
    check "... with no /dev/null.tmp left" [ ! -e /dev/null.tmp ]
else
    skipped "--csv /dev/null as root" "not run as root (the device could only be replaced by root)"
fi
mkdir -p "$tmp/frames"
mkfifo "$tmp/frames/frame_00001.png"
run_loom render "$tmp/empty.lua" --frames 3 --size 64x48 --out "$tmp/frames"
check "--out with a FIFO where a frame goes: exit 1 before the scene runs" [ "$status" -eq 1 ]
check "... saying why" has "loom: --out: '$tmp/frames/frame_00001.png' is not a regular file: loom replaces only regular files" "$tmp/err"
check "... and the FIFO is still there" [ -p "$tmp/frames/frame_00001.png" ]
echo "keep me" >"$tmp/target.txt"
ln -s "$tmp/target.txt" "$tmp/table.csv.tmp"
run_loom sim "$tmp/empty.lua" --frames 2 --csv "$tmp/table.csv"
check "a link left where the CSV's temporary file goes: the run succeeds" [ "$status" -eq 0 ]
check "... and writes its CSV" [ -f "$tmp/table.csv" ]
check "... without writing through the link" [ "$(cat "$tmp/target.txt")" = "keep me" ]
ln -s "$tmp/target.txt" "$tmp/linked.csv"
run_loom sim "$tmp/empty.lua" --frames 2 --csv "$tmp/linked.csv"
check "--csv naming a link: exit 1" [ "$status" -eq 1 ]
check "... the link left as it was" [ -L "$tmp/linked.csv" ]
check "... and its target unchanged" [ "$(cat "$tmp/target.txt")" = "keep me" ]

# ---- the window's watched files -----------------------------------------
if need_window "the window's list of watched files"; then
    xvfb_start 640x480x24 && {
        mkdir -p "$tmp/scene"
        printf 'return 1\n' >"$tmp/scene/mod.lua"
        i=0
        while [ $i -lt 300 ]; do printf 'return %d\n' $i >"$tmp/scene/m$i.lua"; i=$((i + 1)); done
        cat >"$tmp/scene/names.lua" <<'LUA'
-- one file under 300 names (./mod.lua, .//mod.lua, ...), then 200 others:
-- 201 files, under the 256 watched
for i = 1, 300 do dofile(("./"):rep(i % 60 + 1) .. ("/"):rep(i // 60) .. "mod.lua") end
for i = 0, 199 do dofile("m" .. i .. ".lua") end
print("loaded")
return loom.world{}
LUA
        (cd "$tmp/scene" && exec "$loom" names.lua --size 320x180 >"$tmp/out" 2>"$tmp/err") &
        loom_pid=$!
        wait_for "loaded" "$tmp/out" 20
        sleep 0.3
        if grep -q "more than 256 files" "$tmp/err"; then
            not_ok "a file read under 300 names is watched once (201 files: under the cap)" "$tmp/err"
        else
            ok "a file read under 300 names is watched once (201 files: under the cap)"
        fi
        kill "$loom_pid" 2>/dev/null; wait "$loom_pid"; loom_pid=
        cat >"$tmp/scene/many.lua" <<'LUA'
for i = 0, 299 do dofile("m" .. i .. ".lua") end
print("loaded")
return loom.world{}
LUA
        (cd "$tmp/scene" && exec "$loom" many.lua --size 320x180 >"$tmp/out" 2>"$tmp/err") &
        loom_pid=$!
        wait_for "loaded" "$tmp/out" 20
        sleep 0.3
        check "300 files: the first 256 are watched, and loom says so once" \
            [ "$(grep -c 'loom: the scene read more than 256 files: later ones are not watched for changes' "$tmp/err")" -eq 1 ]
        kill "$loom_pid" 2>/dev/null; wait "$loom_pid"; loom_pid=

        # The window's screenshots (P) and recordings (V) replace only
        # regular files: a dangling link where the next screenshot or
        # recording goes is refused (not followed, not replaced), and a link
        # left where a screenshot's temporary file goes is not written through.
        # link_kept LINK TARGET: LINK is still a link and TARGET was not made.
        link_kept() { [ -L "$1" ] && [ ! -e "$2" ]; }
        # saved_past_link FILE TARGET: FILE is a regular file, not a link,
        # FILE.tmp is gone, and TARGET (where FILE.tmp pointed) is unchanged.
        saved_past_link() { [ -f "$1" ] && [ ! -L "$1" ] && [ ! -e "$1.tmp" ] && [ "$(cat "$2")" = "keep me" ]; }
        mkdir -p "$tmp/shots/screenshots"
        printf 'local w = loom.world{}\nw:particle{ pos = {0, 0} }\nprint("loaded")\nreturn w\n' >"$tmp/shots/shot.lua"
        ln -s "$tmp/outside.png" "$tmp/shots/screenshots/shot-001.png"
        ln -s "$tmp/outside.mp4" "$tmp/shots/shot-rec-001.mp4"
        echo "keep me" >"$tmp/shot_target.txt"
        open_window "$tmp/shots" shot.lua 20 --size 320x180
        wait_for "loaded" "$tmp/out" 20
        xdotool key --window "$window" p
        check "P with a dangling link where the screenshot goes: refused, said" \
            wait_for "loom: 'screenshots/shot-001.png' is not a regular file: loom replaces only regular files" "$tmp/err" 10
        check "... the link left as it was, nothing written where it points" \
            link_kept "$tmp/shots/screenshots/shot-001.png" "$tmp/outside.png"
        rm "$tmp/shots/screenshots/shot-001.png"
        ln -s "$tmp/shot_target.txt" "$tmp/shots/screenshots/shot-001.png.tmp"
        xdotool key --window "$window" p
        check "a link where the screenshot's temporary file goes: the screenshot is saved" \
            wait_for "saved screenshot screenshots/shot-001.png" "$tmp/out" 10
        check "... a regular file, without writing through the link" \
            saved_past_link "$tmp/shots/screenshots/shot-001.png" "$tmp/shot_target.txt"
        if need ffmpeg ffmpeg "a recording over a link"; then
            xdotool key --window "$window" v
            check "V with a dangling link where the recording goes: refused, said" \
                wait_for "loom: cannot record: 'shot-rec-001.mp4' is not a regular file: loom replaces only regular files" "$tmp/err" 10
            check "... the link left as it was, nothing written where it points" \
                link_kept "$tmp/shots/shot-rec-001.mp4" "$tmp/outside.mp4"
        fi
        kill "$loom_pid" 2>/dev/null; wait "$loom_pid"; loom_pid=

        # A mouse callback is one call under the time limit: a click runs a
        # loom.mousepressed that never returns; the window stops it, says
        # so with its line, and still answers (P saves a screenshot).
        mkdir -p "$tmp/click"
        cat >"$tmp/click/click.lua" <<'LUA'
local w = loom.world{}
w:particle{ pos = {0, 0} }
function loom.mousepressed(x, y, button)
    while button == 1 do end
end
print("loaded")
return w
LUA
        open_window "$tmp/click" click.lua 20 --size 320x180 --timeout 1
        wait_for "loaded" "$tmp/out" 20
        # A screenshot first: the window is on screen and reading events, so
        # the click is not lost (a slow build prints "loaded" well before).
        window_shot click_ready
        xdotool mousemove --window "$window" 160 90 click 1
        check "a click whose loom.mousepressed loops: stopped by the time limit at its line" \
            wait_for "click.lua:4: script ran for more than 1 s (raise it with --timeout)" "$tmp/err" 10
        xdotool mousemove --window "$window" 600 20
        window_shot click_after
        check "... and the window still answers a key (P saved a screenshot)" \
            sh -c '[ -f "$1" ] && [ -f "$2" ]' - "$tmp/click_ready.png" "$tmp/click_after.png"
        kill "$loom_pid" 2>/dev/null; wait "$loom_pid"; loom_pid=
    }
fi
finish
