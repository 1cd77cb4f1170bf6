#!/bin/sh
# Several worlds in one scene (loom.show, or return w1, w2): loom steps each
# at its own time step, a plot series names its world, loom.show's errors;
# each world drawn with its trail where it should land, side by side or
# overlaid; the window shows the very pixels `loom render` writes, clicks
# and grabs in the world under the mouse.
# Usage: sh tests/cli_worlds.sh BUILD_DIR
build=${1:-build}
loom=$(cd "$(dirname "$build/loom")" && pwd)/loom
pngcheck=$(cd "$(dirname "$build/tests/pngcheck")" && pwd)/pngcheck
. "$(dirname "$0")/lib.sh"

require_built "$loom" "$pngcheck"

# ---- stepping ------------------------------------------------------------------
# Two falling particles, one world at 60 steps a second and one at 240: after
# 60 frames (1 s) both worlds are at t = 1 s, the 240 Hz one after 240 steps
# (its force callback counts them: two sub-steps a step, the default), and each has fallen g t^2 / 2 (position
# Verlet is exact under constant gravity).
cat >"$tmp/two.lua" <<'EOF'
local coarse = loom.world{ name = "coarse" }
local fine = loom.world{ name = "fine", dt = 1 / 240 }
local a = coarse:particle{ pos = {0, 0} }
local b = fine:particle{ pos = {0, 0} }
local steps = { coarse = 0, fine = 0 }
coarse:force(function() steps.coarse = steps.coarse + 1 end)
fine:force(function() steps.fine = steps.fine + 1 end)
function loom.update()
  loom.plot("height", select(2, a:pos()), { world = coarse })
  loom.plot("height", select(2, b:pos()), { world = fine })
end
function loom.finish()
  print(string.format("coarse t=%.6f y=%.6f evaluations=%d", coarse:time(), select(2, a:pos()), steps.coarse))
  print(string.format("fine t=%.6f y=%.6f evaluations=%d", fine:time(), select(2, b:pos()), steps.fine))
end
return coarse, fine
EOF
"$loom" sim "$tmp/two.lua" --frames 61 --csv "$tmp/two.csv" >"$tmp/out" 2>"$tmp/err"
check "a scene that returns two worlds runs" [ $? -eq 0 ]
check "... and loom steps the first to t = 1 s in 60 steps" \
    grep -q "^coarse t=1.000000 .* evaluations=120$" "$tmp/out"
check "... and the second, at its own dt = 1/240 s, to t = 1 s in 240 steps" \
    grep -q "^fine t=1.000000 .* evaluations=480$" "$tmp/out"
fall() { # the drop of the world named $1 after 1 s
    sed -n "s/^$1 t=[0-9.]* y=\(-[0-9.]*\) .*/\1/p" "$tmp/out"
}
free_fall() {
    awk -v c="$(fall coarse)" -v f="$(fall fine)" 'BEGIN { e = -9.81 / 2
        exit !(c - e < 1e-6 && e - c < 1e-6 && f - e < 1e-6 && e - f < 1e-6) }'
}
check "... each has fallen g t^2 / 2 ($(fall coarse) m, $(fall fine) m)" free_fall
check "a series that names its world is 'name (world)' in --csv" \
    [ "$(head -n 1 "$tmp/two.csv")" = "time (s),height (coarse),height (fine)" ]
last_time() { tail -n 1 "$tmp/two.csv" | cut -d, -f1; }
# loom.update samples before the frame's steps: the last, in frame 60, at 59/60 s.
at_one() { awk -v t="$(last_time)" 'BEGIN { e = 59 / 60; exit !(t - e < 1e-9 && e - t < 1e-9) }'; }
check "... and its samples are at its world's time (59/60 s in the 61st frame: $(last_time))" at_one

# loom.show picks the worlds, and overlays them.
cat >"$tmp/show.lua" <<'EOF'
local a = loom.world{}
local b = loom.world{ gravity = {0, 0, 0} }
local hidden = loom.world{}
local pa = a:particle{ pos = {0, 0} }
local pb = b:particle{ pos = {0, 0} }
hidden:particle{ pos = {0, 0} }
loom.show(a, b, { layout = "overlay" })
function loom.update() print(select(2, pcall(loom.show, a))) end
function loom.finish() print(a:time(), b:time(), hidden:time()) end
EOF
"$loom" sim "$tmp/show.lua" --frames 3 >"$tmp/out" 2>"$tmp/err"
check "loom.show's worlds are stepped, and no other" \
    grep -q "^0.033333333333333	0.033333333333333	0.0$" "$tmp/out"
check "... and loom.show refuses once the scene has loaded" \
    grep -q "loom.show: call it while the scene loads (the worlds loom shows are fixed once it has)" "$tmp/out"

# The errors.
show_error() { # show_error CODE MESSAGE
    printf '%s\nreturn loom.world{}\n' "$1" >"$tmp/error.lua"
    "$loom" sim "$tmp/error.lua" --frames 1 >"$tmp/out" 2>"$tmp/err"
    if [ $? -eq 1 ] && grep -qF "error.lua:1: $2" "$tmp/err"; then ok "$1: $2"; else not_ok "$1: $2" "$tmp/err"; fi
}
show_error 'loom.show()' "bad argument #1 to 'show' (world expected, got no value)"
show_error 'loom.show(1)' "bad argument #1 to 'show' (world expected, got number)"
show_error 'loom.show(loom.world{}, { layout = "sides" })' \
    "bad argument #2 to 'show' (field 'layout': invalid option 'sides', expected one of: side, overlay)"
show_error 'local w = loom.world{}; loom.show(w, w)' "bad argument #2 to 'show' (a world shown twice)"
show_error 'local w = {}; for i = 1, 9 do w[i] = loom.world{} end; loom.show(table.unpack(w))' \
    "bad argument #9 to 'show' (at most 8 worlds)"
show_error 'loom.show(loom.world{}, { layot = "side" })' \
    "bad argument #2 to 'show' (unknown field 'layot' (did you mean 'layout'?))"
show_error 'loom.show(nil)' "bad argument #1 to 'show' (world expected, got nil)"
show_error 'loom.show({ loom.world{}, 3 })' "bad argument #1 to 'show' (item 2 is not a world (number))"
# A freed world: a trusted scene can run a world's finalizer.
printf 'local w = loom.world{}\ndebug.getmetatable(w).__gc(w)\nloom.show(w)\n' >"$tmp/freed.lua"
"$loom" sim --trust "$tmp/freed.lua" --frames 1 >"$tmp/out" 2>"$tmp/err"
check "loom.show refuses a freed world" \
    grep -qF "freed.lua:3: bad argument #1 to 'show' (attempt to use a destroyed world)" "$tmp/err"
printf 'local w = loom.world{}\nloom.show(w, loom.world{})\ndebug.getmetatable(w).__gc(w)\n' >"$tmp/freed.lua"
"$loom" sim --trust "$tmp/freed.lua" --frames 1 >"$tmp/out" 2>"$tmp/err"
check "a world freed after loom.show stops the scene with a message" \
    grep -qF "freed.lua: loom.show's world 1 was destroyed" "$tmp/err"
printf 'local w = loom.world{}\nreturn w, w\n' >"$tmp/twice.lua"
"$loom" sim "$tmp/twice.lua" --frames 1 >"$tmp/out" 2>"$tmp/err"
check "a scene that returns one world twice is told so" \
    grep -qF "twice.lua: the scene returned world 1 twice (return each world once)" "$tmp/err"
show_error 'loom.world{ name = 3 }' "bad argument #1 to 'world' (field 'name' must be a string, got number)"
show_error 'loom.world{ name = "" }' "bad argument #1 to 'world' (field 'name' must be 1 to 47 characters)"
show_error 'loom.plot("y", 1, { world = 2 })' "bad argument #3 to 'plot' (field 'world' must be a world, got number)"
printf 'local w = loom.world{}\nreturn 42, w\n' >"$tmp/number.lua"
"$loom" sim "$tmp/number.lua" --frames 1 >"$tmp/out" 2>"$tmp/err"
status=$?
check "a scene that returns a number where a world belongs exits 1" [ "$status" -eq 1 ]
check "... and says so" \
    grep -qF 'number.lua: the scene returned a number where loom expects a world (end it with return world, or return w1, w2 to show several)' "$tmp/err"
printf 'local w = loom.world{ name = "shake" }\nprint(w:settings().name)\nreturn w\n' >"$tmp/n.lua"
"$loom" sim "$tmp/n.lua" --frames 1 >"$tmp/out" 2>"$tmp/err"
check "a scene with a named world runs (exit 0)" [ $? -eq 0 ]
check "world:settings() has the name" grep -qx 'shake' "$tmp/out"

# ---- drawing: each world with its trail -------------------------------------
# Two worlds at 640x360. Side by side each half is 320x360 with the camera's
# target in its middle, 2 m tall (180 pixels a metre): a world point (x, y)
# lands on pixel (160 + 320 k + 180 x, 180 - 180 y) in the k-th half (from
# 0). Overlaid, on (320 + 180 x, 180 - 180 y). Each ball moves 0.6 m to the
# right from x = -0.3 while the scene loads (red at y = 0 in the first world,
# blue at y = 0.5 in the second), leaving a 2-pixel trail, then stands
# still: every picture is the same, so the window's can be compared.
trails() { # trails FILE LAYOUT
    cat >"$1" <<EOF
local function world(name, y, color)
  local w = loom.world{ name = name, gravity = {0, 0, 0} }
  local ball = w:particle{ pos = {-0.3, y}, vel = {1.2, 0}, radius = 0.05, color = color }
  ball:trail{ seconds = 600, color = color, width = 4, fade = false }
  for _ = 1, 30 do w:step() end
  ball:set_vel(0, 0)
  return w
end
local red = world("red", 0, "#e6194b")
local blue = world("blue", 0.5, "#4363d8")
loom.camera{ projection = "orthographic", target = {0, 0, 0}, height = 2 }
function loom.mousepressed(x, y) print(string.format("mouse %.2f %.2f", x, y)) end
loom.show(red, blue, { layout = "$2" })
EOF
}
# where PNG COLOUR: "N X0 Y0 X1 Y1", the pixels near COLOUR and their box.
where() { "$pngcheck" where "$1" 0 0 639 359 "$2" 40; }
# near A B TOL: |A - B| <= TOL.
near() { awk -v a="$1" -v b="$2" -v t="$3" 'BEGIN { d = a - b; exit !(d <= t && -d <= t) }'; }
# box_is PNG COLOUR X0 Y0 X1 Y1: over 100 such pixels, their box there to 2 pixels.
box_is() {
    set -- $(where "$1" "$2") "$3" "$4" "$5" "$6"
    [ "$1" -gt 100 ] && near "$2" "$6" 2 && near "$3" "$7" 2 && near "$4" "$8" 2 && near "$5" "$9" 2
}
none_in() { # none_in PNG X0 Y0 X1 Y1 COLOUR
    [ "$("$pngcheck" count "$1" "$2" "$3" "$4" "$5" "$6" 40)" = 0 ]
}
mkdir -p "$tmp/draw"
trails "$tmp/draw/side.lua" side
trails "$tmp/draw/overlay.lua" overlay
"$loom" render "$tmp/draw/side.lua" --frames 31 --size 640x360 --out "$tmp/side" >/dev/null 2>&1
"$loom" render "$tmp/draw/overlay.lua" --frames 1 --size 640x360 --out "$tmp/overlay" >/dev/null 2>&1
side=$tmp/side/frame_00000.png
# The trail from x = -0.3 to 0.3 (pixels 106 to 214) ends in the ball (9
# pixels around): y = 0 is pixel 180.
check "side by side: the first world's trail and ball are in the left half ($(where "$side" '#e6194b'))" \
    box_is "$side" '#e6194b' 106 171 223 189
check "... the second's in the right half, 320 pixels on and 90 up ($(where "$side" '#4363d8'))" \
    box_is "$side" '#4363d8' 426 81 543 99
check "... each trail drawn once: no red right of the middle" none_in "$side" 320 0 639 359 '#e6194b'
check "... no blue left of it" none_in "$side" 0 0 319 359 '#4363d8'
check "... the first half has its world's name under it" \
    [ "$("$pngcheck" count "$side" 130 330 190 359 '#2b2d31' 60)" -gt 10 ]
check "... and so has the second" \
    [ "$("$pngcheck" count "$side" 450 330 510 359 '#2b2d31' 60)" -gt 10 ]
check "... and a second later the picture is the same (nothing moves)" \
    [ "$("$pngcheck" differ "$side" "$tmp/side/frame_00030.png")" = same ]
"$loom" render "$tmp/draw/side.lua" --frames 1 --size 640x360 --threads 3 --out "$tmp/side3" >/dev/null 2>&1
check "... the same picture drawn on 3 threads as on one per processor" \
    [ "$("$pngcheck" differ "$side" "$tmp/side3/frame_00000.png" 2>&1)" = same ]
# return red, blue draws what loom.show(red, blue) does.
sed 's/^loom.show(red, blue, .*/return red, blue/' "$tmp/draw/side.lua" >"$tmp/draw/returned.lua"
"$loom" render "$tmp/draw/returned.lua" --frames 1 --size 640x360 --out "$tmp/returned" >/dev/null 2>&1
check "return red, blue: the same picture, byte for byte" \
    [ "$("$pngcheck" differ "$side" "$tmp/returned/frame_00000.png" 2>&1)" = same ]
# A world's drawing stays in its half: the red ball's trail runs from x =
# -0.3 to 1.2 m, past its half's edge at 0.89 m, and is cut at the middle;
# a loom.draw line at world points belongs to no world and is drawn in
# each half, cut at each half's edges; a line on the picture (screen
# coordinates) spans both.
cat >"$tmp/draw/long.lua" <<'EOF'
local red = loom.world{ name = "red", gravity = {0, 0, 0} }
local ball = red:particle{ pos = {-0.3, 0.3}, vel = {3, 0}, radius = 0.02, color = "#e6194b" }
ball:trail{ seconds = 600, color = "#e6194b", width = 4, fade = false }
for _ = 1, 30 do red:step() end
ball:set_vel(0, 0)
local blue = loom.world{ name = "blue", gravity = {0, 0, 0} }
blue:particle{ pos = {0, 0}, mass = 0 }
loom.camera{ projection = "orthographic", target = {0, 0, 0}, height = 2 }
function loom.draw()
  loom.line({-3, -0.3}, {3, -0.3}, { color = "#3cb44b", width = 4 })
  loom.line({0.05, 0.1}, {0.95, 0.1}, { color = "#4363d8", width = 4, screen = true })
end
return red, blue
EOF
"$loom" render "$tmp/draw/long.lua" --frames 1 --size 640x360 --out "$tmp/long" >/dev/null 2>&1
long=$tmp/long/frame_00000.png
check "a trail that leaves its world's half reaches the middle ($(where "$long" '#e6194b'))" \
    box_is "$long" '#e6194b' 106 124 319 128
check "... and stops there: no red right of it" none_in "$long" 320 0 639 359 '#e6194b'
check "a loom.draw line at world points is drawn across each half ($(where "$long" '#3cb44b'))" \
    box_is "$long" '#3cb44b' 0 232 639 236
check "... a line in screen coordinates spans both halves ($(where "$long" '#4363d8'))" \
    box_is "$long" '#4363d8' 32 34 607 38
overlay=$tmp/overlay/frame_00000.png
check "overlaid: both worlds in one view, the red trail at y = 0 ($(where "$overlay" '#e6194b'))" \
    box_is "$overlay" '#e6194b' 266 171 383 189
check "... the blue at y = 0.5, in the same columns ($(where "$overlay" '#4363d8'))" \
    box_is "$overlay" '#4363d8' 266 81 383 99

# ---- the window ---------------------------------------------------------------
# wait_count PATTERN FILE N: true once FILE has at least N lines matching PATTERN.
wait_count() {
    tries=200
    while [ "$tries" -gt 0 ]; do
        [ "$(grep -c -- "$1" "$2" 2>/dev/null)" -ge "$3" ] && return 0
        sleep 0.1; tries=$((tries - 1))
    done
    return 1
}
if need_window "the window's several worlds" && xvfb_start; then
    (cd "$tmp/draw" && exec "$loom" side.lua --size 640x360 >"$tmp/window.out" 2>"$tmp/window.err") &
    loom_pid=$!
    tries=200
    window=
    while [ -z "$window" ] && [ "$tries" -gt 0 ]; do
        sleep 0.1; tries=$((tries - 1))
        window=$(xdotool search --name "loom - side.lua" 2>/dev/null | tail -n 1)
    done
    sleep 0.5
    xdotool key p
    wait_count "saved screenshot" "$tmp/window.out" 1
    check "P in the window is byte for byte loom render's picture of two worlds" \
        [ "$("$pngcheck" differ "$side" "$tmp/draw/screenshots/side-001.png" 2>&1)" = same ]
    # A click is reported at the world point under it, in its half's world:
    # pixel (480 + 36, 180 - 18) is (0.2, 0.1).
    xdotool mousemove --window "$window" 516 162 click 1
    wait_count "^mouse" "$tmp/window.out" 1
    check "a click in the right half is at that half's world point" \
        grep -q "^mouse 0.20 0.10$" "$tmp/window.out"
    # Dragging the blue ball (pixel 534, 90) down 90 pixels takes it to y = 0
    # in its own world; the red one, at that pixel in the other world's
    # half, stays.
    xdotool mousemove --window "$window" 534 90 mousedown 1 sleep 0.2 \
        mousemove --window "$window" 534 135 sleep 0.2 mousemove --window "$window" 534 180 sleep 0.5
    xdotool key p
    wait_count "saved screenshot" "$tmp/window.out" 2
    xdotool mouseup 1
    dragged=$tmp/draw/screenshots/side-002.png
    check "a drag grabs the ball of the world under the mouse and moves it ($(where "$dragged" '#4363d8'))" \
        [ "$("$pngcheck" count "$dragged" 525 171 543 189 '#4363d8' 40)" -gt 100 ]
    # (The grab's pin is drawn too, in red, at the mouse.)
    left_red() { "$pngcheck" where "$1" 0 0 319 359 '#e6194b' 40; }
    check "... and the other world's ball stays where it was ($(left_red "$dragged"))" \
        [ "$(left_red "$dragged")" = "$(left_red "$side")" ]
    xdotool key Escape
    tries=30
    while kill -0 "$loom_pid" 2>/dev/null && [ "$tries" -gt 0 ]; do sleep 0.1; tries=$((tries - 1)); done
    kill "$loom_pid" 2>/dev/null
    wait "$loom_pid" 2>/dev/null
fi

finish
