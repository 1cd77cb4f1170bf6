#!/bin/sh
# Figures example headers give that a headless run prints (the others are
# in tests/lua/test_example_figures.lua): params_spring_sweep.lua's period,
# printed by loom.finish after 10 s, within 0.2% of the damped period
# 2 pi / sqrt(k/m - (c/2m)^2) for k = 10, 40, 160 and c = 0, 0.5, and
# "period 0.994 s" with the defaults; rigid_basis.lua's axes, square to
# |cos| 0.0001 through 10 s; cloth_hexagon.lua's 127 particles and 342
# edges.
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

finish
