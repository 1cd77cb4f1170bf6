#!/bin/sh
# End-to-end tests of shading in 3D pictures, in rendered pixels: a cloth
# seen in perspective is a filled, lit surface (no background through its
# cells, no wireframe links on it), a curved sheet is shaded smoothly (lit per
# corner, blended) while a tetrahedron keeps crisp edges, the same cloth seen
# straight on stays a
# line diagram, a sphere collider is lit from the upper left, styled links
# stay on top of a surface, a ball on the floor casts a contact shadow, and
# the themes of loom.style colour the background, lines and labels.
# Usage: sh tests/cli_shading.sh BUILD_DIR
# Prints "ok - ..." or "not ok - ..." per check and ends with "N passed, N failed".
build=${1:-build}
loom=$build/loom
pngcheck=$build/tests/pngcheck
. "$(dirname "$0")/lib.sh"

require_built "$loom" "$pngcheck"

render() { # scene.lua out_dir
    "$loom" render "$1" --frames 1 --size 320x180 --out "$2" --quiet >/dev/null 2>"$tmp/err"
}
brightness() { # file x y -> r + g + b
    c=$("$pngcheck" pixel "$1" "$2" "$3" | sed 's/#//')
    echo $((0x$(echo "$c" | cut -c1-2) + 0x$(echo "$c" | cut -c3-4) + 0x$(echo "$c" | cut -c5-6)))
}

BACKGROUND='#f7f7f2'
STICK='#4a4f57'

# A 12 x 12 spring cloth lying flat under a sphere, seen from above at 35 degrees.
cat >"$tmp/cloth3d.lua" <<'LUA'
local cloth = require "loom.cloth"
local world = loom.world{ gravity = {0, 0, 0} }
local sheet = cloth.grid(world, { origin = {-1, 0, -1}, u = {2, 0, 0}, v = {0, 0, 2}, nu = 12,
  nv = 12, structural = true, shear = true, kind = "spring", k = 5 })
world:sphere{ center = {0, 1.2, 0}, radius = 0.4 }
if loom.param("styled", false) then
  world:stick(sheet.at(1, 1), sheet.at(12, 12), { color = "#ff0000" })
end
loom.camera{ projection = "perspective", target = {0, 0.4, 0}, yaw = 0, pitch = 35, height = 3.2 }
LUA
if render "$tmp/cloth3d.lua" "$tmp/a"; then
    f=$tmp/a/frame_00000.png
    n=$("$pngcheck" count "$f" 130 100 190 130 "$BACKGROUND" 6)
    if [ "$n" = 0 ]; then ok "a 3D cloth is filled: no background shows through its cells"
    else not_ok "a 3D cloth is filled: no background shows through its cells" "$n pixels"; fi
    n=$("$pngcheck" count "$f" 110 90 210 140 "$STICK" 10)
    if [ "$n" = 0 ]; then ok "its links are not drawn over it (not asked for)"
    else not_ok "its links are not drawn over it (not asked for)" "$n stick pixels"; fi
    c=$("$pngcheck" pixel "$f" 160 115 | sed 's/#//')
    r=$((0x$(echo "$c" | cut -c1-2))) b=$((0x$(echo "$c" | cut -c5-6)))
    if [ "$b" -gt $((r + 40)) ]; then ok "the cloth is the surface blue, lit ($c)"
    else not_ok "the cloth is the surface blue, lit" "#$c"; fi
    lit=$(brightness "$f" 150 34) dark=$(brightness "$f" 172 58)
    if [ "$lit" -gt $((dark + 60)) ]; then ok "a sphere is lit from the upper left ($lit > $dark)"
    else not_ok "a sphere is lit from the upper left" "$lit vs $dark"; fi
else
    not_ok "a 3D cloth renders" "$(head -n 3 "$tmp/err")"
fi

# A link with a colour of its own is drawn on top of the surface.
if "$loom" render "$tmp/cloth3d.lua" --set styled=true --frames 1 --size 320x180 --out "$tmp/s" \
    --quiet >/dev/null 2>"$tmp/err"; then
    n=$("$pngcheck" count "$tmp/s/frame_00000.png" 100 80 220 150 '#ff0000' 40)
    if [ "$n" -gt 20 ]; then ok "a styled link is drawn on top of the surface ($n red pixels)"
    else not_ok "a styled link is drawn on top of the surface" "$n red pixels"; fi
else
    not_ok "the styled scene renders" "$(head -n 3 "$tmp/err")"
fi

# Smooth shading: a sheet of sticks bent into a half cylinder facing the
# camera. Lit per corner and blended, its brightness across the middle row
# changes steadily (flat-lit facets stepped by 24 there), over a wide range.
cat >"$tmp/cylinder.lua" <<'LUA'
local world = loom.world{ gravity = {0, 0, 0} }
local NU, NV, at = 13, 9, {}
for i = 1, NU do
  at[i] = {}
  local a = math.rad(-80 + 160 * (i - 1) / (NU - 1))
  for j = 1, NV do
    at[i][j] = world:particle{ pos = {math.sin(a), -1 + 2 * (j - 1) / (NV - 1), math.cos(a)} }
  end
end
for i = 1, NU do
  for j = 1, NV do
    if i < NU then world:stick(at[i][j], at[i + 1][j]) end
    if j < NV then world:stick(at[i][j], at[i][j + 1]) end
    if i < NU and j < NV then
      world:stick(at[i][j], at[i + 1][j + 1])
      world:stick(at[i + 1][j], at[i][j + 1])
    end
  end
end
loom.camera{ projection = "perspective", target = {0, 0, 0}, yaw = 0, pitch = 10, height = 3 }
return world
LUA
if render "$tmp/cylinder.lua" "$tmp/cyl"; then
    f=$tmp/cyl/frame_00000.png
    step=0 low=765 high=0 prev=
    x=104
    while [ $x -le 216 ]; do # the sheet spans x = 97..219 on row 90
        b=$(brightness "$f" $x 90)
        if [ -n "$prev" ]; then
            d=$((b - prev)); d=${d#-}
            [ $d -gt $step ] && step=$d
        fi
        prev=$b
        [ $b -lt $low ] && low=$b
        [ $b -gt $high ] && high=$b
        x=$((x + 1))
    done
    if [ $step -le 10 ] && [ $((high - low)) -ge 80 ]; then
        ok "a curved sheet is shaded smoothly (largest step $step, range $low..$high)"
    else
        not_ok "a curved sheet is shaded smoothly" "largest step $step, range $low..$high"
    fi
    if "$loom" render "$tmp/cylinder.lua" --frames 1 --size 320x180 --threads 2 --out "$tmp/cyl2" \
        --quiet >/dev/null 2>"$tmp/err" &&
        "$pngcheck" differ "$f" "$tmp/cyl2/frame_00000.png" | grep -q '^same$'; then
        ok "the smooth picture is the same with --threads 2"
    else
        not_ok "the smooth picture is the same with --threads 2" "$(head -n 3 "$tmp/err")"
    fi
else
    not_ok "the half cylinder renders" "$(head -n 3 "$tmp/err")"
fi

# A tetrahedron of collision faces keeps crisp edges: its faces meet at 70
# degrees, so each is lit by its own normal, one colour across it.
cat >"$tmp/tetrahedron.lua" <<'LUA'
local world = loom.world{ gravity = {0, 0, 0} }
local p = {
  world:particle{ pos = {-1, -0.8, -0.6} }, world:particle{ pos = {1, -0.8, -0.6} },
  world:particle{ pos = {0, -0.8, 1.1} }, world:particle{ pos = {0, 1, 0} },
}
for i = 1, 4 do for j = i + 1, 4 do world:stick(p[i], p[j]) end end
world:face(p[1], p[2], p[4]); world:face(p[2], p[3], p[4])
world:face(p[3], p[1], p[4]); world:face(p[1], p[3], p[2])
loom.camera{ projection = "perspective", target = {0, 0, 0}, yaw = 20, pitch = 15, height = 3 }
return world
LUA
if render "$tmp/tetrahedron.lua" "$tmp/tet"; then
    f=$tmp/tet/frame_00000.png
    # Four points inside the front face, one on the side face.
    a=$("$pngcheck" pixel "$f" 155 60) b=$("$pngcheck" pixel "$f" 120 120)
    c=$("$pngcheck" pixel "$f" 175 150) d=$("$pngcheck" pixel "$f" 140 100)
    front=$(brightness "$f" 140 100) side=$(brightness "$f" 188 110)
    if [ "$a" = "$b" ] && [ "$b" = "$c" ] && [ "$c" = "$d" ] && [ "$front" -gt $((side + 60)) ]; then
        ok "a tetrahedron's faces are flat-lit, its edges crisp ($a, side $side < $front)"
    else
        not_ok "a tetrahedron's faces are flat-lit, its edges crisp" "$a $b $c $d, side $side, front $front"
    fi
else
    not_ok "the tetrahedron renders" "$(head -n 3 "$tmp/err")"
fi

# A sheet lying on a box (a tablecloth on a table) hides the box's top
# edges: they are sorted at their far end's depth, as the box's faces are,
# not at their middle, which painted the far half of each over the sheet.
cat >"$tmp/table.lua" <<'LUA'
local cloth = require "loom.cloth"
local world = loom.world{ gravity = {0, 0, 0} }
world:obb{ center = {0, 0, 0}, size = {2, 0.5, 1.4} }
cloth.grid(world, { origin = {-1.3, 0.27, -1}, u = {2.6, 0, 0}, v = {0, 0, 2}, nu = 14, nv = 12,
  structural = true, shear = true, kind = "stick" })
loom.camera{ projection = "perspective", target = {0, 0, 0}, yaw = 30, pitch = 28, height = 3 }
return world
LUA
if render "$tmp/table.lua" "$tmp/table"; then
    # The sheet's top, over the box's top edges (143 ink pixels when they showed).
    n=$("$pngcheck" count "$tmp/table/frame_00000.png" 80 50 225 90 '#2b2d31' 60)
    if [ "$n" = 0 ]; then ok "a sheet on a box hides the box's edges under it"
    else not_ok "a sheet on a box hides the box's edges under it" "$n ink pixels"; fi
    n=$("$pngcheck" count "$tmp/table/frame_00000.png" 100 110 240 150 '#2b2d31' 60)
    if [ "$n" -gt 20 ]; then ok "the box's edges below the sheet still show ($n ink pixels)"
    else not_ok "the box's edges below the sheet still show" "$n ink pixels"; fi
else
    not_ok "the sheet on a box renders" "$(head -n 3 "$tmp/err")"
fi

# Crossing surfaces: a red triangle in the plane z = 0 and a blue one in the
# plane z = x cross along x = 0. Seen from +z the red one is nearer left of
# the crossing and the blue one right of it, pixel by pixel (a depth
# buffer): their centroids are equally deep, so painting whole triangles in
# order showed one of them on both sides.
cat >"$tmp/crossing.lua" <<'LUA'
local world = loom.world{ gravity = {0, 0, 0} }
local function p(x, y, z, c) return world:particle{ pos = {x, y, z}, color = c } end
world:face(p(-1, -1, 0, "#e02020"), p(1, -1, 0, "#e02020"), p(0, 1, 0, "#e02020"))
world:face(p(-1, -0.5, -1, "#2020e0"), p(1, -0.5, 1, "#2020e0"), p(0, 0.8, 0, "#2020e0"))
loom.camera{ projection = "perspective", target = {0, 0, 0}, yaw = 0, pitch = 0, height = 3 }
return world
LUA
if "$loom" render "$tmp/crossing.lua" --frames 1 --size 640x640 --out "$tmp/crossing" --quiet \
    >/dev/null 2>"$tmp/err"; then
    f=$tmp/crossing/frame_00000.png
    # x = -0.4 and +0.4 at y = -0.2: 213 pixels per metre at z = 0, from (320, 320).
    left=$("$pngcheck" pixel "$f" 234 362 | sed 's/#//') right=$("$pngcheck" pixel "$f" 405 362 | sed 's/#//')
    lr=$((0x$(echo "$left" | cut -c1-2))) lb=$((0x$(echo "$left" | cut -c5-6)))
    rr=$((0x$(echo "$right" | cut -c1-2))) rb=$((0x$(echo "$right" | cut -c5-6)))
    if [ "$lr" -gt $((lb + 60)) ] && [ "$rb" -gt $((rr + 60)) ]; then
        ok "crossing surfaces: the nearer one shows on each side of the crossing (#$left, #$right)"
    else
        not_ok "crossing surfaces: the nearer one shows on each side of the crossing" "#$left, #$right"
    fi
else
    not_ok "the crossing surfaces render" "$(head -n 3 "$tmp/err")"
fi

# The same cloth upright in the xy plane, seen straight on: a diagram of links.
cat >"$tmp/cloth2d.lua" <<'LUA'
local cloth = require "loom.cloth"
local world = loom.world{ gravity = {0, 0, 0} }
cloth.grid(world, { origin = {-1, -1, 0}, u = {2, 0, 0}, v = {0, 2, 0}, nu = 6, nv = 6,
  structural = true, shear = true, kind = "stick" })
LUA
if render "$tmp/cloth2d.lua" "$tmp/b"; then
    n=$("$pngcheck" count "$tmp/b/frame_00000.png" 130 60 190 120 "$BACKGROUND" 6)
    if [ "$n" -gt 1000 ]; then ok "a flat cloth seen straight on stays a diagram ($n background pixels)"
    else not_ok "a flat cloth seen straight on stays a diagram" "$n background pixels"; fi
else
    not_ok "a flat cloth renders" "$(head -n 3 "$tmp/err")"
fi

# A ball resting on a world box's floor darkens the floor around its foot.
cat >"$tmp/ball.lua" <<'LUA'
local world = loom.world{ gravity = {0, 0, 0} }
world:box{ min = {-1, 0, -1}, max = {1, 1, 1} }
world:particle{ pos = {0, 0.2, 0}, radius = 0.2, mass = 1 }
loom.camera{ projection = "perspective", target = {0, 0.2, 0}, yaw = 0, pitch = 60, height = 1.2 }
LUA
if render "$tmp/ball.lua" "$tmp/c"; then
    f=$tmp/c/frame_00000.png
    # Beside the ball, on the floor: shadow; far from it: plain floor.
    near=$(brightness "$f" 160 128) far=$(brightness "$f" 60 150)
    if [ "$near" -lt "$far" ]; then ok "a ball on the floor casts a contact shadow ($near < $far)"
    else not_ok "a ball on the floor casts a contact shadow" "$near vs $far"; fi
else
    not_ok "a ball scene renders" "$(head -n 3 "$tmp/err")"
fi

# Themes: the background, and print's heavier black lines.
cat >"$tmp/stick.lua" <<'LUA'
local theme = loom.param("theme", "light")
loom.style{ theme = theme }
local world = loom.world{ gravity = {0, 0, 0} }
world:stick(world:particle{ pos = {-1, 0} }, world:particle{ pos = {1, 0} })
loom.label{ text = "ink", screen = {0.5, 0.2}, size = 40 }
return world
LUA
for theme in light dark print; do
    "$loom" render "$tmp/stick.lua" --set theme=$theme --frames 1 --size 320x180 --out "$tmp/$theme" \
        --quiet >/dev/null 2>"$tmp/err" || not_ok "theme $theme renders" "$(head -n 3 "$tmp/err")"
done
for pair in 'light #f7f7f2' 'dark #1c1f24' 'print #ffffff'; do
    theme=${pair% *} colour=${pair#* }
    got=$("$pngcheck" pixel "$tmp/$theme/frame_00000.png" 5 170)
    if [ "$got" = "$colour" ]; then ok "theme $theme: background $colour"
    else not_ok "theme $theme: background $colour" "got $got"; fi
done
for theme in light dark print; do
    "$loom" render "$tmp/stick.lua" --set theme=$theme --frames 1 --out "$tmp/big_$theme" \
        --quiet >/dev/null 2>"$tmp/err" || not_ok "theme $theme renders at 1280x720"
done
# Pixels of the box that are not the background: the line's width times 121.
light=$((121 * 81 - $("$pngcheck" count "$tmp/big_light/frame_00000.png" 580 320 700 400 '#f7f7f2' 8)))
print=$((121 * 81 - $("$pngcheck" count "$tmp/big_print/frame_00000.png" 580 320 700 400 '#ffffff' 8)))
dark=$("$pngcheck" count "$tmp/big_print/frame_00000.png" 580 320 700 400 '#000000' 60)
if [ "$print" -gt $((light * 5 / 4)) ] && [ "$dark" -gt 100 ]; then
    ok "print draws the stick black and heavier ($print > $light line pixels, $dark black)"
else not_ok "print draws the stick black and heavier" "$print vs $light line pixels, $dark black"; fi
# The label's letters in the light ink, on a panel of the dark background
# (a pale panel under light ink could not be read).
light_ink=$("$pngcheck" count "$tmp/big_dark/frame_00000.png" 400 80 880 220 '#e4e4de' 40)
dark_panel=$("$pngcheck" count "$tmp/big_dark/frame_00000.png" 400 80 880 220 '#1c1f24' 24)
if [ "$light_ink" -gt 200 ] && [ "$dark_panel" -gt $((light_ink * 5)) ]; then
    ok "dark: a label in the default colour takes the light ink ($light_ink pixels on $dark_panel dark)"
else
    not_ok "dark: a label in the default colour takes the light ink" \
        "$light_ink ink pixels, $dark_panel dark"
fi

# The window shows the same shaded, themed pixels as loom render (P saves
# the picture without the heads-up display).
if need_window "the window shows what loom render draws" && xvfb_start; then
    mkdir -p "$tmp/win"
    sed 's/^local cloth = require "loom.cloth"$/local cloth = require "loom.cloth"\nloom.style{ theme = "dark" }/' \
        "$tmp/cloth3d.lua" >"$tmp/win/still.lua"
    "$loom" render "$tmp/win/still.lua" --frames 1 --size 640x360 --out "$tmp/still" --quiet \
        >/dev/null 2>&1
    loom_path=$(cd "$(dirname "$loom")" && pwd)/loom
    (cd "$tmp" && exec "$loom_path" win/still.lua --size 640x360 >"$tmp/window.out" \
        2>"$tmp/window.err") &
    loom_pid=$!
    tries=50
    window=
    while [ -z "$window" ] && [ "$tries" -gt 0 ]; do
        sleep 0.1; tries=$((tries - 1))
        window=$(xdotool search --name "loom - still.lua" 2>/dev/null | tail -n 1)
    done
    sleep 0.5
    xdotool key p
    wait_for "saved screenshot" "$tmp/window.out"
    xdotool key Escape
    tries=30
    while kill -0 "$loom_pid" 2>/dev/null && [ "$tries" -gt 0 ]; do sleep 0.1; tries=$((tries - 1)); done
    kill "$loom_pid" 2>/dev/null
    wait "$loom_pid" 2>/dev/null
    loom_pid=
    shot=$tmp/win/screenshots/still-001.png
    if [ -f "$shot" ] && "$pngcheck" differ "$tmp/still/frame_00000.png" "$shot" | grep -q '^same$'; then
        ok "the window shows the shaded, dark-themed picture exactly as loom render draws it"
    else
        not_ok "the window shows the shaded, dark-themed picture exactly as loom render draws it" \
            "$("$pngcheck" differ "$tmp/still/frame_00000.png" "$shot" 2>&1) $(cat "$tmp/window.err")"
    fi
fi

finish
