#!/bin/sh
# End-to-end: the watchdog (app/watchdog.c) ends a headless run whose script call is still
# running a second past --timeout, here a finalizer looping during a collection under --trust
# (Lua runs finalizers with hooks off, so nothing else can stop it), while frames are written
# as PNGs and fed to ffmpeg: exit status 1, the message word for word, the frames written before
# complete, no temporary frame file and no partial video left, ffmpeg not left running.
# Usage: sh tests/cli_watchdog.sh BUILD_DIR
# Prints "ok - ..." or "not ok - ..." per check and ends with "N passed, N failed".
build=${1:-build}
loom=$(cd "$build" && pwd)/loom
runclock=$(cd "$build" && pwd)/tests/runclock
. "$(dirname "$0")/lib.sh"
require_built "$loom" "$runclock"

check() { if eval "$2"; then ok "$1"; else not_ok "$1" "$3"; fi; }

cat >"$tmp/scene.lua" <<'LUA'
local w = loom.world{}
w:particle{pos = {0, 0}}
local frames = 0
function loom.update()
    frames = frames + 1
    if frames == 10 then -- the 11th frame's update
        setmetatable({}, {__gc = function() while true do end end})
        collectgarbage()
    end
end
return w
LUA
video=""
need ffmpeg ffmpeg "no partial video is left, ffmpeg is not left running" && video="--video $tmp/out.mp4"
(cd "$tmp" && "$runclock" "$tmp/clock" "$loom" render scene.lua --trust --timeout 1 --frames 40 \
    --size 160x90 --out "$tmp/frames" $video) >"$tmp/stdout" 2>"$tmp/stderr"
status=$?
read -r took _ <"$tmp/clock"
# The limit is a wall-clock wait; the rest (the watchdog's second, which
# counts the main thread's own time, the frames before the loop and
# ffmpeg's start, the watchdog's look every 0.05 s, the end) gets 2.6 s on
# an idle machine, stretched by the run's own load (tests/lib.sh).
set -- $(load_bound 1000 3600 "$tmp/clock")
bound=$1 stretch=$2
check "the watchdog ends the run with status 1" '[ "$status" -eq 1 ]' "status $status"
message="loom: scene.lua: script ran for more than 1 s and did not stop; the watchdog ended the run 1 s later"
check "it says so word for word" 'grep -qxF "$message" "$tmp/stderr"' "$(cat "$tmp/stderr")"
check "it ends within the limit, the watchdog's second and 1.6 s ($took ms; load x$stretch, bound $bound ms)" \
    '[ "$took" -le "$bound" ]'
check "the frames before the loop are written (10)" \
    '[ "$(ls "$tmp/frames" | grep -c "^frame_000[0-9][0-9].png$")" -ge 10 ]' "$(ls "$tmp/frames" | tr '\n' ' ')"
check "no temporary frame file is left" '[ -z "$(ls "$tmp/frames" | grep -v "^frame_[0-9]*\.png$")" ]' \
    "$(ls "$tmp/frames" | tr '\n' ' ')"
if [ -n "$video" ]; then
    check "no partial video is left" '[ ! -e "$tmp/out.mp4" ]'
    need pgrep procps "ffmpeg is not left running" &&
        check "ffmpeg is not left running" '! pgrep -f "$tmp/out.mp4" >/dev/null'
fi
finish
