#!/bin/sh
# The timeline's memory stays under its cap: 10,000 particles thrown around a
# box, under discs of random colours, run for 12 s in a window with --memory
# 24 (a timeline cap of 6 MiB, reached within seconds: every picture differs
# from the last, all over); the window's
# own account says it never held more than the cap, and its resident memory
# (VmRSS) grows by no more than the cap (plus 8 MiB of slack) from 3 s on.
# In a slower build (TEST_SLOWDOWN, make check) the run is that many times
# longer, to draw as many pictures; under AddressSanitizer resident memory
# is not measured (its quarantine keeps freed blocks resident; its leak
# check at exit stands in).
# The long version is bench/timeline_rss.sh (10 minutes).
# Usage: sh tests/cli_timeline_memory.sh BUILD_DIR
build=${1:-build}
loom=$(cd "$(dirname "$build/loom")" && pwd)/loom
. "$(dirname "$0")/lib.sh"

require_built "$loom"
if ! need_window "the timeline's memory checks" || ! xvfb_start 1024x768x24; then
    finish
    exit
fi

cat >"$tmp/many.lua" <<'LUA'
local world = loom.world{ gravity = { 0, -9.81, 0 } }
world:box{ min = { -5, -5, -1 }, max = { 5, 5, 1 } }
local random = loom.random
for i = 1, 10000 do
  world:particle{ pos = { random() * 9 - 4.5, random() * 9 - 4.5 },
                  vel = { random() * 6 - 3, random() * 6 - 3 } }
end
-- Every picture unlike the last whatever the frame rate: small discs of
-- random colours all over it (runs of equal pixels do not compress them),
-- so the cap is reached in a few dozen frames even
-- when a loaded machine shows few of them (the window keeps the frames it
-- shows).
function loom.draw()
  for _ = 1, 1500 do
    loom.circle({ random() * 10 - 5, random() * 10 - 5 }, 0.12,
                { fill = string.format("#%06x", math.floor(random() * 0xffffff)), width = 0 })
  end
end
loom.camera{ projection = "orthographic", target = { 0, 0 }, height = 11 }
return world
LUA
rss() { sed -n 's/^VmRSS:[[:space:]]*\([0-9]*\) kB/\1/p' "/proc/$1/status" 2>/dev/null; }

"$loom" "$tmp/many.lua" --size 480x270 --memory 24 >/dev/null 2>"$tmp/err" &
loom_pid=$!
xdotool search --sync --name "loom - many.lua" >/dev/null 2>&1
sleep $((3 * slowdown))
early=$(rss "$loom_pid")
sleep $((9 * slowdown))
late=$(rss "$loom_pid")
xdotool search --name "loom - many.lua" key Escape >/dev/null 2>&1
wait "$loom_pid"
loom_pid=
line=$(grep "^loom: timeline:" "$tmp/err")
most=$(echo "$line" | sed -n 's/.*at most \([0-9.]*\) MiB, cap \([0-9.]*\) MiB.*/\1 \2/p')
if [ -n "$most" ] && echo "$most" | awk '{ exit !($1 <= $2 && $2 == 6.0) }'; then
    ok "the timeline never held more than its cap of a quarter of --memory 24 ($line)"
else
    not_ok "the timeline never held more than its cap of a quarter of --memory 24" "$tmp/err"
fi
from=$(echo "$line" | sed -n 's/.* from t = \([0-9.]*\) s,.*/\1/p')
if [ -n "$from" ] && awk -v f="$from" 'BEGIN { exit !(f > 0) }'; then
    ok "the cap was reached: the oldest frames were dropped (the timeline starts at $from s)"
else
    not_ok "the cap was reached: the oldest frames were dropped" "$tmp/err"
fi
if [ -n "$ASAN_OPTIONS" ]; then
    skipped "resident memory from 3 s to 12 s grows by at most the cap + 8 MiB" \
        "resident memory is not measured under AddressSanitizer (make check; early ${early:-?} KiB, late ${late:-?} KiB)"
elif [ -n "$early" ] && [ -n "$late" ] && [ $((late - early)) -le $(((6 + 8) * 1024)) ]; then
    ok "resident memory from 3 s to 12 s grew by $(((late - early) / 1024)) MiB (at most the cap + 8)"
else
    not_ok "resident memory from 3 s to 12 s grew by at most the cap + 8 MiB" "early ${early:-?} KiB, late ${late:-?} KiB"
fi
finish
