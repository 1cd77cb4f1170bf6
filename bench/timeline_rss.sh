#!/bin/sh
# The window's timeline under a long run: a scene of 10,000 particles in a
# box runs for SECONDS (default 600) in a window under Xvfb, and its resident
# memory (VmRSS) is printed every 30 s, with the timeline's own account when
# the window closes. The timeline's cap is a quarter of --memory (MEMORY MiB,
# default 1024: 256 MiB), so the resident memory must level off at about the
# start's plus the cap. tests/cli_timeline_memory.sh is the short version.
# Usage: sh bench/timeline_rss.sh BUILD_DIR [SECONDS] [MEMORY_MIB] [WxH]
build=${1:-build}
seconds=${2:-600}
memory=${3:-1024}
size=${4:-1280x720}
loom=$(cd "$(dirname "$build/loom")" && pwd)/loom
for program in Xvfb xdotool; do
    if ! command -v "$program" >/dev/null 2>&1; then
        echo "timeline_rss: skipped ($program is not installed: apt-get install xvfb xdotool)"
        exit 0
    fi
done
tmp=$(mktemp -d)
xvfb_pid=
loom_pid=
trap '[ -n "$loom_pid" ] && kill "$loom_pid" 2>/dev/null; [ -n "$xvfb_pid" ] && kill "$xvfb_pid" 2>/dev/null; rm -rf "$tmp"' EXIT
Xvfb -displayfd 3 -screen 0 2048x1280x24 -nolisten tcp 3>"$tmp/display" 2>"$tmp/xvfb.log" &
xvfb_pid=$!
tries=50
while [ ! -s "$tmp/display" ] && [ $tries -gt 0 ]; do sleep 0.1; tries=$((tries - 1)); done
DISPLAY=:$(cat "$tmp/display")
export DISPLAY

cat >"$tmp/many.lua" <<'LUA'
-- 10,000 particles thrown around a box: every picture differs from the last
local world = loom.world{ gravity = { 0, -9.81, 0 } }
world:box{ min = { -5, -5, -1 }, max = { 5, 5, 1 } }
local random = loom.random
for i = 1, 10000 do
  world:particle{ pos = { random() * 9 - 4.5, random() * 9 - 4.5 },
                  vel = { random() * 6 - 3, random() * 6 - 3 } }
end
loom.camera{ projection = "orthographic", target = { 0, 0 }, height = 11 }
return world
LUA
rss() { sed -n 's/^VmRSS:[[:space:]]*\([0-9]*\) kB/\1/p' "/proc/$1/status" 2>/dev/null; }

"$loom" "$tmp/many.lua" --size "$size" --memory "$memory" >/dev/null 2>"$tmp/err" &
loom_pid=$!
xdotool search --sync --name "loom - many.lua" >/dev/null 2>&1
echo "timeline_rss: 10,000 particles at $size, --memory $memory (timeline cap $((memory / 4)) MiB), $seconds s"
elapsed=0
while [ "$elapsed" -lt "$seconds" ]; do
    step=30
    [ $((seconds - elapsed)) -lt $step ] && step=$((seconds - elapsed))
    sleep "$step"
    elapsed=$((elapsed + step))
    echo "  ${elapsed} s: resident $(($(rss "$loom_pid") / 1024)) MiB"
done
xdotool search --name "loom - many.lua" key Escape >/dev/null 2>&1
wait "$loom_pid"
loom_pid=
grep "^loom: \(timeline\|window\):" "$tmp/err" | sed 's/^/  /'
