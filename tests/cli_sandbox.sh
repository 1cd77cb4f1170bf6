#!/bin/sh
# End-to-end: the sandbox's files (issue 13; docs/untrusted.md). A scene reads
# the files of its own folder through loom.read, dofile, loadfile and require,
# as text only, and nothing else: not through a symbolic link leading out, not
# a directory, not a file over 16 MiB, not bytecode. --trust says so on
# stderr and still loads text only. Every message is checked word for word.
# Usage: sh tests/cli_sandbox.sh BUILD_DIR
# Prints "ok - ..." or "not ok - ..." per check and ends with "N passed, N failed".
build=${1:-build}
loom=$(cd "$(dirname "$build/loom")" 2>/dev/null && pwd)/loom
. "$(dirname "$0")/lib.sh"

# The scene's folder: a data file, a data folder, a module, a 17 MB file, a
# bytecode file named .lua, and links to a file and a folder outside.
mkdir -p "$tmp/scene/data" "$tmp/outside"
printf 'hello\n' >"$tmp/scene/data.txt"
printf 'return { v = 7 }\n' >"$tmp/scene/mod.lua"
printf 'return 42\n' >"$tmp/outside/m.lua"
printf 'secret\n' >"$tmp/outside/secret.txt"
ln -s "$tmp/outside/secret.txt" "$tmp/scene/link.txt"
ln -s "$tmp/outside" "$tmp/scene/linkdir"
# Dangling links leading out (docs/untrusted.md: refused "whether or not its
# target exists"): one absolute, one relative, and a link to an existing
# module outside, whose refusal must read the same.
ln -s "$tmp/outside/gone.lua" "$tmp/scene/gone.lua"
ln -s ../outside/gone.txt "$tmp/scene/gone.txt"
ln -s "$tmp/outside/m.lua" "$tmp/scene/there.lua"
head -c 17000000 /dev/zero >"$tmp/scene/big.txt"
have_luac=no
if need luac5.4 lua5.4 "bytecode files in the scene's folder are refused"; then
    printf 'return 1\n' >"$tmp/plain.lua"
    luac5.4 -o "$tmp/scene/bc.lua" "$tmp/plain.lua" && have_luac=yes
fi

# run LINE [ARGS...]: runs a scene whose first line is LINE under loom sim in
# the scene's folder; status in $status, stdout in $tmp/out, stderr in $tmp/err.
run() {
    line=$1; shift
    printf '%s\nreturn loom.world{}\n' "$line" >"$tmp/scene/s.lua"
    (cd "$tmp/scene" && "$loom" sim s.lua --frames 1 --quiet "$@" >"$tmp/out" 2>"$tmp/err")
    status=$?
}
# expect WHAT LINE TEXT: LINE fails (status 1) with TEXT on stderr.
expect() {
    run "$2"
    if [ "$status" -eq 1 ] && grep -qF -- "$3" "$tmp/err"; then ok "$1"; else not_ok "$1 (status $status)"; fi
}
# prints WHAT LINE TEXT: LINE succeeds and prints TEXT.
prints() {
    run "$2"
    if [ "$status" -eq 0 ] && grep -qxF -- "$3" "$tmp/out"; then ok "$1"; else not_ok "$1 (status $status)"; fi
}

prints "loom.read reads a file of the scene's folder" 'print((loom.read("data.txt")))' "hello"
prints "... named with ./" 'print((loom.read("./data.txt")))' "hello"
expect "loom.read needs a name" 'loom.read()' \
    "s.lua:1: bad argument #1 to 'read' (string expected, got no value)"
expect "loom.read refuses an absolute path" 'loom.read("/etc/passwd")' \
    "s.lua:1: bad argument #1 to 'read' (absolute path '/etc/passwd' not allowed: name a file in the scene's folder)"
expect "loom.read refuses a '..' step, even one that comes back" 'loom.read("data/../data.txt")' \
    "s.lua:1: bad argument #1 to 'read' ('..' not allowed in 'data/../data.txt': name a file in the scene's folder)"
expect "loom.read refuses a symbolic link leading out of the folder" 'loom.read("link.txt")' \
    "s.lua:1: bad argument #1 to 'read' ('link.txt' is not in the scene's folder)"
expect "... and a file through a linked folder" 'loom.read("linkdir/secret.txt")' \
    "s.lua:1: bad argument #1 to 'read' ('linkdir/secret.txt' is not in the scene's folder)"
expect "loom.read says when there is no such file" 'loom.read("nope.txt")' \
    "s.lua:1: bad argument #1 to 'read' (no file 'nope.txt' in the scene's folder)"
expect "loom.read refuses a folder" 'loom.read("data")' \
    "s.lua:1: bad argument #1 to 'read' ('data' is not a file)"
expect "loom.read refuses a file over 16 MiB" 'loom.read("big.txt")' \
    "s.lua:1: bad argument #1 to 'read' ('big.txt' is larger than 16 MiB)"
prints "require finds a module in the scene's folder" 'print(require("mod").v)' "7"
expect "require finds nothing through a linked folder" 'require("linkdir.m")' \
    "s.lua:1: module 'linkdir.m' not found:"
expect "dofile refuses a file through a linked folder" 'dofile("linkdir/m.lua")' \
    "s.lua:1: bad argument #1 to 'dofile' ('linkdir/m.lua' is not in the scene's folder)"
expect "loadfile refuses a symbolic link leading out" 'loadfile("link.txt")' \
    "s.lua:1: bad argument #1 to 'loadfile' ('link.txt' is not in the scene's folder)"
expect "loom.read refuses a dangling link leading out (relative)" 'loom.read("gone.txt")' \
    "s.lua:1: bad argument #1 to 'read' ('gone.txt' is not in the scene's folder)"
expect "loom.read refuses a dangling link leading out (absolute)" 'loom.read("gone.lua")' \
    "s.lua:1: bad argument #1 to 'read' ('gone.lua' is not in the scene's folder)"
expect "dofile refuses a dangling link leading out" 'dofile("gone.lua")' \
    "s.lua:1: bad argument #1 to 'dofile' ('gone.lua' is not in the scene's folder)"
expect "loadfile refuses a dangling link leading out" 'loadfile("gone.txt")' \
    "s.lua:1: bad argument #1 to 'loadfile' ('gone.txt' is not in the scene's folder)"
expect "require lists a dangling link leading out as not in the folder" 'require("gone")' \
    "no file './gone.lua' (not in the scene's folder or loom's library)"
expect "... in the same words as a link to a module that exists" 'require("there")' \
    "no file './there.lua' (not in the scene's folder or loom's library)"
if [ "$have_luac" = yes ]; then
    prints "loadfile of a bytecode file in the folder answers nil and Lua's message" \
        'print(loadfile("bc.lua"))' "nil	attempt to load a binary chunk (loom loads Lua text only: Lua does not check bytecode, and a crafted chunk crashes it)"
    expect "dofile of it raises the message" 'dofile("bc.lua")' "attempt to load a binary chunk (loom loads Lua text only: Lua does not check bytecode, and a crafted chunk crashes it)"
    expect "require of it raises the message" 'require("bc")' \
        "error loading module 'bc' from file './bc.lua':"
    prints "... and with mode 't', Lua's own message" 'print(loadfile("bc.lua", "t"))' \
        "nil	attempt to load a binary chunk (mode is 't')"
    run 'print(loadfile("bc.lua"))' --trust
    if [ "$status" -eq 0 ] && grep -qxF "nil	attempt to load a binary chunk (loom loads Lua text only: Lua does not check bytecode, and a crafted chunk crashes it)" "$tmp/out"; then
        ok "under --trust, loadfile still takes text only"
    else
        not_ok "under --trust, loadfile still takes text only"
    fi
fi
run 'print(io.open("link.txt"):read("l"))' --trust
if [ "$status" -eq 0 ] && grep -qxF "secret" "$tmp/out"; then
    ok "--trust gives the full library (io.open reads through the link)"
else
    not_ok "--trust gives the full library (io.open reads through the link)"
fi
if grep -qxF "loom: --trust: this scene runs with the full Lua standard library (it can read and write files and run programs)" "$tmp/err"; then
    ok "--trust says so on stderr, word for word"
else
    not_ok "--trust says so on stderr, word for word"
fi
run 'print(io == nil, os.execute == nil, debug == nil, package.loadlib == nil, string.dump == nil, os.getenv == nil)'
if [ "$status" -eq 0 ] && grep -qxF "true	true	true	true	true	true" "$tmp/out" && [ ! -s "$tmp/err" ]; then
    ok "a sandboxed scene has no io, os.execute, debug, package.loadlib, string.dump, os.getenv, and is not told about --trust"
else
    not_ok "a sandboxed scene has no io, os.execute, debug, package.loadlib, string.dump, os.getenv, and is not told about --trust"
fi
prints "a sandboxed scene has no os.remove, os.rename, os.tmpname, os.exit, package.searchpath" \
    'print(os.remove == nil, os.rename == nil, os.tmpname == nil, os.exit == nil, package.searchpath == nil)' \
    "true	true	true	true	true"
prints "... and an empty package.cpath: require finds no C module" \
    'print(string.format("%q", package.cpath), package.searchers[3] == nil, package.searchers[4] == nil)' \
    '""	true	true'
prints "the string metatable is protected in the sandbox" 'print(getmetatable(""))' "string"
run 'print(getmetatable("").__index == string, getmetatable(0))' --trust
if [ "$status" -eq 0 ] && grep -qxF "true	nil" "$tmp/out"; then
    ok "under --trust getmetatable(\"\") is Lua's table; numbers have no metatable"
else
    not_ok "under --trust getmetatable(\"\") is Lua's table; numbers have no metatable"
fi

finish
