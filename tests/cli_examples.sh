#!/bin/sh
# Finding the examples: `loom examples [DIR]` lists a folder's scenes with the
# first sentence of each header comment, word for word; every example has a
# gallery picture linked from the README; `loom DIR` opens a picker window of
# the pictures (under Xvfb): hovering names the scene in the title, a click
# opens that scene's own window.
# Usage: sh tests/cli_examples.sh BUILD_DIR
build=${1:-build}
loom=$(cd "$(dirname "$build/loom")" && pwd)/loom
. "$(dirname "$0")/lib.sh"
same() { if [ "$2" = "$3" ]; then ok "$1"; else not_ok "$1" "got: $3"; fi; }

mkdir -p "$tmp/scenes"
cat >"$tmp/scenes/b_ball.lua" <<'LUA'
-- b_ball.lua — a ball that falls
-- onto nothing at all. More text here.
local world = loom.world{}
world:particle{ pos = {0, 0}, radius = 0.5, color = "red" }
loom.camera{ target = {0, 0}, height = 3 }
return world
LUA
cat >"$tmp/scenes/a_pin.lua" <<'LUA'
-- a_pin.lua - a pinned particle.
local world = loom.world{}
world:pin(world:particle{ pos = {0, 0}, radius = 0.5, color = "blue" })
loom.camera{ target = {0, 0}, height = 3 }
return world
LUA
echo 'not a scene' >"$tmp/scenes/notes.txt"
got=$("$loom" examples "$tmp/scenes")
same "loom examples DIR: one line per scene, in name order" \
"a_pin.lua   a pinned particle.
b_ball.lua  a ball that falls onto nothing at all." "$got"

got=$("$loom" examples "$tmp/nowhere" 2>&1)
same "a missing folder is named" "loom: cannot open the folder $tmp/nowhere" "$got"

listed=$("$loom" examples | wc -l)
scenes=$(ls examples/*.lua | wc -l)
same "loom examples lists every example of examples/" "$scenes" "$listed"
if "$loom" examples | awk '{ if (NF < 3) bad = 1 } END { exit bad }'; then
    ok "every example has a one-line summary"
else
    not_ok "every example has a one-line summary"
fi

missing=""
for scene in examples/*.lua; do
    name=$(basename "$scene" .lua)
    [ -f "docs/gallery/$name.png" ] && grep -q "(docs/gallery/$name.png)" README.md || missing="$missing $name"
done
same "the README links every example's picture" "" "$missing"

# ---- the picker window ----
if ! need_window "the picker window" || ! xvfb_start 1280x800x24; then
    finish
    exit
fi
"$loom" render "$tmp/scenes/a_pin.lua" --frames 1 --size 320x180 --quiet --out "$tmp/a" &&
    cp "$tmp/a/frame_00000.png" "$tmp/scenes/a_pin.png"
"$loom" "$tmp/scenes" 2>"$tmp/err" &
loom_pid=$!
window=
for _ in $(seq $((50 * slowdown))); do
    window=$(xdotool search --name "^loom - " 2>/dev/null | head -n 1)
    [ -n "$window" ] && break
    sleep 0.1
done
title() { xdotool getwindowname "$window" 2>/dev/null; }
same "loom DIR opens a picker window" "loom - $tmp/scenes (click a scene to open it)" "$(title)"
# The second cell (b_ball, no picture: a grey box) at 8 + 248 + 120, 8 + 67.
xdotool mousemove --window "$window" 376 75
# The title changes at the next picture (a few in make check's slower build).
for _ in $(seq $((30 * slowdown))); do
    [ "$(title)" = "loom - b_ball.lua: a ball that falls onto nothing at all." ] && break
    sleep 0.1
done
same "hovering names the scene and its summary" "loom - b_ball.lua: a ball that falls onto nothing at all." "$(title)"
xdotool mousemove --window "$window" 128 75 click 1
for _ in $(seq $((50 * slowdown))); do
    grep -q "opening" "$tmp/err" && [ "$(title)" = "loom - a_pin.lua" ] && break
    sleep 0.1
done
same "a click says what it opens" "loom: opening $tmp/scenes/a_pin.lua" "$(head -n 1 "$tmp/err")"
window=$(xdotool search --name "^loom - a_pin.lua$" 2>/dev/null | head -n 1)
if [ -n "$window" ] && kill -0 "$loom_pid" 2>/dev/null; then
    ok "and the same process shows the scene's window"
else
    not_ok "the scene's window opens" "$(cat "$tmp/err")"
fi

finish
