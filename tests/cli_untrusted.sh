#!/bin/sh
# End-to-end: a precompiled (bytecode) scene file is refused with a message and
# exit status 1, no signal, no frame written (Lua does not verify bytecode).
# Usage: sh tests/cli_untrusted.sh BUILD_DIR
# Prints "ok - ..." or "not ok - ..." per check and ends with "N passed, N failed".
build=${1:-build}
loom=$build/loom
. "$(dirname "$0")/lib.sh"

if ! need luac5.4 lua5.4 "a bytecode scene is refused"; then
    finish
    exit
fi
printf 'local w = loom.world{}\nreturn w\n' >"$tmp/scene.lua"
luac5.4 -o "$tmp/scene.luac" "$tmp/scene.lua"
"$loom" render "$tmp/scene.luac" --frames 1 --out "$tmp/out" --size 32x32 >"$tmp/stdout" 2>"$tmp/stderr"
status=$?
if [ "$status" -eq 1 ]; then ok "a bytecode scene exits with status 1"; else not_ok "a bytecode scene exits with status 1" "status $status"; fi
if grep -qxF "loom: $tmp/scene.luac: attempt to load a binary chunk (mode is 't')" "$tmp/stderr"; then
    ok "a bytecode scene is refused with Lua's message"
else
    not_ok "a bytecode scene is refused with Lua's message" "$(cat "$tmp/stderr")"
fi
if [ -z "$(ls -A "$tmp/out" 2>/dev/null)" ]; then ok "a bytecode scene writes no frame"; else not_ok "a bytecode scene writes no frame"; fi

finish
