#!/bin/sh
# End-to-end tests of `loom SCENE.lua`, the window: under a virtual X server
# (Xvfb, started here) with input from xdotool. Pictures of the scene come
# from loom's own screenshot key (P), which saves the scene's picture without
# the window's panels; the panels themselves (heads-up display, errors) are
# checked on the screen, captured with ImageMagick's import.
# Checks: the scene is shown and moves, keys and mouse reach loom and the
# script (in world coordinates), a drag moves a particle, pause and single
# step, pan and zoom, a toggle, editing the scene or a module it required
# reloads it (temp + rename, truncate + write), pause, camera and loom.keep
# survive, errors keep the process alive and recover, a first-load error
# waits for a fix, 200 reloads keep memory flat.
# Usage: sh tests/cli_window.sh BUILD_DIR
# Prints "ok - ..." or "not ok - ..." per check and ends with "N passed, N failed".
build=${1:-build}
loom=$(cd "$(dirname "$build/loom")" && pwd)/loom
pngcheck=$(cd "$(dirname "$build/tests/pngcheck")" && pwd)/pngcheck
. "$(dirname "$0")/lib.sh"

summary() {
    finish
    exit $?
}

# wait_count PATTERN FILE N: true once FILE has at least N lines matching PATTERN.
wait_count() {
    tries=$((50 * slowdown))
    while [ "$tries" -gt 0 ]; do
        [ "$(grep -c -- "$1" "$2" 2>/dev/null)" -ge "$3" ] && return 0
        sleep 0.1; tries=$((tries - 1))
    done
    return 1
}
quiet() { "$@" >/dev/null; }
alive() { kill -0 "$loom_pid" 2>/dev/null; }
lines() { grep -c "$1" "$tmp/out"; }

require_built "$loom" "$pngcheck"

# ---- without a window: the input functions exist and answer "nothing" ----
cat >"$tmp/headless.lua" <<'EOF'
local world = loom.world{}
world:particle{ pos = {0, 0} }
assert(loom.key_down("space") == false and loom.key_down("a") == false)
assert(loom.mouse() == nil)
assert(type(loom.keep) == "table" and next(loom.keep) == nil)
print(select(2, pcall(function() return loom.key_down("spacebar") end)))
print(select(2, pcall(function() return loom.key_down() end)))
return world
EOF
"$loom" sim "$tmp/headless.lua" --frames 2 >"$tmp/out" 2>"$tmp/err"
check "sim: loom.key_down is false, loom.mouse nil, loom.keep empty" [ $? -eq 0 ]
check "loom.key_down names an unknown key" \
    grep -q "bad argument #1 to 'key_down' (unknown key 'spacebar')" "$tmp/out"
check "loom.key_down wants a string" \
    grep -q "bad argument #1 to 'key_down' (string expected, got no value)" "$tmp/out"

# ---- an X server ----------------------------------------------------------
need_window "the window tests" || summary
xvfb_start || summary

# start_loom SCENE [ARGS...]: runs loom in $tmp/shots, stdout $tmp/out, stderr $tmp/err.
start_loom() {
    scene=$1; shift
    : >"$tmp/out"; : >"$tmp/err"
    (cd "$tmp/shots" && exec "$loom" "$scene" "$@" >>"$tmp/out" 2>>"$tmp/err") &
    loom_pid=$!
    window=
    tries=$((50 * slowdown))
    # The window that exists and has been drawn (the HUD's first line on stdout
    # would be too late for a scene that fails): the last one of that name.
    while [ -z "$window" ] && [ "$tries" -gt 0 ]; do
        sleep 0.1; tries=$((tries - 1))
        window=$(xdotool search --name "loom - $(basename "$scene")" 2>/dev/null | tail -n 1)
        [ -n "$window" ] && ! xdotool getwindowgeometry "$window" >/dev/null 2>&1 && window=
    done
    sleep 0.3
    [ -n "$window" ] && xdotool mousemove --window "$window" 600 20 2>/dev/null
}
# shot NAME: presses P and moves the screenshot it saved to $tmp/NAME.png.
shot() {
    saved=$(grep -c "saved screenshot" "$tmp/out")
    xdotool key p
    wait_count "saved screenshot" "$tmp/out" $((saved + 1))
    file=$(grep "saved screenshot" "$tmp/out" | tail -n 1 | sed 's/.*saved screenshot //')
    case $file in /*) ;; *) file=$tmp/shots/$file ;; esac
    mv "$file" "$tmp/$1.png" 2>/dev/null
}
stop_loom() {
    xdotool key Escape
    tries=$((30 * slowdown))
    while alive && [ "$tries" -gt 0 ]; do sleep 0.1; tries=$((tries - 1)); done
    alive && kill "$loom_pid" # Esc did not quit it: never hang the suite
    wait "$loom_pid"; status=$?
    loom_pid=
}
mkdir -p "$tmp/shots"

# ---- the scene --------------------------------------------------------------
# 640x360, 36 pixels per metre, the origin in the middle: pixel (320 + 36 x, 180 - 36 y).
write_scene() { # write_scene FILE VERSION
    cat >"$1" <<EOF
local world = loom.world{ gravity = {0, 0, 0} }
local p = world:particle{ pos = {0, 0}, radius = 0.3 }
local spinner = world:particle{ pos = {3, 0}, radius = 0.3, color = "#e6194b" }
if $2 >= 2 then world:particle{ pos = {-2, 2}, radius = 0.6, color = "#3cb44b" } end
world:force(function() end)
world:box{ min = {-4.5, -4.5, -1}, max = {4.5, 4.5, 1} }
loom.camera{ projection = "orthographic", target = {0, 0, 0}, height = 10 }
loom.keep.loads = (loom.keep.loads or 0) + 1
print("loads " .. loom.keep.loads .. " version $2")
if loom.keep.nested then
  local b = loom.keep.nested.a.b
  print("kept", b[1], b[2], b[3], b[4], loom.keep.f, math.type(b[2]))
end
loom.keep.nested = { a = { b = { "x", 1, true, 2.5 } } }
loom.keep.f = print
function loom.keypressed(key) print("key " .. key) end
function loom.mousepressed(x, y, button) print(string.format("mouse %.2f %.2f %d", x, y, button)) end
function loom.update(dt)
  local t = world:time()
  spinner:set_pos(3 * math.cos(t), 3 * math.sin(t))
  local x, y = p:pos()
  print(string.format("u %.4f %.3f %.3f", t, x, y))
end
return world
EOF
}
scene=$tmp/scene.lua
write_scene "$scene" 1
start_loom "$scene" --size 640x360
check "the window opens" [ -n "$window" ]
wait_for "^u " "$tmp/out" 5
shot first
check "a screenshot is 640x360 and not blank" [ "$("$pngcheck" info "$tmp/first.png" 2>&1)" = "640 360 varied" ]
sleep 0.4
shot later
check "the picture changes over time" quiet "$pngcheck" differ "$tmp/first.png" "$tmp/later.png"
# P saves the scene's picture; the window's own panels are only on the screen.
check "a screenshot has no heads-up display" [ "$("$pngcheck" pixel "$tmp/first.png" 12 12)" = "#f7f7f2" ]
if need import imagemagick "the heads-up display is on the screen"; then
    import -window "$window" "$tmp/screen.png" 2>/dev/null
    check "the heads-up display is on the screen (dark panel at the top left)" \
        [ "$("$pngcheck" pixel "$tmp/screen.png" 12 12)" != "#f7f7f2" ]
fi

# Keys and the mouse reach the script, in world coordinates.
xdotool key k
check "loom.keypressed gets the key's name" wait_for "^key k" "$tmp/out" 2
xdotool mousemove --window "$window" 464 252 click 1
check "loom.mousepressed gets world coordinates and the button" \
    wait_for "^mouse 4.00 -2.00 1" "$tmp/out" 2
xdotool mousemove --window "$window" 600 20

# Pause, single step, run again.
xdotool key space
sleep 0.3
before=$(lines "^u ")
sleep 0.5
check "space pauses: loom.update is not called" [ "$(lines "^u ")" -eq "$before" ]
xdotool key n
sleep 0.3
check "N steps once while paused" [ "$(lines "^u ")" -eq $((before + 1)) ]
xdotool key space
sleep 0.4
check "space runs again" [ "$(lines "^u ")" -gt $((before + 5)) ]

# A left drag grabs the nearest particle and pulls it along.
xdotool mousemove --window "$window" 322 178 mousedown 1
for i in 1 2 3 4 5 6 7 8; do
    xdotool mousemove --window "$window" $((320 + 9 * i)) $((180 - 9 * i)); sleep 0.03
done
sleep 0.4
xdotool mouseup 1
xdotool mousemove --window "$window" 600 20
sleep 0.2
last=$(grep "^u " "$tmp/out" | tail -n 1)
check "a drag moves the particle to the mouse (2, 2) within 0.05 m ($last)" \
    awk -v l="$last" 'BEGIN { split(l, f, " "); d = (f[3] - 2)^2 + (f[4] - 2)^2; exit !(d < 0.0025) }'

# ---- hot reload -------------------------------------------------------------
xdotool key space # paused: pictures hold still, and the pause must survive reloads
xdotool key Tab   # no HUD, whose numbers change even while paused
sleep 0.3
shot paused
paused_lines=$(lines "^u ")
write_scene "$tmp/scene.tmp" 2
mv "$tmp/scene.tmp" "$scene" # an editor that writes a temporary file and renames it
check "saving the scene reloads it (temp file + rename)" wait_for "loom: reloaded $scene" "$tmp/err" 3
check "loom.keep survives the reload" wait_for "^loads 2 version 2" "$tmp/out" 2
check "... with nested tables, strings, integers, floats and booleans; functions dropped" \
    wait_for "^kept	x	1	true	2.5	nil	integer" "$tmp/out" 1
sleep 0.2
shot reloaded
check "the reloaded scene is shown" quiet "$pngcheck" differ "$tmp/paused.png" "$tmp/reloaded.png"
sleep 0.3
shot reloaded_later
check "pause survives the reload" [ "$(lines "^u ")" -eq "$paused_lines" ]
check "... and the picture holds still" \
    sh -c "! '$pngcheck' differ '$tmp/reloaded.png' '$tmp/reloaded_later.png' >/dev/null"
xdotool key b
sleep 0.2
shot no_box
check "B hides the colliders" quiet "$pngcheck" differ "$tmp/reloaded_later.png" "$tmp/no_box.png"
xdotool key b
sleep 0.2
shot box_again
check "... and B again shows them as before" \
    sh -c "! '$pngcheck' differ '$tmp/reloaded_later.png' '$tmp/box_again.png' >/dev/null"
xdotool key space Tab

# The camera: a right drag pans, the wheel zooms about the mouse, both survive
# a reload, F fits again. Clicks report the world point under the mouse.
click_at() { # click_at X Y: left click there, then prints what the scene got
    seen=$(grep -c "^mouse " "$tmp/out")
    xdotool mousemove --window "$window" "$1" "$2" click 1
    wait_count "^mouse " "$tmp/out" $((seen + 1))
    grep "^mouse " "$tmp/out" | tail -n 1
}
xdotool mousemove --window "$window" 320 300 mousedown 3
for i in 1 2 3 4; do xdotool mousemove --window "$window" $((320 + 18 * i)) 300; sleep 0.03; done
xdotool mouseup 3
sleep 0.2
check "a right drag pans: 72 pixels are 2 m" [ "$(click_at 464 252)" = "mouse 2.00 -2.00 1" ]
xdotool mousemove --window "$window" 464 252 click 4
sleep 0.2
check "the wheel zooms about the mouse: the point under it stays" \
    [ "$(click_at 464 252)" = "mouse 2.00 -2.00 1" ]
# the centre was (-2, 0); it moves towards (2, -2) by 1 - 0.85 of the way
check "... and the rest of the picture scales by 0.85" \
    [ "$(click_at 320 180)" = "mouse -1.40 -0.30 1" ]
reloads=$(grep -c "loom: reloaded" "$tmp/err")
xdotool key r
wait_count "loom: reloaded" "$tmp/err" $((reloads + 1))
sleep 0.2
check "the camera survives a reload (R)" [ "$(click_at 320 180)" = "mouse -1.40 -0.30 1" ]
xdotool key Home
sleep 0.2
check "Home fits the camera again (here: the script's loom.camera)" \
    [ "$(click_at 464 252)" = "mouse 4.00 -2.00 1" ]
xdotool mousemove --window "$window" 600 20

# A syntax error: the old scene keeps running, the error is on stderr and on screen.
sed 's/^local p = /local p = = /' "$scene" >"$tmp/scene.tmp" && mv "$tmp/scene.tmp" "$scene"
check "a syntax error is reported on stderr with file:line" \
    wait_for "scene.lua:2: unexpected symbol near '='" "$tmp/err" 3
sleep 0.3
check "the process stays alive" alive
running=$(lines "^u ")
sleep 0.3
check "the last good scene keeps running" [ "$(lines "^u ")" -gt "$running" ]
shot syntax
if need import imagemagick "the error is shown on screen"; then
    import -window "$window" "$tmp/syntax.png" 2>/dev/null # the screen: a screenshot is the scene only
    bottom=$("$pngcheck" pixel "$tmp/syntax.png" 2 357)
    check "the error is shown on screen (red panel at the bottom: $bottom)" \
        awk -v c="$bottom" 'BEGIN { r = ("0x" substr(c, 2, 2)) + 0; g = ("0x" substr(c, 4, 2)) + 0;
                                     exit !(r > g + 50) }'
fi
write_scene "$tmp/scene.tmp" 3
mv "$tmp/scene.tmp" "$scene"
check "fixing the file reloads" wait_for "^loads [0-9]* version 3" "$tmp/out" 3
sleep 0.3
shot fixed
if need import imagemagick "fixing it clears the error from the screen"; then
    import -window "$window" "$tmp/fixed.png" 2>/dev/null
    check "fixing it clears the error from the screen" \
        [ "$("$pngcheck" pixel "$tmp/fixed.png" 2 357)" = "#f7f7f2" ]
fi

# A runtime error in the reloaded scene's loom.update: back to the last good one.
sed 's/^  local t = world:time()/  local t = world:time(); error("broken update")/' "$scene" >"$tmp/scene.tmp"
mv "$tmp/scene.tmp" "$scene"
check "an error in loom.update is reported with file:line" \
    wait_for "scene.lua:19: broken update" "$tmp/err" 3
check "... with a traceback" wait_for "in function 'loom.update'" "$tmp/err" 1
check "... and the last good scene comes back" wait_for "back to the last good scene" "$tmp/err" 2
running=$(lines "^u ")
sleep 0.3
check "... and runs" [ "$(lines "^u ")" -gt "$running" ]

# An editor that truncates the file, then writes it: one reload, of the whole file.
write_scene "$tmp/scene.v4" 4
reloads=$(grep -c "loom: reloaded" "$tmp/err")
: >"$scene"; cat "$tmp/scene.v4" >"$scene"
check "truncate + write reloads the complete file" wait_for "^loads [0-9]* version 4" "$tmp/out" 3
sleep 0.4
once_complete() {
    [ "$(grep -c "loom: reloaded" "$tmp/err")" -eq $((reloads + 1)) ] &&
        ! grep -q "made no world" "$tmp/err"
}
check "... once, without reading the empty file" once_complete

stop_loom
check "Esc quits with status 0" [ "$status" -eq 0 ]

# ---- an error on the first load waits for a fix -------------------------------
cat >"$tmp/first.lua" <<'EOF'
local world = loom.world{}
world:particle{ pos = {0, 0} }
return world +
EOF
start_loom "$tmp/first.lua" --size 320x180
check "a syntax error on the first load is reported with file:line" \
    wait_for "first.lua:4: unexpected symbol near <eof>" "$tmp/err" 3
sleep 0.3
check "... and loom waits instead of exiting" alive
printf 'local world = loom.world{}\nworld:particle{ pos = {0, 0} }\nreturn world\n' >"$tmp/first.tmp"
mv "$tmp/first.tmp" "$tmp/first.lua"
check "... and loads the fixed file" wait_for "loom: reloaded" "$tmp/err" 3
stop_loom

# ---- files the scene requires and dofile's are watched too ---------------------
mkdir -p "$tmp/lib"
printf 'return { size = 1 }\n' >"$tmp/lib/shape.lua"
printf 'return 10\n' >"$tmp/lib/extra.lua"
cat >"$tmp/lib/uses.lua" <<'EOF'
local shape = require "shape"
local extra = dofile("extra.lua") -- a name in the scene's folder
local world = loom.world{}
world:particle{ pos = {0, 0}, radius = shape.size }
print("size " .. shape.size .. " extra " .. extra)
return world
EOF
start_loom "$tmp/lib/uses.lua" --size 320x180
wait_for "^size 1 extra 10" "$tmp/out" 3
printf 'return { size = 2 }\n' >"$tmp/lib/shape.tmp" && mv "$tmp/lib/shape.tmp" "$tmp/lib/shape.lua"
check "editing a required module reloads the scene" wait_for "^size 2 extra 10" "$tmp/out" 3
printf 'return 20\n' >"$tmp/lib/extra.tmp" && mv "$tmp/lib/extra.tmp" "$tmp/lib/extra.lua"
check "editing a dofile'd file reloads the scene" wait_for "^size 2 extra 20" "$tmp/out" 3
printf 'return { size = = 3 }\n' >"$tmp/lib/shape.tmp" && mv "$tmp/lib/shape.tmp" "$tmp/lib/shape.lua"
check "a syntax error in a module names the module's file:line" \
    wait_for "shape.lua:1: unexpected symbol near '='" "$tmp/err" 3
printf 'return { size = 3 }\n' >"$tmp/lib/shape.tmp" && mv "$tmp/lib/shape.tmp" "$tmp/lib/shape.lua"
check "... and fixing the module reloads" wait_for "^size 3 extra 20" "$tmp/out" 3
stop_loom

# ---- loom.keep: cycles, shared references, the size cap --------------------------
# Version 1 keeps a cycle and a table referenced twice; version 2 checks them in
# its copy (each table copied once, the cycle closed) and keeps 20 MiB of text,
# over the 16 MiB cap: version 3 then cannot load, and version 2 runs on.
write_keep() { # write_keep VERSION
    cat >"$tmp/keep.tmp" <<EOF
local world = loom.world{}
world:particle{ pos = {0, 0} }
local version = $1
if version == 1 then
  local ring = { name = "ring" }
  ring.self = ring
  local shared = { 1, 2, 3 }
  loom.keep.a = { ring, ring, shared, shared, ring = ring }
elseif version == 2 then
  local a = loom.keep.a
  print("keep copy", a[1] == a[2], a[1].self == a[1], a[3] == a[4], a.ring == a[1], a[3][3])
  loom.keep.big = string.rep("x", 20 * 1024 * 1024)
end
function loom.update() print("running " .. version) end
return world
EOF
    mv "$tmp/keep.tmp" "$tmp/keep.lua"
}
write_keep 1
start_loom "$tmp/keep.lua" --size 320x180
wait_for "^running 1" "$tmp/out" 5
write_keep 2
check "loom.keep's copy keeps its cycles and shared tables" \
    wait_for "^keep copy	true	true	true	true	3" "$tmp/out" 5
wait_for "^running 2" "$tmp/out" 3
write_keep 3
check "a loom.keep over its cap is a clear error" \
    wait_for "loom.keep is too big to copy into the reloaded scene (over its cap of 16 MiB)" "$tmp/err" 5
: >"$tmp/out"
check "... and the old scene keeps running" wait_for "^running 2" "$tmp/out" 3
check "... and it did not load" sh -c "! grep -q '^running 3' '$tmp/out'"
stop_loom

# ---- a simulation that blows up -------------------------------------------------
# The window keeps running and says so (stderr, and a warning under the HUD).
cat >"$tmp/blowup.lua" <<'EOF'
local world = loom.world{ integrator = "euler" }
local anchor = world:particle{ pos = {0, 0}, mass = 0 }
local bob = world:particle{ pos = {1, 0}, mass = 1e-6 }
world:spring(anchor, bob, { k = 1e9, rest = 0.5 })
return world
EOF
start_loom "$tmp/blowup.lua" --size 320x180
check "a blow-up in the window is reported on stderr" \
    wait_for "blowup.lua: the simulation blew up at t = 0.1333 s" "$tmp/err" 5
check "... and the window keeps running" alive
stop_loom

# ---- a save is on screen fast -------------------------------------------------
# inotify says when the editor is done with the file: the window reloads
# 20 ms later instead of after a quarter-second of polling and settling,
# and says how long after the file's modification time the new scene was
# on screen. Five saves, in place and by rename; the target is 150 ms (the
# exact figure is in make bench), the test allows 200 ms on an idle machine,
# 20 of them the wall-clock settling, the rest stretched by the load the
# window's main thread met during the saves and by TEST_SLOWDOWN
# (load_bound in tests/lib.sh).
write_fast() { # write_fast FILE VERSION
    cat >"$1" <<EOF
local world = loom.world{}
world:particle{ pos = {0, 0}, radius = 0.3 }
world:particle{ pos = {$2 / 5, 1}, radius = 0.2, mass = 0 }
print("fast version $2")
return world
EOF
}
write_fast "$tmp/fast.lua" 0
start_loom "$tmp/fast.lua" --size 640x360
wait_for "^fast version 0" "$tmp/out" 5
sleep 0.5
sched0=$(schedstat_ms "$loom_pid")
started=$(($(date +%s%N) / 1000000))
for v in 1 2 3 4 5; do
    write_fast "$tmp/fast.new" $v
    if [ $((v % 2)) -eq 0 ]; then mv "$tmp/fast.new" "$tmp/fast.lua"; else cat "$tmp/fast.new" >"$tmp/fast.lua"; fi
    wait_for "^fast version $v" "$tmp/out" 3
    wait_count "loom: on screen [0-9]* ms after the save" "$tmp/err" $v
    sleep 0.3
done
sched=$(schedstat_ms "$loom_pid")
echo "$(($(date +%s%N) / 1000000 - started)) $((${sched% *} - ${sched0% *})) $((${sched#* } - ${sched0#* }))" \
    >"$tmp/clock"
set -- $(load_bound 20 200 "$tmp/clock")
bound=$1 stretch=$2
times=$(sed -n 's/^loom: on screen \([0-9]*\) ms after the save$/\1/p' "$tmp/err" | tr '\n' ' ')
median=$(echo "$times" | tr ' ' '\n' | grep . | sort -n | sed -n 3p)
fast_enough() { [ -n "$median" ] && [ "$median" -lt "$bound" ]; }
check "five saves are on screen in $times ms (median $median ms: under 200 ms idle; load x$stretch, bound $bound ms)" \
    fast_enough
check "... each loaded once" [ "$(grep -c "loom: reloaded" "$tmp/err")" -eq 5 ]
stop_loom

# ---- the window's picture is loom render's -----------------------------------
# A still scene (a shaded cloth: depth triangles; a title; a label) drawn by
# the window, its tiles on every processor, is the same bytes as frame 0 of
# loom render (one thread per picture there).
cat >"$tmp/still.lua" <<'EOF'
local cloth = require "loom.cloth"
local world = loom.world{ gravity = {0, 0, 0} }
cloth.grid(world, { origin = {-1, 0.4, -1}, u = {2, -0.3, 0}, v = {0.3, 0, 2}, nu = 10, nv = 10,
  mass = 1, structural = true, shear = true, kind = "stick", pin = { "top_left", "top_right" } })
loom.title("the same bytes")
loom.label{ text = "corner", at = world:particles()[1], offset = {0, 20} }
return world
EOF
start_loom "$tmp/still.lua" --size 640x360
shot still
stop_loom
"$loom" render "$tmp/still.lua" --frames 1 --size 640x360 --threads 1 --out "$tmp/still" --quiet
check "the window's picture (tiles on every processor) is loom render's, byte for byte" \
    cmp -s "$tmp/still.png" "$tmp/still/frame_00000.png"

# ---- 200 reloads do not grow memory --------------------------------------------
# LOOM_TEST_RELOADS=N reloads once per frame, N times, then reports resident memory.
repo=$(cd "$(dirname "$0")/.." && pwd)
: >"$tmp/err"
(cd "$tmp/shots" && LOOM_TEST_RELOADS=200 exec "$loom" "$repo/examples/cloth_hanging.lua" \
    --size 320x180 >"$tmp/out" 2>>"$tmp/err") &
loom_pid=$!
wait_for "loom: test: 200 reloads" "$tmp/err" 40
line=$(grep "loom: test: 200 reloads" "$tmp/err")
if [ -n "$ASAN_OPTIONS" ]; then
    # make check: AddressSanitizer's quarantine keeps freed blocks resident;
    # its leak check at exit covers the reloads instead.
    skipped "200 reloads grow resident memory by less than 5 MiB" \
        "resident memory is not measured under AddressSanitizer (make check; $line)"
else
    check "200 reloads grow resident memory by less than 5 MiB ($line)" \
        awk -v l="$line" 'BEGIN { n = split(l, f, " "); before = f[6]; after = f[9];
                                   exit !(before > 0 && after - before < 5 * 1024) }'
fi
# Each reload clears the timeline while its keeper may be compressing the
# last picture: no thread is started or left behind by a reload.
check "200 reloads leave the window's threads as they were ($line)" \
    awk -v l="$line" 'BEGIN { n = split(l, f, " "); before = f[12]; after = f[14];
                               exit !(before > 1 && after == before) }'
window=$(xdotool search --name "loom - cloth_hanging.lua" 2>/dev/null | tail -n 1)
[ -n "$window" ] && xdotool mousemove --window "$window" 100 20 2>/dev/null
stop_loom

summary
