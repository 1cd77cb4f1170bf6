#!/bin/sh
# End-to-end tests of the output and error-size limits (issue 13): print
# stops after 16 MiB with one notice; a normal scene's output is untouched;
# an error object's __tostring runs under the limits.
# Usage: sh tests/cli_output.sh BUILD_DIR
# Prints "ok - ..." or "not ok - ..." per check and ends with "N passed, N failed".
build=${1:-build}
loom=$(cd "$build" && pwd)/loom
. "$(dirname "$0")/lib.sh"

has() { grep -q -F -- "$1" "$2"; }

require_built "$loom"

# ---- a print flood --------------------------------------------------------
# 1000-byte lines without end: 16 MiB reach stdout, then nothing; the loop
# itself ends at the time limit.
cat >"$tmp/flood.lua" <<'EOF'
local w = loom.world{}
local line = string.rep("z", 999)
while true do print(line) end
return w
EOF
(cd "$tmp" && ulimit -f 65536 && "$loom" sim flood.lua --frames 2 --timeout 1 >"$tmp/out" 2>"$tmp/err")
status=$?
check "a print flood ends with exit 1 (the time limit)" [ "$status" -eq 1 ]
check "... by its time limit" has "flood.lua:3: script ran for more than 1 s" "$tmp/err"
size=$(wc -c <"$tmp/out")
check "... having written exactly 16 MiB to stdout (got $size bytes)" [ "$size" -eq 16777216 ]
check "... and said so once on stderr" \
    [ "$(grep -c -F 'loom: flood.lua printed 16 MiB; the rest of its output is dropped (print is capped at 16 MiB per run)' "$tmp/err")" -eq 1 ]

# ---- a normal scene's output ----------------------------------------------
cat >"$tmp/table.lua" <<'EOF'
local w = loom.world{ gravity = {0, -9.81, 0} }
local p = w:particle{ pos = {0, 10, 0} }
print("t", "y", nil, true, 1.5)
function loom.update()
    print(string.format("%.4f %.6f", w:time(), select(2, p:pos())))
end
return w
EOF
"$loom" sim "$tmp/table.lua" --frames 5 >"$tmp/out" 2>"$tmp/err"
status=$?
check "a scene printing a table exits 0" [ "$status" -eq 0 ]
printf 't\ty\tnil\ttrue\t1.5\n' >"$tmp/first"
check "print separates its values by tabs, as Lua's does" sh -c "head -n 1 '$tmp/out' | cmp -s - '$tmp/first'"
check "every line of a normal scene reaches stdout (5 lines)" [ "$(wc -l <"$tmp/out")" -eq 5 ]
check "... with no notice on stderr" sh -c "! grep -q 'print is capped' '$tmp/err'"

# ---- an error object's __tostring -----------------------------------------
cat >"$tmp/object.lua" <<'EOF'
local w = loom.world{}
error(setmetatable({}, { __tostring = function() return "a custom error" end }))
return w
EOF
"$loom" sim "$tmp/object.lua" --frames 2 >"$tmp/out" 2>"$tmp/err"
check "an error object's __tostring makes the message" has "a custom error" "$tmp/err"
cat >"$tmp/failing.lua" <<'EOF'
local w = loom.world{}
error(setmetatable({}, { __tostring = function() error("no") end }))
return w
EOF
"$loom" sim "$tmp/failing.lua" --frames 2 >"$tmp/out" 2>"$tmp/err"
check "a failing __tostring gives the object's type" has "(error object is a table value)" "$tmp/err"
cat >"$tmp/looping.lua" <<'EOF'
local w = loom.world{}
error(setmetatable({}, { __tostring = function() while true do end end }))
return w
EOF
start=$(date +%s)
"$loom" sim "$tmp/looping.lua" --frames 2 --timeout 1 >"$tmp/out" 2>"$tmp/err"
status=$?
check "a __tostring that loops is stopped by the time limit (exit 1)" [ "$status" -eq 1 ]
check "... within the call's time limit" [ $(($(date +%s) - start)) -lt 4 ]
check "... reported as the time limit, where __tostring was" has "looping.lua:2: script ran for more than 1 s (raise it with --timeout)" "$tmp/err"

# ---- a yield at the top level ---------------------------------------------
cat >"$tmp/yield.lua" <<'EOF'
local w = loom.world{}
coroutine.yield(1)
return w
EOF
"$loom" sim "$tmp/yield.lua" --frames 2 >"$tmp/out" 2>"$tmp/err"
check "a yield outside a coroutine is an error with file:line" has "yield.lua:2: attempt to yield from outside a coroutine" "$tmp/err"

finish
