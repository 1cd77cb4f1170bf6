#!/bin/sh
# Springs that say so before they explode: world:spring warns once (on
# stderr) when a spring's omega h is past the integrator's stability limit,
# naming the spring, the limit and the sub-steps that fix it; a spring within
# the limit says nothing.
# Usage: sh tests/cli_springs.sh BUILD_DIR
# Prints "ok - ..." or "not ok - ..." per check and ends with "N passed, N failed".
build=${1:-build}
loom=$build/loom
. "$(dirname "$0")/lib.sh"

# k = 400 N/m between a fixed anchor and 0.1 kg: omega = sqrt(4000) = 63 rad/s,
# omega h = 1.05 at 60 Hz: fine for verlet (limit 2), over midpoint's 0.234.
# One sub-step a frame (the default is two), so h = 1/60 s.
cat > "$tmp/stiff.lua" <<'LUA'
local integrator, k = ...
local w = loom.world { integrator = INTEGRATOR, substeps = 1 }
local anchor = w:particle { mass = 0 }
local bob = w:particle { pos = { 0, -1 }, mass = 0.1 }
w:spring(anchor, bob, { k = K, rest = 1 })
w:spring(anchor, bob, { k = K, rest = 1 })
return w
LUA
run() {
    sed "s/INTEGRATOR/\"$1\"/; s/K,/$2,/g" "$tmp/stiff.lua" > "$tmp/scene.lua"
    "$loom" sim "$tmp/scene.lua" --frames 1 > /dev/null 2> "$tmp/err"
}

run verlet 100
if grep -q "stability limit" "$tmp/err"; then
    not_ok "a spring within verlet's limit (omega h = 0.75) says nothing" "$(cat "$tmp/err")"
else
    ok "a spring within verlet's limit (omega h = 0.75) says nothing"
fi

run verlet 4000
err=$(cat "$tmp/err")
case "$err" in
*"spring between particle#1 and particle#2 (k = 4000.0 N/m) has omega h = 3.3333333333333, over verlet's stability limit 2.0"*)
    ok "a spring past verlet's limit is named, with its omega h and the limit" ;;
*) not_ok "a spring past verlet's limit is named, with its omega h and the limit" "$err" ;;
esac
case "$err" in
*"Use substeps = 2 or more (now 1)"*) ok "... and the sub-steps that would fix it" ;;
*) not_ok "... and the sub-steps that would fix it" "$err" ;;
esac
count=$(grep -c "stability limit" "$tmp/err")
[ "$count" = 1 ] && ok "two such springs: reported once" || not_ok "two such springs: reported once" "$count"

run midpoint 100
case "$(cat "$tmp/err")" in
*"over midpoint's stability limit 0.2335"*"Use substeps = 3 or more"*)
    ok "midpoint's limit is tighter (0.234: it gains energy at any step)" ;;
*) not_ok "midpoint's limit is tighter (0.234: it gains energy at any step)" "$(cat "$tmp/err")" ;;
esac

# A spring cloth made stiff on purpose (k = 200 on 10 g particles, no
# damping): divergence is reported as energy growth, with the spring that
# causes it, long before the numbers overflow.
cat > "$tmp/diverge.lua" <<'LUA'
local cloth = require "loom.cloth"
local w = loom.world { integrator = "verlet" }
cloth.grid(w, { kind = "spring", k = 200, damping = 0, pin = { "top_left", "top_right" } })
return w
LUA
"$loom" sim "$tmp/diverge.lua" --frames 120 > /dev/null 2> "$tmp/err"
line=$(grep -n "the simulation is diverging" "$tmp/err" | head -1)
case "$line" in
*"Cause: the spring between particle#"*"over verlet's stability limit 2.0; use substeps = "*)
    ok "divergence is caught as energy growth, naming the spring that causes it" ;;
*) not_ok "divergence is caught as energy growth, naming the spring that causes it" "$(cat "$tmp/err")" ;;
esac
when=$(echo "$line" | sed 's/.*and \([0-9.]*\) s: the simulation.*/\1/')
blew=$(grep -n "blew up" "$tmp/err" | head -1 | cut -d: -f1)
caught=${line%%:*}
if [ -n "$caught" ] && { [ -z "$blew" ] || [ "$caught" -lt "$blew" ]; }; then
    ok "... before the blow-up is (caught at t = $when s)"
else
    not_ok "... before the blow-up is" "$(cat "$tmp/err")"
fi

# loom.cloth's default springs (structural, shear and bend, pinned corners)
# are within every integrator's limit but explicit Euler's, at 1 and at 8
# sub-steps: world:spring says nothing, and 2 s of it warn of nothing.
for integrator in semi_implicit_euler verlet velocity_verlet midpoint rk4; do
    for substeps in 1 8; do
        cat > "$tmp/cloth.lua" <<LUA
local cloth = require "loom.cloth"
local w = loom.world { integrator = "$integrator", substeps = $substeps }
cloth.grid(w, { nu = 12, nv = 12, kind = "spring", bend = true, pin = { "top_left", "top_right" } })
return w
LUA
        "$loom" sim "$tmp/cloth.lua" --frames 120 > /dev/null 2> "$tmp/err"
        if grep -q "warning" "$tmp/err"; then
            not_ok "$integrator, $substeps sub-steps: the cloth builder's default springs warn of nothing" "$(cat "$tmp/err")"
        else
            ok "$integrator, $substeps sub-steps: the cloth builder's default springs warn of nothing"
        fi
    done
done

finish
