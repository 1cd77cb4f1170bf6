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

# The engine's modules call each other one way (STYLE.md: no call cycles):
# module A depends on B when A's object uses a global symbol B's defines (a
# function it calls, or a kind table it reads, whose functions it then
# calls), and that graph sorts. A loop is reported with the symbols behind
# each arrow. The check first proves it can fail: two objects that call
# each other must be reported as a loop, naming both functions.
# module_uses DIR: "user definer symbol" lines for DIR's objects.
module_uses() {
    for o in "$1"/*.o; do
        nm "$o" | awk -v m="$(basename "$o" .o)" '$2 ~ /^[TDRBCGSV]$/ { print $3, m }'
    done | sort >"$tmp/defined"
    for o in "$1"/*.o; do
        nm -u "$o" | awk -v m="$(basename "$o" .o)" '{ print $2, m }'
    done | sort >"$tmp/used"
    join "$tmp/used" "$tmp/defined" | awk '$2 != $3 { print $2, $3, $1 }'
}
# call_loops USES: nothing when USES's module graph sorts; otherwise one
# line per loop tsort finds, "a.c -> b.c (f, g) -> a.c (h)": a.c calls f
# and g of b.c, b.c calls h of a.c.
call_loops() {
    awk '{ print $1, $2 }' "$1" | sort -u | tsort 2>&1 >/dev/null |
        awk -v uses="$1" '
            BEGIN { while ((getline line < uses) > 0) { split(line, f, " ")
                        key = f[1] " " f[2]; syms[key] = seen[key]++ ? syms[key] ", " f[3] : f[3] } }
            function report(   i, j, out) {
                if (n == 0) return
                out = loop[1] ".c"
                for (i = 1; i <= n; i++) { j = i % n + 1
                    out = out " -> " loop[j] ".c (" syms[loop[i] " " loop[j]] ")" }
                print out; n = 0 }
            /input contains a loop/ { report(); next }
            { sub(/^tsort: /, ""); loop[++n] = $0 }
            END { report() }'
}
if need cc gcc "the engine's modules call each other without a loop" &&
    need nm binutils "the engine's modules call each other without a loop"; then
    mkdir -p "$tmp/synthetic" "$tmp/objects"
    printf 'void b_calls_back(void);\nvoid a_calls(void) { b_calls_back(); }\n' >"$tmp/synthetic/a.c"
    printf 'void a_calls(void);\nvoid b_calls_back(void) { a_calls(); }\n' >"$tmp/synthetic/b.c"
    printf 'void a_calls(void);\nvoid c_above(void) { a_calls(); }\n' >"$tmp/synthetic/c.c"
    : >"$out"
    for f in "$tmp"/synthetic/*.c; do
        cc -std=c11 -c "$f" -o "${f%.c}.o" >>"$out" 2>&1
    done
    module_uses "$tmp/synthetic" >"$tmp/uses"
    loops=$(call_loops "$tmp/uses")
    if [ "$loops" = "a.c -> b.c (b_calls_back) -> a.c (a_calls)" ] ||
        [ "$loops" = "b.c -> a.c (a_calls) -> b.c (b_calls_back)" ]; then
        pass=$((pass + 1)); echo "ok - the call-loop check reports two files that call each other"
    else
        fail=$((fail + 1)); echo "not ok - the call-loop check reports two files that call each other"
        echo "$loops" | sed 's/^/#   /' | head -n 20
    fi
    for f in engine/*.c; do
        o=$(basename "$f" .c)
        cc -std=c11 -D_POSIX_C_SOURCE=200809L -O0 -Iengine -c "$f" -o "$tmp/objects/$o.o" >>"$out" 2>&1 ||
            echo "$f does not compile" >>"$out"
    done
    module_uses "$tmp/objects" >"$tmp/uses"
    call_loops "$tmp/uses" >>"$out"
    if [ -s "$out" ]; then
        fail=$((fail + 1)); echo "not ok - the engine's modules call each other without a loop (a.c -> b.c (f): a.c uses f of b.c)"
        sed 's/^/#   /' "$out" | head -n 20
    else
        pass=$((pass + 1)); echo "ok - the engine's modules call each other without a loop"
    fi
fi

finish
