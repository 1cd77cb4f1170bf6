#!/bin/sh
# Runs every Lua code block of docs/tutorial.md through the loom executable
# (30 frames each, no error, nothing on stderr) and checks that each step has
# its picture. With --update, renders the pictures into docs/tutorial/
# (the last of 121 frames, 640x360).
# Usage: sh tests/cli_tutorial.sh BUILD_DIR [--update]
build=${1:-build}
loom=$build/loom
. "$(dirname "$0")/lib.sh"

# Block n of ```lua ... ``` into $tmp/stepN.lua.
awk -v dir="$tmp" '
    /^```lua$/ { n++; file = dir "/step" n ".lua"; inside = 1; next }
    /^```$/ && inside { inside = 0; close(file); next }
    inside { print > file }
' docs/tutorial.md
steps=$(ls "$tmp"/step*.lua 2>/dev/null | wc -l)
if [ "$steps" -ge 8 ]; then ok "the tutorial has $steps runnable steps (at least 8)"
else not_ok "the tutorial has at least 8 steps" "$steps"; fi

n=1
while [ -f "$tmp/step$n.lua" ]; do
    # The scripts directory is found beside the executable, as for any scene.
    if "$loom" sim "$tmp/step$n.lua" --frames 30 --quiet >"$tmp/out$n.txt" 2>"$tmp/err$n.txt" &&
        [ ! -s "$tmp/err$n.txt" ]; then
        ok "step $n runs without an error or a warning"
    else
        not_ok "step $n runs" "$(head -n 3 "$tmp/err$n.txt")"
    fi
    if [ "$2" = "--update" ]; then
        "$loom" render "$tmp/step$n.lua" --frames 121 --size 640x360 --quiet --out "$tmp/frames$n" &&
            cp "$tmp/frames$n/frame_00120.png" "docs/tutorial/step$n.png"
    fi
    if [ -f "docs/tutorial/step$n.png" ] && grep -q "(tutorial/step$n.png)" docs/tutorial.md; then
        ok "step $n shows its picture, docs/tutorial/step$n.png"
    else
        not_ok "step $n shows its picture"
    fi
    n=$((n + 1))
done

finish
