#!/bin/sh
# Several worlds in one scene (loom.show, or return w1, w2): loom steps each
# at its own time step, a plot series names its world, loom.show's errors.
# Usage: sh tests/cli_worlds.sh BUILD_DIR
build=${1:-build}
loom=$(cd "$(dirname "$build/loom")" && pwd)/loom
pngcheck=$(cd "$(dirname "$build/tests/pngcheck")" && pwd)/pngcheck
. "$(dirname "$0")/lib.sh"

require_built "$loom" "$pngcheck"

# ---- stepping ------------------------------------------------------------------
# Two falling particles, one world at 60 steps a second and one at 240: after
# 60 frames (1 s) both worlds are at t = 1 s, the 240 Hz one after 240 steps
# (its force callback counts them), and each has fallen g t^2 / 2 (position
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
check "... and loom steps the first to t = 1 s" grep -q "^coarse t=1.000000 .* evaluations=60$" "$tmp/out"
check "... and the second, at its own dt = 1/240 s, to t = 1 s in 240 steps" \
    grep -q "^fine t=1.000000 .* evaluations=240$" "$tmp/out"
fall() { # the drop of the world named $1 after 1 s
    sed -n "s/^$1 t=[0-9.]* y=\(-[0-9.]*\) .*/\1/p" "$tmp/out"
}
free_fall() {
    awk -v c="$(fall coarse)" -v f="$(fall fine)" 'BEGIN { e = -9.81 / 2
        exit !(c - e < 1e-6 && e - c < 1e-6 && f - e < 1e-6 && e - f < 1e-6) }'
}
check "... each has fallen g t^2 / 2 ($(fall coarse) m, $(fall fine) m)" free_fall
check "a series that names its world is 'name (world)' in --csv" \
    [ "$(head -n 1 "$tmp/two.csv")" = "time,height (coarse),height (fine)" ]
last_time() { tail -n 1 "$tmp/two.csv" | cut -d, -f1; }
at_one() { awk -v t="$(last_time)" 'BEGIN { exit !(t - 1 < 1e-9 && 1 - t < 1e-9) }'; }
check "... and its samples are at its world's time (1 s after 61 frames: $(last_time))" at_one

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
show_error 'loom.world{ name = 3 }' "bad argument #1 to 'world' (field 'name' must be a string, got number)"
show_error 'loom.world{ name = "" }' "bad argument #1 to 'world' (field 'name' must be 1 to 47 characters)"
show_error 'loom.plot("y", 1, { world = 2 })' "bad argument #3 to 'plot' (field 'world' must be a world, got number)"
check "world:settings() has the name" sh -c "printf 'local w = loom.world{ name = \"shake\" }\nprint(w:settings().name)\nreturn w\n' >'$tmp/n.lua' && '$loom' sim '$tmp/n.lua' --frames 1 | grep -q '^shake$'"

finish
