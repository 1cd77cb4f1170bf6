#!/bin/sh
# End-to-end tests of a scene's own drawing through the loom executable, in
# rendered pixels: every loom.draw primitive lands where its coordinates say
# and in its colour, trails and arrows follow their particle, plot panels
# take the right-hand strip and the scene moves out of their way, the
# pictures are byte-identical run to run, and the window shows the very
# pixels `loom render` writes.
# Usage: sh tests/cli_draw.sh BUILD_DIR
# Prints "ok - ..." or "not ok - ..." per check and ends with "N passed, N failed".
build=${1:-build}
loom=$build/loom
pngcheck=$build/tests/pngcheck
. "$(dirname "$0")/lib.sh"

require_built "$loom" "$pngcheck"

# Colours are found by their exact value, so each reads on the light theme
# as given (text 4.5:1, lines 3:1; a fainter one would be drawn shaded).
# A scene with a 10 m tall orthographic view centred on the origin: at
# 1280x720 a world point (x, y) lands on pixel (640 + 72 x, 360 - 72 y).
# $1: the file, $2: Lua lines added before `return world`.
scene() {
    cat >"$1" <<LUA
local world = loom.world{ gravity = {0, 0, 0} }
world:particle{ pos = {-4.9, -4.9}, mass = 0 }
world:particle{ pos = {4.9, 4.9}, mass = 0 }
loom.camera{ projection = "orthographic", target = {0, 0, 0}, height = 10 }
$2
return world
LUA
}

# render NAME SCENE [loom options]: frames into $tmp/NAME; false on failure.
render() {
    name=$1; file=$2; shift 2
    "$loom" render "$file" --out "$tmp/$name" "$@" >"$tmp/$name.out" 2>"$tmp/$name.err"
}

# is NAME FILE X Y COLOUR: the pixel has the colour (each channel within 12).
is() {
    got=$("$pngcheck" count "$2" "$3" "$4" "$3" "$4" "$5" 12)
    if [ "$got" = 1 ]; then ok "$1"; else not_ok "$1" "pixel $3,$4 is $("$pngcheck" pixel "$2" "$3" "$4"), expected $5"; fi
}
# count FILE X0 Y0 X1 Y1 COLOUR: pixels of the box within 12 of the colour.
count() { "$pngcheck" count "$1" "$2" "$3" "$4" "$5" "$6" 12; }
# at_least NAME VALUE MIN
at_least() {
    if [ "$2" -ge "$3" ]; then ok "$1"; else not_ok "$1" "got $2, expected at least $3"; fi
}

background='#f7f7f2'

# ---- the primitives ----------------------------------------------------------
scene "$tmp/shapes.lua" 'function loom.draw()
  loom.line({-4, -3}, {-1, -3}, { color = "#ff0000", width = 6 })
  loom.arrow({1, -3}, {2, 0}, { color = "#0000ff", width = 4, head = 20 })
  loom.circle({3, 2}, 0.5, { fill = "#00ff00", width = 0 })
  loom.circle({3, -1}, 0.5, { color = "#ff00ff", width = 4 })
  -- an L: the notch at its top right must stay empty
  loom.polygon({{-4, 1}, {-2, 1}, {-2, 2}, {-3, 2}, {-3, 4}, {-4, 4}}, { fill = "#ffff00", width = 0 })
  loom.polyline({{0, 1}, {2, 1}}, { color = "#000000", width = 4, dash = 10 })
  loom.polyline({{-4, -1}, {-3, -1}, {-3, -2}}, { color = "#8000ff", width = 4 })
  loom.line({0.5, 0.1}, {0.9, 0.1}, { screen = true, color = "#008b8b", width = 4 })
  loom.circle({0.1, 0.9}, 0.05, { screen = true, fill = "#ff8000", width = 0 })
  loom.text({0.25, 0.75}, "MMMM", { screen = true, color = "#000000", size = 22 })
end'
scene "$tmp/plain.lua" ''
render shapes "$tmp/shapes.lua" --frames 1 || not_ok "render the shapes" "$(cat "$tmp/shapes.err")"
render plain "$tmp/plain.lua" --frames 1 || not_ok "render the plain scene" "$(cat "$tmp/plain.err")"
f=$tmp/shapes/frame_00000.png
is "a line lands on its world points, in its colour" "$f" 460 576 '#ff0000'
is "a line is as wide as asked (6 points: 3 pixels each side)" "$f" 460 578 '#ff0000'
is "beside a line is background" "$f" 460 584 "$background"
is "a line ends where it ends (square cap: half its width)" "$f" 575 576 "$background"
is "an arrow's shaft" "$f" 748 576 '#0000ff'
is "an arrow's head at its tip" "$f" 852 576 '#0000ff'
is "an arrow's head is wider than its shaft" "$f" 840 579 '#0000ff'
is "past an arrow's tip is background" "$f" 860 576 "$background"
is "a filled circle's middle" "$f" 856 216 '#00ff00'
is "a filled circle's edge is its radius away" "$f" 890 216 '#00ff00'
is "outside a circle is background" "$f" 896 216 "$background"
is "an outlined circle's ring" "$f" 892 432 '#ff00ff'
is "an outlined circle is hollow" "$f" 856 432 "$background"
is "a polygon's fill (lower arm)" "$f" 400 270 '#ffff00'
is "a polygon's fill (upper arm)" "$f" 388 100 '#ffff00'
is "a concave polygon leaves its notch empty" "$f" 460 100 "$background"
is "a polyline's first leg" "$f" 400 432 '#8000ff'
is "a polyline's second leg" "$f" 424 470 '#8000ff'
is "a polyline's corner is filled (mitred)" "$f" 425 433 '#8000ff'
is "a polyline is open (no leg back to its start)" "$f" 395 470 "$background"
is "a dash" "$f" 645 288 '#000000'
is "a gap between dashes" "$f" 655 288 "$background"
is "the next dash" "$f" 665 288 '#000000'
is "a screen line is placed in fractions of the picture" "$f" 1000 72 '#008b8b'
is "a screen circle's size is a fraction of the picture height" "$f" 128 648 '#ff8000'
is "... and its radius is 36 pixels at 720 lines" "$f" 128 688 "$background"
dark=$(count "$f" 310 520 410 560 '#000000')
at_least "screen text is drawn at its place" "$dark" 30
if cmp -s "$f" "$tmp/plain/frame_00000.png"; then
    not_ok "drawing changes the picture"
else
    ok "drawing changes the picture"
fi
render again "$tmp/shapes.lua" --frames 1
if cmp -s "$f" "$tmp/again/frame_00000.png"; then
    ok "two renders of a drawing are byte-identical"
else
    not_ok "two renders of a drawing are byte-identical"
fi
# At half the size everything is where it was, at half the scale.
render small "$tmp/shapes.lua" --frames 1 --size 640x360
is "at 640x360 the line is at half the coordinates" "$tmp/small/frame_00000.png" 230 288 '#ff0000'
is "at 640x360 the filled circle too" "$tmp/small/frame_00000.png" 428 108 '#00ff00'

# A drawing at the limits: 1-point dashes along 50000 points spread far
# outside the picture, and a huge filled polygon, still render (clipped,
# dashes capped), and draw what is inside the picture.
scene "$tmp/huge.lua" 'local far = {}
for i = 1, 50000 do far[i] = { (i % 2 == 0) and -1e6 or 1e6, -4 + i * 4e-5 } end
local ring = {}
for i = 1, 4096 do local a = 2 * math.pi * i / 4096; ring[i] = { 1e7 * math.cos(a), 1e7 * math.sin(a) } end
function loom.draw()
  loom.polygon(ring, { fill = "#ccccff", width = 0 })
  loom.polyline(far, { dash = 1, width = 1 })
  loom.line({0, 0}, {1, 0}, { color = "#ff0000", width = 6 })
end'
# (About 0.7 s of processor time: its 10 s time limit, wall-clock, is raised
# with the load and the build's slowness: tests/lib.sh's backstop.)
if render huge "$tmp/huge.lua" --frames 1 --timeout "$(backstop 10)"; then
    ok "a drawing at the limits renders"
else
    not_ok "a drawing at the limits renders" "$(head -n 3 "$tmp/huge.err")"
fi
is "... with what lies inside the picture" "$tmp/huge/frame_00000.png" 676 360 '#ff0000'
is "... over a polygon far larger than the picture, clipped and filled" "$tmp/huge/frame_00000.png" 100 700 '#ccccff'

# ---- errors ------------------------------------------------------------------
scene "$tmp/bad.lua" 'function loom.draw() loom.circle({0, 0}, -1) end'
if ! render bad "$tmp/bad.lua" --frames 1 &&
    grep -q "bad argument #2 to 'circle' (radius must be >= 0, got -1)" "$tmp/bad.err"; then
    ok "an error in loom.draw stops loom render with the argument's message"
else
    not_ok "an error in loom.draw stops loom render with the argument's message" "$(head -n 1 "$tmp/bad.err")"
fi
scene "$tmp/outside.lua" 'loom.line({0, 0}, {1, 1})'
if ! render outside "$tmp/outside.lua" --frames 1 &&
    grep -q "loom.line can only be called inside loom.draw" "$tmp/outside.err"; then
    ok "drawing outside loom.draw is an error"
else
    not_ok "drawing outside loom.draw is an error" "$(head -n 1 "$tmp/outside.err")"
fi

# ---- trails and arrows ---------------------------------------------------------
# The mover goes 1 m/s to the right from (-4, 3): after one second (frame 1
# at 1 frame per second: 60 steps, each sampled) its trail covers x = -4 ..
# -3, pixels 352 .. 424 on row 144.
scene "$tmp/trail.lua" 'local mover = world:particle{ pos = {-4, 3}, vel = {1, 0} }
mover:trail{ seconds = 10, color = "#ff00ff", width = 4, fade = false }
local faded = world:particle{ pos = {-4, 0}, vel = {1, 0} }
faded:trail{ seconds = 1, color = "#0000ff", width = 4 }
local arrowed = world:particle{ pos = {1, -2}, vel = {2, 0} }
arrowed:arrow("velocity", { scale = 1, color = "#008000" })'
render trail "$tmp/trail.lua" --frames 2 --fps 1 || not_ok "render the trails" "$(cat "$tmp/trail.err")"
f=$tmp/trail/frame_00001.png
is "a trail runs along the particle's path" "$f" 370 144 '#ff00ff'
is "a trail starts where the particle was" "$f" 356 144 '#ff00ff'
is "before the trail's start is background" "$f" 345 144 "$background"
tail=$("$pngcheck" pixel "$f" 358 360)
head=$("$pngcheck" pixel "$f" 415 360)
# red channel: 0 where the blue trail is opaque, up to 0xf7 where it has faded away
head_red=$(printf '%d' "0x$(echo "$head" | cut -c2-3)")
tail_red=$(printf '%d' "0x$(echo "$tail" | cut -c2-3)")
if [ "$head_red" -lt 64 ] && [ "$tail_red" -gt 160 ] && [ "$tail" != "$background" ]; then
    ok "a fading trail is full colour at the particle and faint at its tail"
else
    not_ok "a fading trail is full colour at the particle and faint at its tail" "tail $tail, head $head"
fi
is "no trail at frame 0" "$tmp/trail/frame_00000.png" 380 144 "$background"
# After one second the arrowed particle is at (3, -2), its velocity arrow 2 m long.
is "a velocity arrow starts at its particle" "$f" 870 504 '#008000'
is "... and is as long as the velocity times scale" "$f" 995 504 '#008000'
is "... and no longer" "$f" 1004 504 "$background"
render trail_again "$tmp/trail.lua" --frames 2 --fps 1
if cmp -s "$f" "$tmp/trail_again/frame_00001.png"; then
    ok "trails and arrows are byte-identical run to run"
else
    not_ok "trails and arrows are byte-identical run to run"
fi

# A falling particle of 2 kg: its net force arrow points down, m g long
# (19.62 N at 0.1 m/N: 1.96 m, 141 pixels), once two steps have measured it
# (Verlet's velocity after the first step is the mean over that step).
cat >"$tmp/force.lua" <<'LUA'
local world = loom.world{ gravity = {0, -9.81, 0} }
local ball = world:particle{ pos = {2, 3}, mass = 2 }
ball:arrow("force", { scale = 0.1, color = "#ff0000" })
local other = world:particle{ pos = {-2, 3}, mass = 2 }
other:arrow("acceleration", { scale = 0.1, color = "#0000ff" })
world:particle{ pos = {-4.9, -4.9}, mass = 0 }
world:particle{ pos = {4.9, 4.9}, mass = 0 }
loom.camera{ projection = "orthographic", target = {0, 0, 0}, height = 10 }
return world
LUA
render force "$tmp/force.lua" --frames 3 || not_ok "render the force arrow" "$(cat "$tmp/force.err")"
is "a force arrow points along the net force" "$tmp/force/frame_00002.png" 784 240 '#ff0000'
is "... m g times scale long" "$tmp/force/frame_00002.png" 784 280 '#ff0000'
is "... and no longer" "$tmp/force/frame_00002.png" 784 292 "$background"
# Its acceleration arrow (at x = -2: column 496) is g whatever the mass: 0.981 m, 71 pixels.
is "an acceleration arrow points along the acceleration" "$tmp/force/frame_00002.png" 496 180 '#0000ff'
is "... g times scale long" "$tmp/force/frame_00002.png" 496 208 '#0000ff'
is "... and no longer" "$tmp/force/frame_00002.png" 496 222 "$background"

# ---- plots -----------------------------------------------------------------------
# A particle at the origin (radius 0.2 m), and a plotted series: the panels
# take the right 0.62 picture heights (446 pixels at 1280x720) and the scene's
# middle moves to the middle of the rest, x = 417.
cat >"$tmp/plot.lua" <<'LUA'
local world = loom.world{ gravity = {0, 0, 0} }
world:particle{ pos = {0, 0}, radius = 0.2 }
loom.camera{ projection = "orthographic", target = {0, 0, 0}, height = 10 }
loom.plot("level", 1, { color = "#c00000", unit = "m" })
function loom.update() loom.plot("level", 1) end
return world
LUA
render plot "$tmp/plot.lua" --frames 4 --fps 2 || not_ok "render the plot" "$(cat "$tmp/plot.err")"
f=$tmp/plot/frame_00003.png
is "the scene moves left, out of the panels' way" "$f" 417 360 '#1f63d6'
is "the panels' strip is on the right" "$f" 1100 560 '#fffffe'
red=$(count "$f" 840 0 1279 719 '#c00000')
at_least "the series is drawn in its colour in the strip" "$red" 300
red_left=$(count "$f" 0 0 830 719 '#c00000')
if [ "$red_left" = 0 ]; then ok "nothing of the plot covers the scene"; else not_ok "nothing of the plot covers the scene" "$red_left red pixels"; fi
# A constant series is a horizontal line: its red pixels (below the legend's
# red stroke) lie on a few rows.
set -- $("$pngcheck" where "$f" 840 60 1279 719 '#c00000' 12) 0 0 0 0 0
if [ $(($5 - $3)) -le 4 ] && [ $(($4 - $2)) -gt 300 ]; then
    ok "a constant series is one horizontal line"
else
    not_ok "a constant series is one horizontal line" "red pixels: $*"
fi

# An x-y plot (a circle of points plotted y against x: the orbit's
# trajectory) lands in the strip as an ellipse centred in its panel; a dashed
# series inks part of its row, a solid one all of it.
cat >"$tmp/plot_xy.lua" <<'LUA'
local world = loom.world{ gravity = {0, 0, 0} }
world:particle{ pos = {0, 0}, radius = 0.2 }
loom.camera{ projection = "orthographic", target = {0, 0, 0}, height = 10 }
for k = 0, 200 do
  local a = 2 * math.pi * k / 200
  loom.plot("orbit", math.sin(a), { vs = math.cos(a), color = "#c00000", range = {-1.2, 1.2},
                                    x_range = {-1.2, 1.2}, x_label = "x (m)" })
end
local function levels()
  loom.plot("dashed", 0.75, { panel = "levels", color = "#0000ff", line = "dashed", range = {0, 1} })
  loom.plot("solid", 0.25, { panel = "levels", color = "#007a00", range = {0, 1} })
end
levels()
function loom.update() levels() end
return world
LUA
render plot_xy "$tmp/plot_xy.lua" --frames 30 || not_ok "render the x-y plot" "$(cat "$tmp/plot_xy.err")"
f=$tmp/plot_xy/frame_00029.png
set -- $("$pngcheck" where "$f" 0 0 1279 719 '#c00000' 40) 0 0 0 0 0
red=$1 rx0=$2 ry0=$3 rx1=$4 ry1=$5
if [ "$red" -gt 300 ] && [ "$rx0" -gt 834 ] && [ "$ry1" -lt 360 ] && [ $((rx1 - rx0)) -gt 250 ] &&
    [ $((ry1 - ry0)) -gt 150 ]; then
    ok "an x-y series is drawn in its panel, as wide and tall as its points ($red pixels, $rx0..$rx1 x $ry0..$ry1)"
else
    not_ok "an x-y series is drawn in its panel, as wide and tall as its points" "red pixels: $*"
fi
# Below the second panel's legend (its strokes are in the colours too).
set -- $("$pngcheck" where "$f" 834 410 1279 719 '#0000ff' 40) 0 0 0 0 0
blue_row=$((($3 + $5) / 2))
set -- $("$pngcheck" where "$f" 834 410 1279 719 '#007a00' 40) 0 0 0 0 0
green_row=$((($3 + $5) / 2))
dashed=$(count "$f" 900 "$blue_row" 1260 "$blue_row" '#0000ff')
solid=$(count "$f" 900 "$green_row" 1260 "$green_row" '#007a00')
if [ "$solid" -gt 300 ] && [ $((dashed * 100)) -gt $((solid * 35)) ] &&
    [ $((dashed * 100)) -lt $((solid * 85)) ] && [ "$blue_row" -lt "$green_row" ]; then
    ok "a dashed series inks part of its row ($dashed of $solid pixels), above the solid one"
else
    not_ok "a dashed series inks part of its row, above the solid one" \
        "dashed $dashed on row $blue_row, solid $solid on row $green_row"
fi

# ---- the window draws what loom render draws -----------------------------------
if need_window "the window draws what loom render draws" &&
    need import imagemagick "the window draws what loom render draws" && xvfb_start; then
    mkdir -p "$tmp/shots"
    loom_path=$(cd "$(dirname "$loom")" && pwd)/loom
    # start_window SCENE [ARGS]: runs loom from $tmp on SCENE (a path from
    # there), output in $tmp/window.out and .err; waits for its window.
    start_window() {
        scene_file=$1; shift
        : >"$tmp/window.out"; : >"$tmp/window.err"
        (cd "$tmp" && exec "$loom_path" "$scene_file" "$@" >"$tmp/window.out" 2>"$tmp/window.err") &
        loom_pid=$!
        tries=$((50 * slowdown))
        window=
        while [ -z "$window" ] && [ "$tries" -gt 0 ]; do
            sleep 0.1; tries=$((tries - 1))
            window=$(xdotool search --name "loom - $(basename "$scene_file")" 2>/dev/null | tail -n 1)
        done
        sleep 0.5
    }
    # capture FILE COLOUR MIN: the window's pixels into FILE, again until at
    # least MIN of them are near COLOUR (its panel is drawn), 5 s at most.
    capture() {
        tries=$((25 * slowdown))
        while [ "$tries" -gt 0 ]; do
            import -window "$window" "$1" 2>/dev/null
            [ -f "$1" ] && [ "$(count "$1" 0 0 9999 9999 "$2")" -ge "$3" ] && return 0
            sleep 0.2; tries=$((tries - 1))
        done
        return 1
    }
    stop_window() {
        xdotool key Escape
        tries=$((30 * slowdown))
        while kill -0 "$loom_pid" 2>/dev/null && [ "$tries" -gt 0 ]; do sleep 0.1; tries=$((tries - 1)); done
        kill "$loom_pid" 2>/dev/null
        wait "$loom_pid" 2>/dev/null
        loom_pid=
    }
    # A still scene (nothing moves, so every frame is frame 0) with shapes,
    # an arrow attached to a particle at rest, and a plot panel. P, with the
    # heads-up display on, saves the scene's picture without it, into
    # screenshots/ beside the scene (loom runs from another folder).
    cp "$tmp/shapes.lua" "$tmp/shots/still.lua"
    sed -i 's/^return world$/local p = world:particle{ pos = {-2, -1} }\
p:arrow("velocity")\
loom.plot("zero", 0)\
return world/' "$tmp/shots/still.lua"
    render still "$tmp/shots/still.lua" --frames 1 --size 640x360
    start_window shots/still.lua --size 640x360
    xdotool key p
    wait_for "saved screenshot" "$tmp/window.out"
    stop_window
    shot=$tmp/shots/screenshots/still-001.png
    if grep -q "saved screenshot shots/screenshots/still-001.png" "$tmp/window.out" && [ -f "$shot" ]; then
        ok "P saves into screenshots/ beside the scene and says where"
    else
        not_ok "P saves into screenshots/ beside the scene and says where" "$(cat "$tmp/window.out" "$tmp/window.err")"
    fi
    if [ -f "$shot" ] && "$pngcheck" differ "$tmp/still/frame_00000.png" "$shot" | grep -q '^same$'; then
        ok "the window shows the drawing exactly as loom render draws it (P leaves the HUD out)"
    else
        not_ok "the window shows the drawing exactly as loom render draws it (P leaves the HUD out)" \
            "$("$pngcheck" differ "$tmp/still/frame_00000.png" "$shot" 2>&1) $(cat "$tmp/window.err")"
    fi

    # The heads-up display keeps off the scene's text: with a label in the
    # top left corner it goes to the top right.
    hud='#414346'  # its dark translucent panel over the background
    help='#2b2e31' # the help's darker one
    scene "$tmp/shots/corner.lua" 'loom.label{ text = "a label in the corner", screen = {0.02, 0.06}, align = "left" }'
    start_window shots/corner.lua --size 640x360
    capture "$tmp/corner.png" "$hud" 2000
    stop_window
    left=$(count "$tmp/corner.png" 0 0 200 100 "$hud")
    right=$(count "$tmp/corner.png" 440 0 639 100 "$hud")
    if [ "$left" -lt 50 ] && [ "$right" -gt 2000 ]; then
        ok "the heads-up display moves off a label in its corner"
    else
        not_ok "the heads-up display moves off a label in its corner" "dark pixels: $left left, $right right"
    fi
    # With a title across the top and labels in both bottom corners, every
    # corner has text: it slides along a side until it covers none.
    scene "$tmp/shots/titled.lua" 'loom.title("A title long enough to reach over both top corners of it")
loom.label{ text = "bottom left", screen = {0.02, 0.95}, align = "left" }
loom.label{ text = "bottom right", screen = {0.98, 0.95}, align = "right" }'
    start_window shots/titled.lua --size 640x360
    capture "$tmp/titled.png" "$hud" 2000
    stop_window
    # The HUD is what differs from loom render's picture of the same still scene.
    render titled "$tmp/shots/titled.lua" --frames 1 --size 640x360
    set -- $("$pngcheck" differ "$tmp/titled/frame_00000.png" "$tmp/titled.png") x 0 0 0 0 0
    hud_top=$4 hud_bottom=$6 hud_found=$1
    # Where the title's and the labels' ink is, in loom render's picture.
    set -- $("$pngcheck" where "$tmp/titled/frame_00000.png" 0 0 639 60 '#2b2d31' 60) 0 0 0 0 0
    title_bottom=$5
    set -- $("$pngcheck" where "$tmp/titled/frame_00000.png" 0 300 639 359 '#2b2d31' 60) 0 0 0 0 0
    labels_top=$3
    if [ "$hud_found" = differ ] && [ "$hud_top" -gt "$title_bottom" ] && [ "$hud_bottom" -lt "$labels_top" ]; then
        ok "the heads-up display covers neither the title nor the labels when every corner has text"
    else
        not_ok "the heads-up display covers neither the title nor the labels when every corner has text" \
            "the HUD spans rows $hud_top..$hud_bottom, the title ends at $title_bottom, the labels start at $labels_top"
    fi
    scene "$tmp/shots/free.lua" ''
    start_window shots/free.lua --size 640x360
    capture "$tmp/free.png" "$hud" 2000
    stop_window
    left=$(count "$tmp/free.png" 0 0 200 100 "$hud")
    at_least "... and stays in the top left when it is free" "$left" 2000

    # The help lists the scene's own keys when it names them.
    scene "$tmp/shots/keys.lua" 'loom.keys{ a = "add a ball", ["space"] = "drop it", x = "remove every ball" }'
    for name in free keys; do
        start_window "shots/$name.lua" --size 1000x760
        xdotool key h
        sleep 0.4
        capture "$tmp/help_$name.png" "$help" 20000
        stop_window
    done
    plain_rows=$(count "$tmp/help_free.png" 500 0 500 759 "$help")
    keys_rows=$(count "$tmp/help_keys.png" 500 0 500 759 "$help")
    if [ "$keys_rows" -gt $((plain_rows + 60)) ]; then
        ok "the help lists the scene's keys (a taller panel)"
    else
        not_ok "the help lists the scene's keys (a taller panel)" "$plain_rows rows without, $keys_rows with"
    fi
fi

finish
