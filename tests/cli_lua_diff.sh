#!/bin/sh
# Differential: valid Lua behaves in loom as in lua5.4 (issue 25). Each
# program of tests/lua_diff/ (hand-written: patterns, the string library,
# load and its errors, metatables and error messages, coroutines, <close>,
# goto, integer and float arithmetic, print and error, table.sort on both
# sides of loom's 50,000-element heapsort threshold) and generated ones
# (tests/lua_diff/generate.lua: random patterns, string functions, arithmetic
# on edge values, load of token soups, several seeds) runs under lua5.4 and
# under loom, sandboxed and with --trust, from the program's own folder; their
# standard outputs must be equal byte for byte. The programs print values
# through show.lua (no addresses, no tracebacks) and touch nothing the
# sandbox removes (docs/untrusted.md lists what it removes and why).
# Skipped when lua5.4 is not installed.
# Usage: sh tests/cli_lua_diff.sh BUILD_DIR
build=${1:-build}
loom=$(cd "$(dirname "$build/loom")" 2>/dev/null && pwd)/loom
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"

require_built "$loom"
if ! need lua5.4 lua5.4 "the differential programs"; then
    finish
    exit
fi

cp "$here"/lua_diff/*.lua "$tmp/"
cd "$tmp" || exit 1
for seed in 1 2 3 4 5 6; do
    lua5.4 generate.lua "$seed" 400 >"generated_$seed.lua"
done
lines=$(wc -l <generated_1.lua)
if [ "$lines" -gt 400 ]; then ok "generate.lua writes a program of 400 calls"; else not_ok "generate.lua writes a program of 400 calls" "$lines lines"; fi

for program in patterns strings load metatables coroutines control output sorting \
    generated_1 generated_2 generated_3 generated_4 generated_5 generated_6; do
    lua5.4 "$program.lua" >"$program.lua54" 2>"$program.lua54.err"
    status=$?
    calls=$(grep -c ' -> \| !! ' "$program.lua54")
    if [ "$status" -ne 0 ] || [ "$calls" -lt 10 ]; then
        not_ok "$program runs under lua5.4 ($calls calls)" "$program.lua54.err"
        continue
    fi
    for mode in sandbox trust; do
        flag=
        [ "$mode" = trust ] && flag=--trust
        "$loom" sim "$program.lua" --frames 1 --quiet $flag >"$program.$mode" 2>"$program.$mode.err"
        status=$?
        if [ "$status" -eq 0 ] && cmp -s "$program.lua54" "$program.$mode"; then
            ok "$program ($calls calls): loom ($mode) prints what lua5.4 prints"
        else
            diff "$program.lua54" "$program.$mode" | head -n 12 >"$program.diff"
            cat "$program.$mode.err" >>"$program.diff"
            not_ok "$program ($calls calls): loom ($mode) prints what lua5.4 prints (status $status)" \
                "$program.diff"
        fi
    done
done

finish
