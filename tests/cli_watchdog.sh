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
. "$(dirname "$0")/lib.sh"

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
if command -v ffmpeg >/dev/null 2>&1; then video="--video $tmp/out.mp4"; fi
start=$(date +%s%N)
(cd "$tmp" && "$loom" render scene.lua --trust --timeout 1 --frames 40 --size 160x90 \
    --out "$tmp/frames" $video) >"$tmp/stdout" 2>"$tmp/stderr"
status=$?
took=$((($(date +%s%N) - start) / 1000000))
check "the watchdog ends the run with status 1" '[ "$status" -eq 1 ]' "status $status"
message="loom: scene.lua: script ran for more than 1 s and did not stop; the watchdog ended the run 1 s later"
check "it says so word for word" 'grep -qxF "$message" "$tmp/stderr"' "$(cat "$tmp/stderr")"
# The limit, the watchdog's second, its look every 0.1 s, and room for a loaded machine.
check "it ends within the limit plus 1.6 s ($took ms)" '[ "$took" -lt 3600 ]'
check "the frames before the loop are written (10)" \
    '[ "$(ls "$tmp/frames" | grep -c "^frame_000[0-9][0-9].png$")" -ge 10 ]' "$(ls "$tmp/frames" | tr '\n' ' ')"
check "no temporary frame file is left" '[ -z "$(ls "$tmp/frames" | grep -v "^frame_[0-9]*\.png$")" ]' \
    "$(ls "$tmp/frames" | tr '\n' ' ')"
if [ -n "$video" ]; then
    check "no partial video is left" '[ ! -e "$tmp/out.mp4" ]'
    check "ffmpeg is not left running" '! pgrep -f "$tmp/out.mp4" >/dev/null'
else
    echo "# skip: ffmpeg is not installed (the video checks)"
fi
finish
