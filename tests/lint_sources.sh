#!/bin/sh
# Lint: every Lua file passes luacheck (settings in .luacheckrc) and every C
# file is clang-formatted (.clang-format). Usage: sh tests/lint_sources.sh
# A missing tool is reported as skipped (CI installs both: lua-check and
# clang-format); a tool that finds something fails the suite with its report.
. "$(dirname "$0")/lib.sh"
out=$tmp/out

if need luacheck lua-check "luacheck finds nothing in scripts, examples, tests and bench"; then
    if luacheck --no-color -q scripts examples tests/lua bench >"$out" 2>&1; then
        pass=$((pass + 1)); echo "ok - luacheck finds nothing in scripts, examples, tests and bench"
    else
        fail=$((fail + 1)); echo "not ok - luacheck finds nothing in scripts, examples, tests and bench"
        sed 's/^/#   /' "$out" | head -n 40
    fi
fi

if need clang-format clang-format "every C file is clang-formatted"; then
    files=$(find engine render bindings app tests bench -name '*.c' -o -name '*.h' | sort)
    # shellcheck disable=SC2086
    if clang-format --dry-run --Werror $files >"$out" 2>&1; then
        pass=$((pass + 1)); echo "ok - every C file is clang-formatted"
    else
        fail=$((fail + 1)); echo "not ok - every C file is clang-formatted (run: make format)"
        sed 's/^/#   /' "$out" | head -n 20
    fi
fi

# Layers: the engine includes nothing of render/, bindings/, app/, SDL or Lua;
# render/ nothing of bindings/, app/ or Lua.
if grep -nE '#include *[<"](SDL|lua|lauxlib|lualib|stb/|\.\./(render|bindings|app)/)' engine/*.c engine/*.h >"$out"; then
    fail=$((fail + 1)); echo "not ok - engine/ includes only libc, libm and itself"
    sed 's/^/#   /' "$out" | head -n 20
else
    pass=$((pass + 1)); echo "ok - engine/ includes only libc, libm and itself"
fi
if grep -nE '#include *[<"](lua|lauxlib|lualib|\.\./(bindings|app)/)' render/*.c render/*.h >"$out"; then
    fail=$((fail + 1)); echo "not ok - render/ includes nothing of Lua, bindings/ or app/"
    sed 's/^/#   /' "$out" | head -n 20
else
    pass=$((pass + 1)); echo "ok - render/ includes nothing of Lua, bindings/ or app/"
fi

# The renderer's own functions carry its prefix, lr_ (the engine's is lm_,
# the bindings' lmlua_): every function render/ defines or declares outside
# a file (not static) is named lr_...
if perl -ne 'if (/^(?!static\b)(?!typedef\b)(?!#)(?:const\s+)?[A-Za-z_]\w*[\s\*]+(\w+)\(/) {
        print "$ARGV:$.: $1\n" if $1 !~ /^lr_/ } close ARGV if eof' render/*.c render/*.h >"$out" &&
    [ ! -s "$out" ]; then
    pass=$((pass + 1)); echo "ok - render/'s functions are named lr_..."
else
    fail=$((fail + 1)); echo "not ok - render/'s functions are named lr_..."
    sed 's/^/#   /' "$out" | head -n 20
fi

# The engine's private headers (one per module: STYLE.md) stand on their own
# and include each other without a loop: each compiles alone, and the graph
# of their #include "..." lines sorts (tsort finds no cycle).
if need cc gcc "the engine's headers compile alone" && need tsort coreutils "the engine's headers include each other without a loop"; then
    : >"$out"
    for h in engine/*.h; do
        printf '#include "%s"\n' "$(basename "$h")" |
            cc -std=c11 -D_POSIX_C_SOURCE=200809L -Wall -Wextra -Werror -fsyntax-only -Iengine -x c - \
                >>"$out" 2>&1 || echo "$h does not compile alone" >>"$out"
    done
    if [ -s "$out" ]; then
        fail=$((fail + 1)); echo "not ok - every engine header compiles alone"
        sed 's/^/#   /' "$out" | head -n 20
    else
        pass=$((pass + 1)); echo "ok - every engine header compiles alone"
    fi
    for h in engine/*.h; do
        sed -n 's/^#include "\(.*\)"$/\1/p' "$h" | while read -r d; do echo "$(basename "$h") $d"; done
    done >"$tmp/edges"
    if [ -f engine/internal.h ]; then
        fail=$((fail + 1)); echo "not ok - no engine/internal.h: each module has its own private header"
    elif tsort "$tmp/edges" >/dev/null 2>"$out"; then
        pass=$((pass + 1)); echo "ok - the engine's headers include each other without a loop (and no internal.h)"
    else
        fail=$((fail + 1)); echo "not ok - the engine's headers include each other without a loop"
        sed 's/^/#   /' "$out" | head -n 20
    fi
fi

finish
