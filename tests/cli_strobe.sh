#!/bin/sh
# Strobe pictures (p:trail{ strobe = DT }), in rendered pixels: a copy of the
# particle every DT seconds, at the places the motion puts it, only over the
# trail's seconds, faded when asked; and the example's copies lie on the
# closed form of free fall and of a horizontal throw; `loom render --at`
# writes the same figure alone.
# Usage: sh tests/cli_strobe.sh BUILD_DIR
build=${1:-build}
loom=$build/loom
pngcheck=$build/tests/pngcheck
. "$(dirname "$0")/lib.sh"

require_built "$loom" "$pngcheck"

# A 10 m tall orthographic view centred on the origin: at 1280x720 a world
# point (x, y) lands on pixel (640 + 72 x, 360 - 72 y). No gravity: a
# particle at 2 m/s from x = -4 copies itself every 0.5 s, 1 m apart.
# $1: the file, $2: the trail's fields.
scene() {
    cat >"$1" <<LUA
local world = loom.world{ gravity = {0, 0, 0} }
local p = world:particle{ pos = {-4, 0}, vel = {2, 0}, radius = 0.15, color = "#ff0000" }
p:trail{ $2 }
loom.camera{ projection = "orthographic", target = {0, 0, 0}, height = 10 }
return world
LUA
}
render() {
    name=$1; file=$2; shift 2
    "$loom" render "$file" --out "$tmp/$name" --quiet "$@" >"$tmp/$name.out" 2>"$tmp/$name.err"
}
# red FILE X Y: pixels of the 5x5 box around (X, Y) within 40 of pure red
red() { "$pngcheck" count "$1" $(($2 - 2)) $(($3 - 2)) $(($2 + 2)) $(($3 + 2)) '#ff0000' 40; }
same() { if [ "$2" = "$3" ]; then ok "$1"; else not_ok "$1" "got: $3, expected $2"; fi; }

# t = 2 s (frame 120): copies at t = 0, 0.5, 1, 1.5, 2 s, x = -4, -3, -2, -1, 0.
scene "$tmp/five.lua" 'strobe = 0.5, seconds = 10'
if render five "$tmp/five.lua" --frames 121; then
    f="$tmp/five/frame_00120.png"
    got=""
    for x in -4 -3 -2 -1 0; do got="$got $(red "$f" $((640 + 72 * x)) 360)"; done
    same "five copies, 1 m apart, at x = -4 .. 0 (red 5x5 boxes)" " 25 25 25 25 25" "$got"
    got=""
    for x in -4 -3 -2 -1; do got="$got $(red "$f" $((640 + 72 * x + 36)) 360)"; done
    same "nothing between two copies (half a metre on)" " 0 0 0 0" "$got"
    same "nothing ahead of the particle" "0" "$(red "$f" $((640 + 72)) 360)"
else
    not_ok "render a strobe" "$tmp/five.err"
fi

# seconds = 1.2: only the copies of the last 1.2 s (t = 1, 1.5, 2 s).
scene "$tmp/three.lua" 'strobe = 0.5, seconds = 1.2'
if render three "$tmp/three.lua" --frames 121; then
    f="$tmp/three/frame_00120.png"
    got=""
    for x in -4 -3 -2 -1 0; do got="$got $(red "$f" $((640 + 72 * x)) 360)"; done
    same "over seconds = 1.2 only the last three copies are drawn" " 0 0 25 25 25" "$got"
else
    not_ok "render a strobe over 1.2 s" "$tmp/three.err"
fi

# fade = true: the oldest copy is the palest, the newest as red as the particle.
scene "$tmp/fade.lua" 'strobe = 0.5, seconds = 10, fade = true'
if render fade "$tmp/fade.lua" --frames 121; then
    f="$tmp/fade/frame_00120.png"
    # the green channel of each copy's centre: falling from the oldest to the newest
    greens=""
    for x in -4 -3 -2 -1; do
        px=$("$pngcheck" pixel "$f" $((640 + 72 * x)) 360)
        greens="$greens $(printf '%d' "0x$(echo "$px" | cut -c 4-5)")"
    done
    if echo "$greens" | awk '{ for (i = 2; i <= NF; i++) if ($i >= $(i - 1)) bad = 1; exit bad }' &&
        [ "$(echo "$greens" | awk '{ print $1 }')" -gt 180 ]; then
        ok "faded: each copy redder than the one before, the oldest pale (green:$greens)"
    else
        not_ok "faded: each copy redder than the one before, the oldest pale" "green:$greens"
    fi
else
    not_ok "render a faded strobe" "$tmp/fade.err"
fi

# The example at t = 0.9 s: every copy in its closed-form place. Its camera:
# target (2.2, 2.55), 6 m tall: pixel (640 + 120 (x - 2.2), 360 - 120 (y - 2.55)).
if render example examples/draw_projectile_strobe.lua --frames 55; then
    f="$tmp/example/frame_00054.png"
    bad=""
    # (from 0.2 s: the copies at 0 and 0.1 s are 5 cm apart and overlap)
    for k in 2 3 4 5 6 7 8 9; do
        at=$(awk -v k="$k" 'BEGIN { t = k / 10; y = 5 - 0.5 * 9.81 * t * t;
            printf "%d %d %d", 640 + 120 * (0 - 2.2) + 0.5, 640 + 120 * (0.4 + 3 * t - 2.2) + 0.5,
                360 - 120 * (y - 2.55) + 0.5 }')
        set -- $at
        # 3x3 boxes 3 pixels above and below the centre (the dashed line
        # through the centres is 1 point wide)
        d=$(($("$pngcheck" count "$f" $(($1 - 1)) $(($3 - 4)) $(($1 + 1)) $(($3 - 2)) '#d62728' 40) +
            $("$pngcheck" count "$f" $(($1 - 1)) $(($3 + 2)) $(($1 + 1)) $(($3 + 4)) '#d62728' 40)))
        tw=$(($("$pngcheck" count "$f" $(($2 - 1)) $(($3 - 4)) $(($2 + 1)) $(($3 - 2)) '#1f63d6' 40) +
            $("$pngcheck" count "$f" $(($2 - 1)) $(($3 + 2)) $(($2 + 1)) $(($3 + 4)) '#1f63d6' 40)))
        [ "$d" = 18 ] && [ "$tw" = 18 ] || bad="$bad t=0.$k($d,$tw)"
    done
    same "the example: each 0.1 s copy from 0.2 s of both balls at x0 + v t, h - g t^2 / 2" "" "$bad"
else
    not_ok "render the strobe example" "$tmp/example.err"
fi

# One command makes the handout figure: `loom render --at 0.9` writes just
# that moment, byte for byte the full render's frame 54 (the copies are taken
# as the world steps, whether a frame is drawn or not).
if "$loom" render examples/draw_projectile_strobe.lua --at 0.9 --out "$tmp/at" --quiet \
    2>"$tmp/at.err"; then
    same "render --at 0.9 writes only that moment" "frame_00054.png" "$(ls "$tmp/at")"
    if cmp -s "$tmp/at/frame_00054.png" "$tmp/example/frame_00054.png"; then
        ok "the strobe figure at 0.9 s is the full render's frame, byte for byte"
    else
        not_ok "the strobe figure at 0.9 s is the full render's frame, byte for byte"
    fi
else
    not_ok "render --at 0.9 of the strobe example" "$tmp/at.err"
fi

finish
