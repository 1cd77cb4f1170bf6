#!/bin/sh
# End-to-end tests of link looks: a stick drawn as a chain link, edge-on,
# as a rope or hidden really draws differently from a plain stick, where it
# should. Usage: sh tests/cli_looks.sh BUILD_DIR
# Prints "ok - ..." or "not ok - ..." per check and ends with "N passed, N failed".
build=${1:-build}
loom=$build/loom
pngcheck=$build/tests/pngcheck
. "$(dirname "$0")/lib.sh"

# expect DESCRIPTION ACTUAL EXPECTED
expect() { if [ "$2" = "$3" ]; then ok "$1"; else not_ok "$1" "got '$2', expected '$3'"; fi; }

require_built "$loom" "$pngcheck"

# One stick 2 m long across the middle of a 4 m high view, at 320x180
# (45 pixels per metre): the picture's centre (160, 90) is on the stick, and
# (160, 76) is 0.31 m above it, on the middle of a chain link's wire (outer
# width 0.45 x 2 m, wire 0.13 x 2 m, 11.7 px, with a lighter line 0.28 of
# it along the middle) and a plain stick has nothing there.
# $1 is the stick's options table, or "none" for no stick at all.
scene() {
    cat >"$tmp/$2.lua" <<EOF
local world = loom.world{ gravity = {0, 0, 0} }
local a = world:particle{ pos = {-1, 0}, color = "#ffffff00" }
local b = world:particle{ pos = {1, 0}, color = "#ffffff00" }
local options = $1
if options then world:stick(a, b, options) end
loom.camera{ target = {0, 0, 0}, height = 4 }
return world
EOF
    "$loom" render "$tmp/$2.lua" --frames 1 --size 320x180 --out "$tmp/$2" >/dev/null 2>&1
}

scene '{}' plain
scene '{ look = "chain", color = "#ff0000" }' chain
scene '{ look = "chain_edge", color = "#ff0000" }' edge
scene '{ look = "hidden" }' hidden
scene '{ look = "rope" }' rope
scene nil empty
scene '{ look = "chain", color = "#ff0000" }' chain_again

f=frame_00000.png
background=$("$pngcheck" pixel "$tmp/empty/$f" 160 90)
centre=$("$pngcheck" pixel "$tmp/plain/$f" 160 90)
if [ "$centre" != "$background" ]; then
    ok "the plain stick crosses the centre"
else
    not_ok "the plain stick crosses the centre" "background there"
fi
expect "above a plain stick is background" "$("$pngcheck" pixel "$tmp/plain/$f" 160 76)" "$background"
expect "a chain link's ring has its wire above the line, in its colour" \
    "$("$pngcheck" pixel "$tmp/chain/$f" 160 72)" "#ff0000"
expect "... with a lighter line along the wire's middle" \
    "$("$pngcheck" pixel "$tmp/chain/$f" 160 76)" "#ff4040"
expect "a chain link's ring has its wire below the line" \
    "$("$pngcheck" pixel "$tmp/chain/$f" 160 108)" "#ff0000"
expect "a ring is open in the middle" "$("$pngcheck" pixel "$tmp/chain/$f" 160 90)" "$background"
expect "an edge-on link is a bar through the middle" \
    "$("$pngcheck" pixel "$tmp/edge/$f" 160 93)" "#ff0000"
expect "an edge-on link has nothing above the line" \
    "$("$pngcheck" pixel "$tmp/edge/$f" 160 76)" "$background"
if "$pngcheck" differ "$tmp/plain/$f" "$tmp/chain/$f" >/dev/null; then
    ok "a chain link draws differently from a plain stick"
else
    not_ok "a chain link draws differently from a plain stick" "same pictures"
fi
if "$pngcheck" differ "$tmp/plain/$f" "$tmp/rope/$f" >/dev/null; then
    ok "a rope look draws differently from a plain stick"
else
    not_ok "a rope look draws differently from a plain stick" "same pictures"
fi
if "$pngcheck" differ "$tmp/hidden/$f" "$tmp/empty/$f" >/dev/null; then
    not_ok "a hidden stick draws nothing" "the pictures differ"
else
    ok "a hidden stick draws nothing"
fi
if "$pngcheck" differ "$tmp/chain/$f" "$tmp/chain_again/$f" >/dev/null; then
    not_ok "chain links render deterministically" "two renders differ"
else
    ok "chain links render deterministically"
fi

finish
