#!/bin/sh
# End-to-end tests of the loom executable: render, sim, usage, script errors
# and limits. Usage: sh tests/cli_render.sh BUILD_DIR
# Prints "ok - ..." or "not ok - ..." per check and ends with "N passed, N failed".
build=${1:-build}
loom=$build/loom
pngcheck=$build/tests/pngcheck
. "$(dirname "$0")/lib.sh"

# run_loom: runs loom with stdout in $tmp/out, stderr in $tmp/err, status in $status.
run_loom() { "$loom" "$@" >"$tmp/out" 2>"$tmp/err"; status=$?; }
has() { grep -q -- "$1" "$2"; }

require_built "$loom" "$pngcheck"

# ---- scenes ---------------------------------------------------------------
cat >"$tmp/falling.lua" <<'EOF'
-- particles falling in a box, joined by a stick and a spring
local world = loom.world{ gravity = {0, -9.81, 0} }
world:box{ min = {-2, 0, -1}, max = {2, 3, 1}, restitution = 0.5 }
local a = world:particle{ pos = {-1, 2.5, 0}, vel = {2, 0, 0}, radius = 0.15 }
local b = world:particle{ pos = {0, 2.8, 0}, radius = 0.1, color = "#e6194b" }
local c = world:particle{ pos = {1, 2.2, 0}, vel = {-1, 3, 0}, radius = 0.2 }
world:stick(a, b)
world:spring(b, c, { k = 20 })
return world
EOF

cat >"$tmp/runtime_error.lua" <<'EOF'
local world = loom.world{}
local function explode()
  error("boom")
end
explode()
return world
EOF

cat >"$tmp/syntax_error.lua" <<'EOF'
local world = loom.world{}
local x = = 1
return world
EOF

cat >"$tmp/update_error.lua" <<'EOF'
local world = loom.world{}
world:particle{ pos = {0, 1, 0} }
local frames = 0
function loom.update(dt)
  frames = frames + 1
  if frames == 3 then
    local t = nil
    return t.field
  end
end
return world
EOF

cat >"$tmp/force_error.lua" <<'EOF'
local world = loom.world{}
world:particle{ pos = {0, 1, 0} }
world:force(function(w, t)
  if t > 0.05 then error("the wind broke") end
end)
return world
EOF

cat >"$tmp/endless.lua" <<'EOF'
local world = loom.world{}
while true do end
return world
EOF

cat >"$tmp/endless_update.lua" <<'EOF'
local world = loom.world{}
world:particle{ pos = {0, 1, 0} }
function loom.update(dt)
  local n = 0
  while true do n = n + 1 end
end
return world
EOF

cat >"$tmp/hungry.lua" <<'EOF'
local world = loom.world{}
local hoard = {}
while true do hoard[#hoard + 1] = { 1, 2, 3, 4, 5, 6, 7, 8 } end
return world
EOF

cat >"$tmp/no_world.lua" <<'EOF'
local x = 1 + 1
return x
EOF

cat >"$tmp/unreturned.lua" <<'EOF'
local world = loom.world{}
world:particle{ pos = {0, 1, 0}, radius = 0.1 }
EOF

mkdir -p "$tmp/lib"
cat >"$tmp/lib/helper.lua" <<'EOF'
return { add = function(world) return world:particle{ pos = {0, 1, 0}, radius = 0.1 } end }
EOF
cat >"$tmp/lib/uses_helper.lua" <<'EOF'
local helper = require "helper"
local world = loom.world{}
helper.add(world)
return world
EOF

# ---- render ---------------------------------------------------------------
run_loom render "$tmp/falling.lua" --frames 12 --out "$tmp/a" --size 320x180
check "render exits 0" [ "$status" -eq 0 ]
check "render prints a summary on stderr" has "wrote 12 frames (320x180)" "$tmp/err"
check "render prints nothing on stdout (it is the scene's)" [ ! -s "$tmp/out" ]
count=$(ls "$tmp/a" | grep -c '^frame_[0-9][0-9][0-9][0-9][0-9]\.png$')
check "render makes exactly 12 frames named frame_NNNNN.png" [ "$count" -eq 12 -a "$(ls "$tmp/a" | wc -l)" -eq 12 ]
check "frames are numbered from frame_00000.png to frame_00011.png" \
    [ -f "$tmp/a/frame_00000.png" -a -f "$tmp/a/frame_00011.png" ]
sizes_ok=true
for f in "$tmp"/a/frame_*.png; do
    info=$("$pngcheck" info "$f") || sizes_ok=false
    case $info in "320 180 varied") ;; *) sizes_ok=false; echo "#   $f: $info" ;; esac
done
check "every frame is 320x180 and not blank" $sizes_ok
"$pngcheck" differ "$tmp/a/frame_00000.png" "$tmp/a/frame_00011.png" >/dev/null
check "the first and last frames differ" [ $? -eq 0 ]
check "the background is light" [ "$("$pngcheck" pixel "$tmp/a/frame_00000.png" 1 1)" = "#f7f7f2" ]

run_loom render "$tmp/falling.lua" --frames 12 --out "$tmp/b" --size 320x180
same=true
for f in "$tmp"/a/frame_*.png; do cmp -s "$f" "$tmp/b/$(basename "$f")" || same=false; done
check "two renders of the same script are byte-identical" $same

run_loom render "$tmp/falling.lua" --frames 2 --out "$tmp/default"
check "the default size is 1280x720" [ "$("$pngcheck" info "$tmp/default/frame_00000.png")" = "1280 720 varied" ]

run_loom render "$tmp/falling.lua" --frames 3 --out "$tmp/deep/er/folder/" --size=64x48
check "render creates nested output folders and takes --opt=value" \
    [ "$status" -eq 0 -a -f "$tmp/deep/er/folder/frame_00002.png" ]
check "no temporary files are left behind" [ "$(ls "$tmp/deep/er/folder" | wc -l)" -eq 3 ]

run_loom render "$tmp/falling.lua" --frames 1 --out "$tmp/one" --size 64x48
check "--frames 1 writes only the initial state" [ "$status" -eq 0 -a "$(ls "$tmp/one" | wc -l)" -eq 1 ]

run_loom render "$tmp/falling.lua" --frames 7 --fps 30 --out "$tmp/fps30" --size 320x180
check "--fps 30: frame 3 is frame 6 at 60 fps" cmp -s "$tmp/fps30/frame_00003.png" "$tmp/a/frame_00006.png"
check "--fps 30: frame 5 is frame 10 at 60 fps" cmp -s "$tmp/fps30/frame_00005.png" "$tmp/a/frame_00010.png"

run_loom render "$tmp/unreturned.lua" --frames 2 --out "$tmp/unreturned" --size 64x48
check "a scene that does not return its world uses the last one made" [ "$status" -eq 0 ]

run_loom render "$tmp/lib/uses_helper.lua" --frames 2 --out "$tmp/helper" --size 64x48
check "require finds modules next to the scene" [ "$status" -eq 0 ]

# ---- sim ------------------------------------------------------------------
run_loom sim "$tmp/falling.lua" --frames 61
check "sim exits 0" [ "$status" -eq 0 ]
check "sim prints frames, steps and simulated time on stderr" has "simulated 61 frames: 60 steps, 1.000 s" "$tmp/err"
run_loom sim "$tmp/falling.lua" --frames 31 --fps 30
check "sim --fps 30 steps twice per frame" has "31 frames: 60 steps, 1.000 s" "$tmp/err"

# ---- usage ----------------------------------------------------------------
run_loom --help
check "--help exits 0 and shows the commands" [ "$status" -eq 0 -a -n "$(grep -e 'loom render' "$tmp/out")" ]
run_loom --version
check "--version prints loom 0.1.0" [ "$status" -eq 0 -a "$(cat "$tmp/out")" = "loom 0.1.0" ]
usage_fails() {
    desc=$1; shift
    run_loom "$@"
    if [ "$status" -eq 2 ] && has "usage:" "$tmp/err"; then ok "$desc"; else
        echo "#   exit $status"; not_ok "$desc" "$tmp/err"; fi
}
usage_fails "no arguments is a usage error (exit 2)"
usage_fails "an unknown option is a usage error" render "$tmp/falling.lua" --frames 2 --out "$tmp/u" --bogus
usage_fails "a missing value is a usage error" render "$tmp/falling.lua" --out "$tmp/u" --frames
usage_fails "--frames 0 is a usage error" render "$tmp/falling.lua" --frames 0 --out "$tmp/u"
usage_fails "--frames abc is a usage error" render "$tmp/falling.lua" --frames abc --out "$tmp/u"
usage_fails "--frames 3x is a usage error" sim "$tmp/falling.lua" --frames 3x
usage_fails "a bad --size is a usage error" render "$tmp/falling.lua" --frames 2 --out "$tmp/u" --size 320by180
usage_fails "a tiny --size is a usage error" render "$tmp/falling.lua" --frames 2 --out "$tmp/u" --size 0x180
usage_fails "--fps 0 is a usage error" sim "$tmp/falling.lua" --frames 2 --fps 0
usage_fails "render without --out is a usage error" render "$tmp/falling.lua" --frames 2
usage_fails "render without --frames is a usage error" render "$tmp/falling.lua" --out "$tmp/u"
usage_fails "render without a scene is a usage error" render --frames 2 --out "$tmp/u"
usage_fails "an unknown command is a usage error" frobnicate "$tmp/falling.lua"
usage_fails "a stray argument is a usage error" sim "$tmp/falling.lua" extra --frames 2
check "usage errors write nothing" [ ! -e "$tmp/u" ]

# ---- script errors --------------------------------------------------------
script_fails() {
    desc=$1; pattern=$2; shift 2
    run_loom "$@"
    if [ "$status" -eq 1 ] && has "$pattern" "$tmp/err"; then ok "$desc"; else
        echo "#   exit $status, expected 1 and '$pattern' on stderr"; not_ok "$desc" "$tmp/err"; fi
}
script_fails "a runtime error exits 1 with file:line" "runtime_error.lua:3: boom" \
    render "$tmp/runtime_error.lua" --frames 2 --out "$tmp/e1" --size 64x48
check "a runtime error prints a stack traceback" has "stack traceback" "$tmp/err"
check "the traceback names the calling line" has "runtime_error.lua:5:" "$tmp/err"
script_fails "a syntax error exits 1 with file:line" "syntax_error.lua:2:" \
    render "$tmp/syntax_error.lua" --frames 2 --out "$tmp/e2" --size 64x48
script_fails "an error in loom.update exits 1 with file:line" "update_error.lua:8:" \
    render "$tmp/update_error.lua" --frames 10 --out "$tmp/e3" --size 64x48
check "an error in loom.update prints a stack traceback" has "stack traceback" "$tmp/err"
check "frames before the error were written" [ -f "$tmp/e3/frame_00002.png" -a ! -f "$tmp/e3/frame_00003.png" ]
script_fails "an error in a force callback exits 1 with file:line" "force_error.lua:4: the wind broke" \
    sim "$tmp/force_error.lua" --frames 10
script_fails "a missing scene file exits 1" "cannot open" sim "$tmp/nowhere.lua" --frames 2
script_fails "a scene that makes no world exits 1 and says so" "no_world.lua: the scene made no world" \
    sim "$tmp/no_world.lua" --frames 2

# ---- output folder --------------------------------------------------------
script_fails "an impossible output folder exits 1 with a clear message" \
    "loom: cannot create output folder '/proc/loom_test/x'" \
    render "$tmp/falling.lua" --frames 2 --out /proc/loom_test/x
touch "$tmp/a_file"
script_fails "an output folder that is a file exits 1" "cannot create output folder" \
    render "$tmp/falling.lua" --frames 2 --out "$tmp/a_file"

# ---- limits ---------------------------------------------------------------
start=$(date +%s)
script_fails "an endless loop while loading is stopped by --timeout" "ran for more than 1 s" \
    sim "$tmp/endless.lua" --frames 2 --timeout 1
check "the endless loop message has file:line" has "endless.lua:2:" "$tmp/err"
script_fails "an endless loop in loom.update is stopped by --timeout" "endless_update.lua:5: script ran for more than 0.5 s" \
    sim "$tmp/endless_update.lua" --frames 2 --timeout 0.5
check "both loops were stopped within 10 s" [ $(($(date +%s) - start)) -lt 10 ]
# The memory limit is what is checked: the time limit only backs it up
# (make check's sanitizers under load took over 10 s to allocate 64 MiB of
# small tables), so it grows with the build's slowness and the load.
script_fails "a script allocating without bound is stopped by --memory" \
    "hungry.lua:3: the script went over its memory limit of 64 MiB (raise it with --memory)" \
    sim "$tmp/hungry.lua" --frames 2 --memory 64 --timeout "$(backstop 10)"
check "the memory message has a traceback" has "hungry.lua:3: in main chunk" "$tmp/err"

# ---- a simulation that blows up -------------------------------------------
# Forward Euler with a stiff spring on a light mass: the numbers overflow to
# inf and NaN within half a second. loom goes on (exit 0) but says so, once.
cat >"$tmp/blowup.lua" <<'EOF'
local world = loom.world{ integrator = "euler" }   -- 4 sub-steps: it blows up at 0.1333 s
local anchor = world:particle{ pos = {0, 0}, mass = 0 }
local bob = world:particle{ pos = {1, 0}, mass = 1e-6 }
world:spring(anchor, bob, { k = 1e9, rest = 0.5 })
return world
EOF
run_loom sim "$tmp/blowup.lua" --frames 60
check "a blown-up simulation still exits 0" [ "$status" -eq 0 ]
check "a blown-up simulation is reported with the time and the particle" \
    has "blowup.lua: the simulation blew up at t = 0.1333 s (particle#2 is no longer finite)" "$tmp/err"
check "the blow-up is reported once" [ "$(grep -c 'blew up' "$tmp/err")" -eq 1 ]
run_loom sim "$tmp/falling.lua" --frames 60
check "a stable simulation gives no blow-up warning" sh -c "! grep -q 'blew up' '$tmp/err'"

finish
