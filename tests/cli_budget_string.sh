#!/bin/sh
# End-to-end: loom's string.find, match, gmatch, gsub and rep (app/budget_string.c, written to
# stop at the time limit) give Lua 5.4's results and errors. tests/budget_string_cases.lua runs
# about 23,000 calls (fixed subjects x patterns, 2,500 generated patterns, replacement strings,
# errors) and prints a hash per group of results; loom's output must equal
# tests/budget_string_cases.expected, which lua5.4 itself must also print (checked when lua5.4 is
# installed). To see a group's results: set DETAIL = true in the cases file, run both, diff.
# Usage: sh tests/cli_budget_string.sh BUILD_DIR
# Prints "ok - ..." or "not ok - ..." per check and ends with "N passed, N failed".
build=${1:-build}
loom=$(cd "$build" && pwd)/loom
here=$(dirname "$0")
. "$(dirname "$0")/lib.sh"

cp "$here/budget_string_cases.lua" "$tmp/cases.lua"
(cd "$tmp" && "$loom" sim cases.lua --frames 1 --quiet) >"$tmp/loom.txt" 2>"$tmp/loom.err"
status=$?
if [ "$status" -eq 0 ]; then ok "the cases run in loom"; else not_ok "the cases run in loom" "status $status: $(head -c 300 "$tmp/loom.err")"; fi
lines=$(wc -l <"$here/budget_string_cases.expected")
if [ "$lines" -gt 1000 ]; then ok "the expected results hold $lines groups"; else not_ok "the expected results hold $lines groups"; fi
if cmp -s "$here/budget_string_cases.expected" "$tmp/loom.txt"; then
    ok "loom's pattern functions and string.rep give Lua 5.4's results"
else
    not_ok "loom's pattern functions and string.rep give Lua 5.4's results" \
        "$(diff "$here/budget_string_cases.expected" "$tmp/loom.txt" | head -5 | tr '\n' ' ')"
fi
if need lua5.4 lua5.4 "lua5.4 gives the expected results too"; then
    (cd "$tmp" && lua5.4 cases.lua) >"$tmp/lua.txt" 2>&1
    if cmp -s "$here/budget_string_cases.expected" "$tmp/lua.txt"; then
        ok "lua5.4 gives the expected results too"
    else
        not_ok "lua5.4 gives the expected results too" \
            "$(diff "$here/budget_string_cases.expected" "$tmp/lua.txt" | head -5 | tr '\n' ' ')"
    fi
fi

finish
