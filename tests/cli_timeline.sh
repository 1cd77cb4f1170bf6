#!/bin/sh
# The window's timeline under Xvfb, driven by xdotool: after 3 s, ten frames
# back and ten forward give the same screenshot (P) as before; the bar's
# left end and Shift+Right reach t = 1.0 s, whose screenshot is byte for byte
# `loom render`'s frame of 1.0 s (a trail, an arrow, a plot, a label and a
# title included); Left and Right then step one frame each, again byte for
# byte; End goes back to the present. Skipped without Xvfb or xdotool.
# Usage: sh tests/cli_timeline.sh BUILD_DIR
build=${1:-build}
loom=$(cd "$(dirname "$build/loom")" && pwd)/loom
pngcheck=$(cd "$(dirname "$build/tests/pngcheck")" && pwd)/pngcheck
. "$(dirname "$0")/lib.sh"

require_built "$loom" "$pngcheck"
same() { if [ "$2" = "$3" ]; then ok "$1"; else not_ok "$1" "got: $3, expected $2"; fi; }

cat >"$tmp/throw.lua" <<'LUA'
local world = loom.world{}
world:plane{ point = { 0, 0 } }
local ball = world:particle{ pos = { -2, 1 }, vel = { 2, 4 }, radius = 0.1, color = "#e6194b" }
ball:set_restitution(0.8)
ball:trail{ seconds = 3 }
ball:arrow("velocity", { scale = 0.1 })
loom.label{ text = "ball", at = ball, offset = { 0, 14 } }
loom.title("A throw")
function loom.update()
  local x, y = ball:pos()
  loom.plot("height", y, { unit = "m" })
  if math.abs(world:time() - 1) < 1e-9 then
    local vx, vy = ball:vel()
    print(string.format("at 1 s: %.6f %.6f speed %.3f m/s", x, y, math.sqrt(vx * vx + vy * vy)))
  end
  if math.abs(world:time() - 2) < 1e-9 then print("ran 2 s") end
end
loom.camera{ projection = "orthographic", target = { 0, 1.2 }, height = 3 }
return world
LUA

# The frames of 0.983, 1.0 and 1.017 s (59, 60, 61) as `loom render` draws them.
if ! "$loom" render "$tmp/throw.lua" --frames 62 --size 640x360 --quiet --out "$tmp/render" \
    >"$tmp/render.out" 2>"$tmp/err"; then
    not_ok "loom render the scene" "$tmp/err"
fi
# And `loom render --at 1`: that moment alone.
"$loom" render "$tmp/throw.lua" --at 1 --size 640x360 --quiet --out "$tmp/at" >/dev/null \
    2>>"$tmp/err" || not_ok "loom render --at 1" "$tmp/err"
# The ball's speed at 1 s as the scene says (p:vel()), and its pixel in
# loom render's frame of 1 s: the middle of its red (#e6194b) pixels.
set -- $(sed -n 's/^at 1 s: //p' "$tmp/render.out")
speed_at_1=$4
set -- $("$pngcheck" where "$tmp/render/frame_00060.png" 0 0 639 359 '#e6194b' 30)
ball_x=$((($2 + $4) / 2))
ball_y=$((($3 + $5) / 2))

if ! need_window "the timeline checks" || ! xvfb_start 1024x768x24; then
    finish
    exit
fi

open_window "$tmp/shots" "$tmp/throw.lua" 30 --size 640x360
shot() { window_shot "$1"; } # shot NAME: P's screenshot, moved to $tmp/NAME.png
keys() { # keys KEY COUNT
    n=0
    while [ $n -lt "$2" ]; do xdotool key --window "$window" "$1"; n=$((n + 1)); done
    sleep 0.3
}

# The checks below compare single ticks, so the window must keep every tick
# up to the pause: it keeps the frames it shows, and a window slower than
# 60 pictures a second (a sanitized build, a loaded machine) shows one frame
# for two ticks or more. At x1/4 (two presses of -; x1/8 in make check) a
# tick is due every 67 (133) ms, far more than a picture takes there.
slow=2
[ "$slowdown" -gt 1 ] && slow=3
keys minus "$slow"
# Until the scene has run 2 s (a slow build or a loaded machine takes longer).
wait_for "^ran 2 s" "$tmp/out" 120
xdotool key --window "$window" space
sleep 0.3
shot before
keys Left 10
shot back10
keys Right 10
shot after
check "10 frames back, the picture changed" sh -c "! cmp -s '$tmp/before.png' '$tmp/back10.png'"
check "10 back and 10 forward: the screenshot is the one before, byte for byte" \
    cmp -s "$tmp/before.png" "$tmp/after.png"

# The bar's left edge is the first frame kept (t = 0: 3 s are far under the
# cap); Shift+Right is one second on: t = 1.0 s, frame 60.
xdotool mousemove --sync --window "$window" 1 352 click 1
sleep 0.3
keys shift+Right 1
shot at1
check "t = 1.0 s on the timeline is \`loom render --at 1\`'s picture, byte for byte" \
    cmp -s "$tmp/at1.png" "$tmp/at/frame_00060.png"
# A click on the ball pins a probe; P prints its readout: the scene's speed.
xdotool mousemove --sync --window "$window" "$ball_x" "$ball_y" click 1
sleep 0.3
shot probed
probe=$(grep "^loom: probe at t = 1.000 s" "$tmp/out" | tail -n 1)
same "a probe clicked at 1.0 s reads the speed p:vel() gives then ($speed_at_1 m/s)" \
    "$speed_at_1" "$(echo "$probe" | sed -n 's/.*speed \([0-9.]*\) m\/s.*/\1/p')"
check "the probe's readout is in P's picture" sh -c "! cmp -s '$tmp/probed.png' '$tmp/at1.png'"
xdotool mousemove --sync --window "$window" "$ball_x" "$ball_y" click 1
sleep 0.3
keys Left 1
shot at59
check "Left: one frame back is frame 59, byte for byte" \
    cmp -s "$tmp/at59.png" "$tmp/render/frame_00059.png"
keys Right 2
shot at61
check "Right twice: frame 61, byte for byte" cmp -s "$tmp/at61.png" "$tmp/render/frame_00061.png"
keys End 1
shot present
check "End: back to the present, the picture of when it was paused" \
    cmp -s "$tmp/present.png" "$tmp/before.png"

# Space in the past plays the recording up to the present, then the scene
# runs on: at x1 again (= doubles the speed), a second back is replayed in
# a second and the scene then runs a second more.
keys equal "$slow"
keys shift+Left 1
xdotool key --window "$window" space
sleep 2
shot running
check "Space in the past replays to the present and runs on" \
    sh -c "! cmp -s '$tmp/running.png' '$tmp/before.png'"

xdotool key --window "$window" Escape
wait "$loom_pid"
loom_pid=
finish
