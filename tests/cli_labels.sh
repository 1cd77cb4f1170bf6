#!/bin/sh
# End-to-end tests of labels through the loom executable: a label changes the
# picture only where its anchor projects, scales with the picture height,
# follows its particle, renders byte-identically twice, and goes when removed.
# Usage: sh tests/cli_labels.sh BUILD_DIR
# Prints "ok - ..." or "not ok - ..." per check and ends with "N passed, N failed".
build=${1:-build}
loom=$build/loom
pngcheck=$build/tests/pngcheck
. "$(dirname "$0")/lib.sh"

require_built "$loom" "$pngcheck"

# A scene with a 10 m tall orthographic view centred on the origin: at
# 1280x720 a world point (x, y) lands on pixel (640 + 72 x, 360 - 72 y).
# $1: the file, $2: Lua lines added before `return world`.
scene() {
    cat >"$1" <<LUA
local world = loom.world{ gravity = {0, 0, 0} }
world:particle{ pos = {-4, -2}, radius = 0.05 }
world:particle{ pos = {4, 2}, radius = 0.05 }
local mover = world:particle{ pos = {-3, 1}, vel = {1, 0}, radius = 0.05 }
loom.camera{ projection = "orthographic", target = {0, 0, 0}, height = 10 }
$2
return world
LUA
}

# render NAME SCENE [loom options]: frames into $tmp/NAME; false on failure.
render() {
    name=$1; file=$2; shift 2
    "$loom" render "$file" --quiet --out "$tmp/$name" "$@" >"$tmp/$name.out" 2>"$tmp/$name.err"
}

# box A B: "X0 Y0 X1 Y1" of the pixels that differ between two frames, or "".
box() { "$pngcheck" differ "$1" "$2" | awk '$1 == "differ" { print $3, $4, $5, $6 }'; }

# near NAME VALUE EXPECTED TOLERANCE
near() {
    if awk -v v="$2" -v e="$3" -v t="$4" 'BEGIN { d = v - e; exit !(d <= t && -d <= t) }'; then
        ok "$1"
    else
        not_ok "$1" "got $2, expected $3 within $4"
    fi
}

scene "$tmp/plain.lua" ""
scene "$tmp/label.lua" 'loom.label{ text = "MMMM", at = {2, 1} }'
render plain "$tmp/plain.lua" --frames 2 --fps 1 || not_ok "render the plain scene" "$(cat "$tmp/plain.err")"
render label "$tmp/label.lua" --frames 1 || not_ok "render the labelled scene" "$(cat "$tmp/label.err")"
render again "$tmp/label.lua" --frames 1

# ---- the label is drawn, deterministically -----------------------------------
if "$pngcheck" differ "$tmp/plain/frame_00000.png" "$tmp/label/frame_00000.png" >/dev/null; then
    ok "a label changes the picture"
else
    not_ok "a label changes the picture"
fi
if cmp -s "$tmp/label/frame_00000.png" "$tmp/again/frame_00000.png"; then
    ok "two renders of a labelled scene are byte-identical"
else
    not_ok "two renders of a labelled scene are byte-identical"
fi
if [ -s "$tmp/label.err" ]; then
    not_ok "a label draws without warnings" "$(head -n 1 "$tmp/label.err")"
else
    ok "a label draws without warnings"
fi

# ---- where it is drawn -------------------------------------------------------
# Every changed pixel is in one box centred on the anchor's pixel (784, 288),
# four 22-point "M"s of DejaVu Sans (labels' proportional face) wide and one
# glyph high.
set -- $(box "$tmp/plain/frame_00000.png" "$tmp/label/frame_00000.png") 0 0 0 0
near "the label is centred on its anchor's x" $((($1 + $3) / 2)) 784 3
near "the label is centred on its anchor's y" $((($2 + $4) / 2)) 288 3
near "the label is four M glyphs of DejaVu Sans wide (22-point font)" $(($3 - $1 + 1)) 63 8
near "the label is one line high" $(($4 - $2 + 1)) 16 5
full_width=$(($3 - $1 + 1))

# At half the picture height the label is at the same place in the scene and
# half as big.
render small_plain "$tmp/plain.lua" --frames 1 --size 640x360
render small "$tmp/label.lua" --frames 1 --size 640x360
set -- $(box "$tmp/small_plain/frame_00000.png" "$tmp/small/frame_00000.png") 0 0 0 0
near "at 640x360 the label is centred on x = 392" $((($1 + $3) / 2)) 392 2
near "at 640x360 the label is centred on y = 144" $((($2 + $4) / 2)) 144 2
near "at 640x360 the label is half as wide" $(($3 - $1 + 1)) $((full_width / 2)) 3

# On the picture: left-aligned at a quarter of the width, three quarters down.
scene "$tmp/screen.lua" 'loom.label{ text = "MMMM", screen = {0.25, 0.75}, align = "left" }'
render screen "$tmp/screen.lua" --frames 1
set -- $(box "$tmp/plain/frame_00000.png" "$tmp/screen/frame_00000.png") 0 0 0 0
near "a screen label's left edge is at 25% of the width" "$1" 320 3
near "a screen label's middle is at 75% of the height" $((($2 + $4) / 2)) 540 3

# ---- a label that follows a particle -----------------------------------------
# The mover goes 1 m to the right in the one second between frames 0 and 1: 72 pixels.
scene "$tmp/follow.lua" 'loom.label{ text = "MMMM", at = mover, offset = {0, 30} }'
render follow "$tmp/follow.lua" --frames 2 --fps 1
set -- $(box "$tmp/plain/frame_00000.png" "$tmp/follow/frame_00000.png") 0 0 0 0
start=$((($1 + $3) / 2))
near "a following label starts above its particle (x = 424)" "$start" 424 3
near "the offset lifts it 30 points (y = 258)" $((($2 + $4) / 2)) 258 3
set -- $(box "$tmp/plain/frame_00001.png" "$tmp/follow/frame_00001.png") 0 0 0 0
near "after one second it has moved with its particle by 72 pixels" $((($1 + $3) / 2 - start)) 72 2

# ---- removed in loom.update --------------------------------------------------
scene "$tmp/removed.lua" 'local l = loom.label{ text = "MMMM", at = {2, 1} }
function loom.update() if l:valid() then l:remove() end end'
render removed "$tmp/removed.lua" --frames 2 --fps 1
if cmp -s "$tmp/plain/frame_00001.png" "$tmp/removed/frame_00001.png" &&
    ! cmp -s "$tmp/plain/frame_00000.png" "$tmp/removed/frame_00000.png"; then
    ok "a label removed in loom.update is no longer drawn"
else
    not_ok "a label removed in loom.update is no longer drawn"
fi

# ---- a script error in a label -----------------------------------------------
scene "$tmp/bad.lua" 'loom.label{ text = "x", at = {0, 0}, size = -1 }'
if ! render bad "$tmp/bad.lua" --frames 1 &&
    grep -q "bad argument #1 to 'label' (field 'size' must be in (0, 200\], got -1)" "$tmp/bad.err"; then
    ok "a wrong label is a script error with the argument's message"
else
    not_ok "a wrong label is a script error with the argument's message" "$(head -n 1 "$tmp/bad.err")"
fi

# ---- the window draws labels as `loom render` does -----------------------------
# A still scene: the window's picture with the heads-up display hidden (Tab)
# must be the very picture `loom render` writes. Needs Xvfb and xdotool.
if need_window "the window draws labels as loom render does" && xvfb_start; then
    scene "$tmp/still.lua" 'loom.title("A title")
loom.label{ text = "MMMM", at = {2, 1} }
loom.label{ text = "on the picture", screen = {0.25, 0.75}, align = "left" }'
    mkdir -p "$tmp/shots"
    # The mover drifts; a still copy of the scene has it at rest.
    sed 's/vel = {1, 0}, //' "$tmp/still.lua" >"$tmp/shots/still.lua"
    render still "$tmp/shots/still.lua" --frames 1 --size 640x360
    loom_path=$(cd "$(dirname "$loom")" && pwd)/loom
    (cd "$tmp/shots" && exec "$loom_path" still.lua --size 640x360 >"$tmp/window.out" 2>"$tmp/window.err") &
    loom_pid=$!
    window=
    tries=50
    while [ -z "$window" ] && [ "$tries" -gt 0 ]; do
        sleep 0.1; tries=$((tries - 1))
        window=$(xdotool search --name "loom - still.lua" 2>/dev/null | tail -n 1)
    done
    sleep 0.3
    xdotool key Tab
    sleep 0.3
    xdotool key p
    wait_for "saved screenshot" "$tmp/window.out"
    xdotool key Escape
    tries=30
    while kill -0 "$loom_pid" 2>/dev/null && [ "$tries" -gt 0 ]; do sleep 0.1; tries=$((tries - 1)); done
    kill "$loom_pid" 2>/dev/null
    wait "$loom_pid" 2>/dev/null
    loom_pid=
    if [ -f "$tmp/shots/screenshots/still-001.png" ] &&
        "$pngcheck" differ "$tmp/still/frame_00000.png" "$tmp/shots/screenshots/still-001.png" | grep -q '^same$'; then
        ok "the window shows labels exactly as loom render draws them"
    else
        not_ok "the window shows labels exactly as loom render draws them" \
            "$("$pngcheck" differ "$tmp/still/frame_00000.png" "$tmp/shots/screenshots/still-001.png" 2>&1)"
    fi
fi

finish
