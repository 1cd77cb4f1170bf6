#!/bin/sh
# A particle that goes through a thin collider between two sub-steps is
# reported once on stderr with the sub-steps that would catch it; with those
# sub-steps it is caught and nothing is said.
# Usage: sh tests/cli_tunnel.sh BUILD_DIR
# Prints "ok - ..." or "not ok - ..." per check and ends with "N passed, N failed".
build=${1:-build}
loom=$build/loom
pass=0
fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

ok() { pass=$((pass + 1)); echo "ok - $1"; }
not_ok() { fail=$((fail + 1)); echo "not ok - $1${2:+ ($2)}"; }

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
*"particle#1 went through a box 0.05 m thick at t = 0.18333333333333 s (12.0 m/s, 0.2 m per sub-step): contacts are found once per sub-step. Use substeps = 3 or more (now 1), or a thicker collider"*)
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

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
