#!/bin/sh
# Figures example headers give that a headless run prints (the others are
# in tests/lua/test_example_figures.lua): params_spring_sweep.lua's period,
# printed by loom.finish after 10 s, within 0.2% of the damped period
# 2 pi / sqrt(k/m - (c/2m)^2) for k = 10, 40, 160 and c = 0, 0.5, and
# "period 0.994 s" with the defaults; rigid_basis.lua's axes, square to
# |cos| 0.0001 through 10 s; cloth_hexagon.lua's 127 particles and 342
# edges; chain_interactive.lua's links and swing (it needs loom.keep, which
# only the executable gives: a scene beside a copy of it runs it with
# dofile and prints what it measured).
# Usage: sh tests/cli_example_figures.sh BUILD_DIR
build=${1:-build}
loom=$(cd "$(dirname "$build/loom")" && pwd)/loom
. "$(dirname "$0")/lib.sh"

require_built "$loom"

said=$("$loom" sim examples/params_spring_sweep.lua --frames 600 --quiet 2>&1)
if [ "$said" = "k = 40, c = 0.2: period 0.994 s (undamped 2 pi sqrt(m/k) = 0.993 s)" ]; then
    ok "params_spring_sweep: with the defaults it prints period 0.994 s"
else
    not_ok "params_spring_sweep: with the defaults it prints period 0.994 s" "$said"
fi
for k in 10 40 160; do
    for c in 0 0.5; do
        said=$("$loom" sim examples/params_spring_sweep.lua --frames 600 --set k=$k --set damping=$c --quiet 2>&1)
        period=$(echo "$said" | sed -n 's/.*: period \([0-9.]*\) s .*/\1/p')
        if awk -v p="$period" -v k=$k -v c=$c 'BEGIN {
                d = 2 * 3.141592653589793 / sqrt(k - (c / 2) ^ 2)
                exit !(p != "" && (p / d - 1) ^ 2 < 0.002 ^ 2) }'; then
            ok "k = $k, c = $c: the printed period $period s is within 0.2% of the damped period"
        else
            not_ok "k = $k, c = $c: the printed period is within 0.2% of the damped period" "$said"
        fi
    done
done

said=$("$loom" sim examples/rigid_basis.lua --frames 601 --quiet 2>&1 | tail -n 1)
if [ "$said" = "t = 10 s: largest |cos| between axes so far 0.0001" ]; then
    ok "rigid_basis: the axes stay square to |cos| 0.0001 through 10 s"
else
    not_ok "rigid_basis: the axes stay square to |cos| 0.0001 through 10 s" "$said"
fi

said=$("$loom" sim examples/cloth_hexagon.lua --frames 1 --quiet 2>&1)
if [ "$said" = "127 particles, 342 edges (sticks)" ]; then
    ok "cloth_hexagon: six rings make 127 particles and 342 edges"
else
    not_ok "cloth_hexagon: six rings make 127 particles and 342 edges" "$said"
fi

# chain_interactive.lua swinging on its own for 10 s: every link within
# 1e-12 m of 0.65 m (SHAKE solves the chain to rounding: 29 links of 0.65 m
# are 18.85 m, a few ulps each), the end never farther from the head than
# 18.85 m (+1e-9), out 8.30 m to the left and 8.33 m to the right and
# 18.85 m below the head at its lowest (5 mm: the header's two decimals).
cp examples/chain_interactive.lua "$tmp/"
cat >"$tmp/measure_chain.lua" <<'EOF'
local world = dofile("chain_interactive.lua")
local update = loom.update
local nodes = world:particles()
local link, far, left, right, low = 0, 0, 0, 0, 0
function loom.update(dt)
  update(dt)
  for i = 2, #nodes do
    local ax, ay = nodes[i - 1]:pos()
    local bx, by = nodes[i]:pos()
    link = math.max(link, math.abs(math.sqrt((bx - ax) ^ 2 + (by - ay) ^ 2) - 0.65))
  end
  local hx, hy = nodes[1]:pos()
  local x, y = nodes[#nodes]:pos()
  far = math.max(far, math.sqrt((x - hx) ^ 2 + (y - hy) ^ 2))
  left, right, low = math.min(left, x), math.max(right, x), math.min(low, y - hy)
end
function loom.finish()
  print(("%d links %.3g %.6f %.2f %.2f %.2f"):format(#nodes - 1, link, far, left, right, low))
end
return world
EOF
said=$("$loom" sim "$tmp/measure_chain.lua" --frames 601 --quiet 2>&1)
if echo "$said" | awk '{ exit !($1 == 29 && $3 < 1e-12 && $4 <= 18.85 + 1e-9 && $4 > 18.84 &&
        ($5 + 8.30) ^ 2 < 0.005 ^ 2 && ($6 - 8.33) ^ 2 < 0.005 ^ 2 && ($7 + 18.85) ^ 2 < 0.005 ^ 2) }'; then
    ok "chain_interactive: 29 links of 0.65 m to 1e-12 m, the end within 18.85 m of the head, out 8.30 m and 8.33 m, 18.85 m below ($said)"
else
    not_ok "chain_interactive: 29 links of 0.65 m to 1e-12 m, the end within 18.85 m of the head, out 8.30 m and 8.33 m, 18.85 m below" "$said"
fi

finish
