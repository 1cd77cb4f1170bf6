#!/bin/sh
# The window's ruler, protractor and stopwatch under Xvfb, driven by xdotool:
# a ruler laid along a 1 m stick reads 1.00 m at 0°; a second ruler from the
# same end to a point up and to the right reads 45° to the first; [ and ] at
# t = 1.0 and 2.0 s of the timeline read 1.000 s; the readings are in P's
# picture and printed with it; Backspace clears them. With two worlds side
# by side, probes and rulers read the world of the column they are in.
# Skipped without Xvfb or xdotool.
# Usage: sh tests/cli_measure.sh BUILD_DIR
build=${1:-build}
loom=$(cd "$(dirname "$build/loom")" && pwd)/loom
pngcheck=$(cd "$(dirname "$build/tests/pngcheck")" && pwd)/pngcheck
. "$(dirname "$0")/lib.sh"

require_built "$loom" "$pngcheck"
same() { if [ "$2" = "$3" ]; then ok "$1"; else not_ok "$1" "got: $3, expected $2"; fi; }
if ! need_window "the measuring checks" || ! xvfb_start 1024x768x24; then
    finish
    exit
fi

# A 1 m stick from (0, 0) to (1, 0); the camera shows 3 m over 360 pixels
# around (0.5, 0): (x, y) is pixel (260 + 120 x, 180 - 120 y).
cat >"$tmp/stick.lua" <<'LUA'
local world = loom.world{ gravity = { 0, 0, 0 } }
local a = world:particle{ pos = { 0, 0 }, mass = 0 }
local b = world:particle{ pos = { 1, 0 }, mass = 0 }
world:stick(a, b)
local said = false
function loom.update()
  if not said and world:time() > 2.2 then print("ran 2.2 s") said = true end
end
loom.camera{ projection = "orthographic", target = { 0.5, 0 }, height = 3 }
return world
LUA
open_window "$tmp/shots" "$tmp/stick.lua" 30 --size 640x360
shot() { window_shot "$1"; } # shot NAME: P's screenshot, moved to $tmp/NAME.png
ruler() { # ruler X0 Y0 X1 Y1: Shift + drag
    xdotool mousemove --sync --window "$window" "$1" "$2" keydown shift mousedown 1
    xdotool mousemove --sync --window "$window" $((($1 + $3) / 2)) $((($2 + $4) / 2))
    xdotool mousemove --sync --window "$window" "$3" "$4" mouseup 1 keyup shift
    sleep 0.3
}

# Until the scene has run 2.2 s (a slow build or a loaded machine takes longer).
wait_for "^ran 2.2 s" "$tmp/out" 120
xdotool key --window "$window" space
sleep 0.3
shot plain
ruler 260 180 380 180
shot ruled
same "a ruler along the 1 m stick reads 1.00 m at 0°" "loom: ruler: 1.00 m  0.0°" \
    "$(grep "^loom: ruler:" "$tmp/out" | tail -n 1)"
check "the ruler is in P's picture" sh -c "! cmp -s '$tmp/plain.png' '$tmp/ruled.png'"
ruler 260 180 320 120
shot two
same "a second ruler from the same end reads 45° to the first" \
    "loom: ruler: 0.71 m  45.0°  (45.0° to the last)" "$(grep "^loom: ruler:" "$tmp/out" | tail -n 1)"

# The stopwatch: the bar's left edge is t = 0, Shift+Right a second on.
xdotool mousemove --sync --window "$window" 1 352 click 1
sleep 0.2
xdotool key --window "$window" shift+Right bracketleft shift+Right bracketright
sleep 0.3
shot timed
reading=$(grep "^loom: stopwatch:" "$tmp/out" | tail -n 1)
if [ "$slowdown" -eq 1 ]; then
    same "the stopwatch between t = 1 s and t = 2 s reads 1.000 s" \
        "loom: stopwatch: 1.000 s (from 1.000 s to 2.000 s)" "$reading"
else
    # A slower build (make check) shows, and so keeps, fewer ticks than
    # 60 a second: Shift+Right goes to the kept frame nearest a second on,
    # so the ends may be a few ticks off; the reading is still their gap.
    check "the stopwatch between t ~ 1 s and t ~ 2 s reads 1.000 s ($reading)" \
        awk -v r="$reading" 'BEGIN { n = split(r, w, " ");
            exit !(w[3] == "1.000" && w[6] + 0 >= 0.8 && w[6] + 0 <= 1.2 && w[9] - w[6] > 0.999 && w[9] - w[6] < 1.001) }'
fi

xdotool key --window "$window" End BackSpace
sleep 0.3
before=$(grep -c "^loom: \(ruler\|stopwatch\):" "$tmp/out")
shot cleared
same "Backspace clears the rulers and the stopwatch" "$before" \
    "$(grep -c "^loom: \(ruler\|stopwatch\):" "$tmp/out")"
check "... and the picture is the plain one again" cmp -s "$tmp/plain.png" "$tmp/cleared.png"

xdotool key --window "$window" Escape
wait "$loom_pid"
loom_pid=

# Two worlds side by side: a probe clicked on a particle in the right-hand
# column reads that world's particle (0.5 m/s), one in the left column the
# other's (0.2 m/s), each through its own column; a ruler laid over the
# right column between the two ends of its 1 m stick reads 1 m.
cat >"$tmp/two.lua" <<'LUA'
local function build(name, first, second, mover, speed)
  local world = loom.world{ name = name, gravity = { 0, 0, 0 } }
  local a = world:particle{ pos = { 0, 0 }, radius = 0.06, color = first }
  local b = world:particle{ pos = { 1, 0 }, radius = 0.06, color = second }
  world:stick(a, b)
  world:particle{ pos = { 0, 0.6 }, vel = { speed, 0 }, radius = 0.06, color = mover }
  return world
end
local left = build("left", "#e6194b", "#f58231", "#911eb4", 0.2)
local right = build("right", "#3cb44b", "#4363d8", "#000075", 0.5)
local said = false
function loom.update()
  if not said and left:time() > 1 then print("ran 1 s") said = true end
end
loom.camera{ projection = "orthographic", target = { 0.5, 0.3 }, height = 2 }
return left, right
LUA
open_window "$tmp/shots2" "$tmp/two.lua" 30 --size 640x360
wait_for "^ran 1 s" "$tmp/out" 120
xdotool key --window "$window" space
sleep 0.3
shot worlds
# centre COLOUR: the middle of that colour's pixels in the screenshot.
centre() {
    set -- $("$pngcheck" where "$tmp/worlds.png" 0 0 639 359 "$1" 40)
    echo "$((($2 + $4) / 2)) $((($3 + $5) / 2))"
}
click() { # click X Y
    xdotool mousemove --sync --window "$window" "$1" "$2" click 1
    sleep 0.3
}
set -- $(centre '#000075')
click "$1" "$2"
set -- $(centre '#911eb4')
click "$1" "$2"
shot probed
probes=$(grep "^loom: probe at" "$tmp/out" | tail -n 2)
same "a probe on the right column's particle reads the second world's (0.5 m/s)" \
    "(world 2) 0.500" "$(echo "$probes" | sed -n 's/.*s \((world [0-9])\):.*speed \([0-9.]*\) m\/s.*/\1 \2/p' | grep 'world 2')"
same "a probe on the left column's particle reads the first world's (0.2 m/s)" \
    "(world 1) 0.200" "$(echo "$probes" | sed -n 's/.*s \((world [0-9])\):.*speed \([0-9.]*\) m\/s.*/\1 \2/p' | grep 'world 1')"
set -- $(centre '#3cb44b') $(centre '#4363d8')
ruler "$1" "$2" "$3" "$4"
shot ruled2
reading=$(grep "^loom: ruler:" "$tmp/out" | tail -n 1 | sed -n 's/^loom: ruler: \([0-9.]*\) m.*/\1/p')
check "a ruler over the right column's 1 m stick reads 1 m (got ${reading:-nothing})" \
    awk -v r="${reading:-0}" 'BEGIN { exit !(r >= 0.97 && r <= 1.03) }'
xdotool key --window "$window" Escape
wait "$loom_pid"
loom_pid=
finish
