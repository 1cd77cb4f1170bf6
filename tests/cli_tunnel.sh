#!/bin/sh
# A particle that goes through a thin collider between two sub-steps is
# reported once on stderr with the sub-steps that would catch it; with those
# sub-steps it is caught and nothing is said.
# Usage: sh tests/cli_tunnel.sh BUILD_DIR
# Prints "ok - ..." or "not ok - ..." per check and ends with "N passed, N failed".
build=${1:-build}
loom=$build/loom
. "$(dirname "$0")/lib.sh"

# 12 m/s at 60 Hz is 0.2 m per sub-step; the wall is 5 cm thick.
cat > "$tmp/wall.lua" <<'LUA'
local w = loom.world { gravity = { 0, 0, 0 }, substeps = SUBSTEPS }
w:obb { center = { 0, 0, 0 }, size = { 0.05, 2, 2 } }
w:particle { pos = { -2.1, 0 }, vel = { 12, 0 }, radius = 0.02 }
w:particle { pos = { -2.1, 0.5 }, vel = { 12, 0 }, radius = 0.02 }
return w
LUA
sed "s/SUBSTEPS/1/" "$tmp/wall.lua" > "$tmp/one.lua"
"$loom" sim "$tmp/one.lua" --frames 30 > /dev/null 2> "$tmp/err"
case "$(cat "$tmp/err")" in
*"particle#1 went through a box 0.05 m thick at t = 0.183333 s (12.0 m/s, 0.2 m per sub-step): contacts are found once per sub-step. Use substeps = 3 or more (now 1), or a thicker collider"*)
    ok "a particle through a 5 cm wall at 12 m/s is reported, with the sub-steps needed" ;;
*) not_ok "a particle through a 5 cm wall at 12 m/s is reported, with the sub-steps needed" "$(cat "$tmp/err")" ;;
esac
count=$(grep -c "went through" "$tmp/err")
[ "$count" = 1 ] && ok "two such particles: reported once" || not_ok "two such particles: reported once" "$count"

sed "s/SUBSTEPS/3/" "$tmp/wall.lua" > "$tmp/three.lua"
"$loom" sim "$tmp/three.lua" --frames 30 > /dev/null 2> "$tmp/err"
if grep -q "went through" "$tmp/err"; then
    not_ok "with substeps = 3 the wall stops it and nothing is said" "$(cat "$tmp/err")"
else
    ok "with substeps = 3 the wall stops it and nothing is said"
fi

# The same with every integrator (midpoint and RK4 move by their own
# velocities, not v_end h): a fast particle through a thin wall, a 2 cm
# rail and a 4 cm ball is reported at 1 sub-step and stopped, silently, at
# the sub-steps the report asks for.
cat > "$tmp/thin.lua" <<'LUA'
local w = loom.world { gravity = { 0, 0, 0 }, integrator = "INTEGRATOR", substeps = SUBSTEPS }
w:obb { center = { 0, 0, 0 }, size = { 0.05, 0.4, 2 } }
w:capsule { a = { 0, 1, -1 }, b = { 0, 1, 1 }, radius = 0.01 }
w:sphere { center = { 0, 2, 0 }, radius = 0.02 }
local ps = {}
for i, y in ipairs { 0, 1, 2 } do
    ps[i] = w:particle { pos = { -2.1, y }, vel = { 12, 0 }, radius = 0.005 }
end
function loom.finish()
    local through = 0
    for _, p in ipairs(ps) do
        if p:pos() > 0 then through = through + 1 end
    end
    print("through " .. through)
end
return w
LUA
for integrator in euler semi_implicit_euler verlet velocity_verlet midpoint rk4; do
    sed "s/INTEGRATOR/$integrator/; s/SUBSTEPS/1/" "$tmp/thin.lua" > "$tmp/scene.lua"
    "$loom" sim "$tmp/scene.lua" --frames 30 > "$tmp/out" 2> "$tmp/err"
    needed=$(sed -n 's/.*Use substeps = \([0-9]*\) or more.*/\1/p' "$tmp/err" | head -1)
    if [ -n "$needed" ] && [ "$(grep -c "went through" "$tmp/err")" = 1 ]; then
        ok "$integrator: tunnelling through a thin collider is said once, with the sub-steps needed ($needed)"
    else
        not_ok "$integrator: tunnelling through a thin collider is said once, with the sub-steps needed" "$(cat "$tmp/err")"
        needed=20
    fi
    sed "s/INTEGRATOR/$integrator/; s/SUBSTEPS/$needed/" "$tmp/thin.lua" > "$tmp/scene.lua"
    "$loom" sim "$tmp/scene.lua" --frames 30 > "$tmp/out" 2> "$tmp/err"
    if grep -q "through 0" "$tmp/out" && ! grep -q "went through" "$tmp/err"; then
        ok "$integrator: at $needed sub-steps the wall, the rail and the ball all stop it, silently"
    else
        not_ok "$integrator: at $needed sub-steps the wall, the rail and the ball all stop it, silently" "$(cat "$tmp/out" "$tmp/err")"
    fi
done

finish
