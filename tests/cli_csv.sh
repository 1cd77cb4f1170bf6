#!/bin/sh
# --csv as a spreadsheet reads it, checked with Python's csv module: units
# in the header ("height (m)"), one row per frame and no empty row, the time
# of frame k as k / fps, values read back exactly (the scene prints what it
# recorded with 17 digits), loom.record's numbers and functions, and the
# same table from `loom sim` and `loom render`.
# Usage: sh tests/cli_csv.sh BUILD_DIR
build=${1:-build}
loom=$(cd "$(dirname "$build/loom")" && pwd)/loom
. "$(dirname "$0")/lib.sh"
run_loom() { "$loom" "$@" >"$tmp/out" 2>"$tmp/err"; status=$?; }
has() { grep -q -- "$1" "$2"; }
require_built "$loom"

# A ball thrown up: its height recorded by a function (every frame, the last
# included), its speed plotted in loom.update, its kinetic energy recorded
# as a number in loom.update, a value plotted in loom.draw, and a column
# without a unit. Every function call prints what it returned.
cat >"$tmp/throw.lua" <<'LUA'
local world = loom.world{ gravity = {0, -9.81, 0}, integrator = "verlet" }
local ball = world:particle{ pos = {0, 0, 0}, vel = {1, 5, 0}, radius = 0.1 }
loom.record("height", function(t)
  local y = ball:position().y
  print(string.format("height %.17g %.17g", t, y))
  return y
end, { unit = "m" })
local calls = 0
loom.record("calls", function() calls = calls + 1; return calls end)
function loom.update()
  loom.plot("speed, up", ball:velocity().y, { unit = "m/s" })
  loom.record("kinetic", 0.5 * ball:velocity():len()^2, { unit = "J" })
end
function loom.draw()
  loom.plot("drawn", 1 / 3)
end
return world
LUA

frames=31
run_loom sim "$tmp/throw.lua" --frames $frames --csv "$tmp/sim.csv"
check "sim --csv: exit 0" [ "$status" -eq 0 ]
cp "$tmp/out" "$tmp/sim.out"
run_loom render "$tmp/throw.lua" --frames $frames --csv "$tmp/render.csv" --out "$tmp/frames" --size 64x36 --quiet
check "render --csv: exit 0" [ "$status" -eq 0 ]
check "sim and render write the same table, byte for byte" cmp -s "$tmp/sim.csv" "$tmp/render.csv"
check "sim and render call the record functions alike" cmp -s "$tmp/sim.out" "$tmp/out"

if need python3 python3 "the CSV read back with Python's csv module"; then
    python3 - "$tmp/sim.csv" "$tmp/sim.out" $frames 60 >"$tmp/py" 2>&1 <<'PY'
import csv, sys
path, printed, frames, fps = sys.argv[1], sys.argv[2], int(sys.argv[3]), float(sys.argv[4])
with open(path, newline="") as f:
    rows = list(csv.reader(f))
header, body = rows[0], rows[1:]
def check(cond, name):
    print(("ok - " if cond else "not ok - ") + name)
want = ["time (s)", "drawn", "speed, up (m/s)", "height (m)", "calls", "kinetic (J)"]
check(header == want, "header with units: %r" % (header,))
check(len(body) == frames, "one row per frame: %d rows for %d frames" % (len(body), frames))
check(all(any(cell != "" for cell in row[1:]) for row in body), "no empty row")
check(all(len(row) == len(header) for row in body), "every row has every column")
times = [float(row[0]) for row in body]
check(times == [k / fps for k in range(frames)], "time of frame k is exactly k / fps")
heights = {}
for line in open(printed):
    word, t, y = line.split()
    heights[float(t)] = float(y)
column = header.index("height (m)")
check(len(heights) == frames, "the height function ran once per frame (%d)" % len(heights))
check([float(row[column]) for row in body] == [heights[k] for k in sorted(heights)],
      "heights read back exactly as the scene computed them")
check([row[header.index("calls")] for row in body] == [str(k + 1) for k in range(frames)],
      "a function column is called once per frame, from frame 0 (1, 2, 3, ...)")
drawn = header.index("drawn")
check(all(row[drawn] == "0.3333333333333333" for row in body), "loom.draw's plot in every row, shortest form")
speed = header.index("speed, up (m/s)")
check(body[-1][speed] == "" and all(row[speed] != "" for row in body[:-1]),
      "loom.update's plot in every row but the last (no update follows it)")
check(body[0][0] == "0" and body[3][0] == "0.05" and body[6][0] == "0.1", "times in their shortest form (0, 0.05, 0.1)")
longest = max(len(cell) for row in body for cell in row)
check(longest <= 23, "no number longer than 17 digits needs (%d characters)" % longest)
check(all(float(repr(float(c))) == float(c) and (c == repr(float(c)) or c == str(int(float(c))))
          for row in body for c in row if c != ""), "every number is Python's shortest repr")
PY
    cat "$tmp/py"
    pass=$((pass + $(grep -c '^ok - ' "$tmp/py")))
    fail=$((fail + $(grep -c '^not ok - ' "$tmp/py")))
    grep -q '^ok - ' "$tmp/py" || { fail=$((fail + 1)); echo "not ok - the Python check ran"; }
fi

# A scene with no series: only the time, one row per frame.
cat >"$tmp/still.lua" <<'LUA'
return loom.world{}
LUA
run_loom sim "$tmp/still.lua" --frames 3 --fps 30 --csv "$tmp/still.csv"
check "no series: the time alone, a row per frame" [ "$(cat "$tmp/still.csv" | tr '\n' ' ')" = "time (s) 0 0.03333333333333333 0.06666666666666667 " ]

# Errors of a record function: named, with the scene's line.
cat >"$tmp/bad.lua" <<'LUA'
local world = loom.world{}
loom.record("label", function() return "high" end)
return world
LUA
run_loom sim "$tmp/bad.lua" --frames 3 --csv "$tmp/bad.csv"
check "a record function returning a string: exit 1" [ "$status" -eq 1 ]
check "... the column and what it returned named" has "loom.record: the function of 'label' returned a string (a number or nil expected)" "$tmp/err"
cat >"$tmp/nan.lua" <<'LUA'
local world = loom.world{}
loom.record("ratio", function(t) if t > 0 then return 0 / 0 end return 1 end)
return world
LUA
run_loom render "$tmp/nan.lua" --frames 3 --csv "$tmp/nan.csv" --out "$tmp/nan" --size 64x36
check "a record function returning nan: exit 1" [ "$status" -eq 1 ]
# The time as docs/lua-api.md gives it (%f: 6 decimals).
check "... said with the time (t = 0.016667 s)" has "loom.record: the function of 'ratio' returned nan at t = 0.016667 s" "$tmp/err"
check "the rows before the failure are written" [ "$(cat "$tmp/nan.csv" | tr '\n' ' ')" = "time (s),ratio 0,1 " ]
finish
