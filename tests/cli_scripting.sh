#!/bin/sh
# End-to-end tests of writing scenes through the loom executable: a misspelt
# callback and a new name on the locked loom table, a warning at load (several
# worlds and none returned), errors in
# a Lua field with the scene's file:line and a traceback of the scene's own
# frames, word for word.
# Usage: sh tests/cli_scripting.sh BUILD_DIR
build=${1:-build}
loom=$(cd "$build" && pwd)/loom
source_dir=$(pwd)
. "$(dirname "$0")/lib.sh"

# $1: name, $2: expected, $3: got
# stderr of loom sim without its progress and summary lines
run() { "$loom" sim "$@" 2>&1 >/dev/null | grep -v '^loom: simulated'; }
same() { if [ "$2" = "$3" ]; then ok "$1"; else not_ok "$1" "got: $3"; fi; }

cd "$tmp" || exit 1

cat >callbacks.lua <<'LUA'
local world = loom.world{}
world:particle{}
function loom.updat(dt) end
return world
LUA
got=$(run callbacks.lua --frames 1)
same "a misspelt callback is an error naming the closest one, at load" \
"callbacks.lua:3: loom.updat is not a callback loom calls (did you mean loom.update?)
stack traceback:
	callbacks.lua:3: in main chunk" "$got"

cat >helper.lua <<'LUA'
local world = loom.world{}
function loom.helper() end
return world
LUA
got=$(run helper.lua --frames 1)
same "loom is locked: a new name on it is an error" \
"helper.lua:2: loom is read-only: cannot set 'helper'
stack traceback:
	helper.lua:2: in main chunk" "$got"

cat >worlds.lua <<'LUA'
local world = loom.world{}
world:particle{}
local helper = loom.world{}
helper:particle{}
LUA
got=$(run worlds.lua --frames 1)
same "several worlds and none returned: a warning" \
"loom: warning: worlds.lua: the scene returned no world and made 2: loom shows the last one made (end the scene with return world, or show several with return w1, w2 or loom.show)" "$got"

cat >one.lua <<'LUA'
local world = loom.world{}
world:particle{}
LUA
got=$(run one.lua --frames 1)
same "one world, not returned: no warning" "" "$got"

cat >pos.lua <<'LUA'
local world = loom.world{}
local p = world:particle{ pos = {1, 2} }
print(p:pos().x)
return world
LUA
got=$(run pos.lua --frames 1)
same "p:pos().x: Lua's message, then loom's hint" \
"pos.lua:3: attempt to index a number value (p:pos() and p:vel() return numbers x, y, z; use p:position() or p:velocity() for a vector)
stack traceback:
	pos.lua:3: in main chunk" "$got"

cat >field.lua <<'LUA'
local world = loom.world{}
world:particle{ pos = {0, 1} }
world:field(function(x, y)
  return x + nil
end)
return world
LUA
got=$(run field.lua --frames 3)
same "an error in a field: the scene's file:line and no C frames" \
"field.lua:4: attempt to perform arithmetic on a nil value" "$got"

cat >update.lua <<'LUA'
local world = loom.world{}
world:particle{ pos = {0, 1} }
world:force(function(w, t) error("boom") end)
function loom.update()
  world:step()
end
return world
LUA
got=$(run update.lua --frames 3)
same "an error in a force callback stepped from loom.update: the scene's frames only" \
"update.lua:3: boom
stack traceback:
	update.lua:5: in function 'loom.update'" "$got"

cat >misspelt.lua <<'LUA'
local world = loom.wrold{}
return world
LUA
got=$(run misspelt.lua --frames 1)
same "loom.wrold: did you mean" \
"misspelt.lua:1: loom has no field 'wrold' (did you mean 'world'?)
stack traceback:
	misspelt.lua:1: in main chunk" "$got"

# Determinism: loom.random, loom.noise and math.random place the particles.
cat >random.lua <<'LUA'
local world = loom.world{ gravity = {0, -1, 0} }
for i = 1, 12 do
  world:particle{ pos = { loom.random() * 4 - 2, loom.random(-2, 2) + loom.noise(i * 0.37, 0.5) },
                  vel = { math.random() - 0.5, 0 }, radius = 0.15 }
end
print(loom.random(1000000), math.random(1000000))
return world
LUA
frames() { # $1: folder, then loom's options
    out=$1; shift
    "$loom" render random.lua --frames 3 --size 160x90 --quiet --out "$out" "$@" >"$out.txt" 2>&1
    cat "$out.txt" "$out"/*.png | cksum
}
a=$(frames a); b=$(frames b)
same "without --seed the same scene gives the same frames and numbers" "$a" "$b"
c=$(frames c --seed 7); d=$(frames d --seed 7)
same "--seed 7 twice: the same frames and numbers" "$c" "$d"
e=$(frames e --seed 8)
if [ "$c" != "$e" ] && [ "$a" != "$c" ] && ! cmp -s c.txt e.txt; then ok "--seed 8 differs from --seed 7 and from the default"
else not_ok "different seeds differ"; fi
if ! cmp -s c/frame_00000.png e/frame_00000.png; then ok "different seeds place the particles differently"
else not_ok "different seeds place the particles differently"; fi
cp random.lua edited.lua && echo "-- an edit" >>edited.lua
"$loom" sim edited.lua --frames 1 --quiet >edited.txt 2>&1
if ! cmp -s a.txt edited.txt; then ok "the default seed comes from the file (an edited scene draws other numbers)"
else not_ok "the default seed comes from the file"; fi
got=$("$loom" sim random.lua --frames 1 --seed -3 2>&1 | head -n 1)
same "--seed takes a whole number" "loom: --seed needs a whole number from 0 to 18446744073709551615, not '-3'" "$got"

# luacheck with loom's standard (.luacheckrc) rejects a misspelt loom field.
if need luacheck lua-check "luacheck --config .luacheckrc rejects loom.wrold and loom.updat"; then
    printf 'local w = loom.wrold{}\nfunction loom.updat() end\nfunction loom.update() end\nloom.keep.n = 1\nreturn w\n' >lint.lua
    got=$(luacheck --no-color --codes --config "$source_dir/.luacheckrc" lint.lua | grep -E '^ +lint.lua' | sed 's/^ *//')
    same "luacheck --config .luacheckrc rejects loom.wrold and loom.updat" \
"lint.lua:1:11: (W143) accessing undefined field 'wrold' of global 'loom'
lint.lua:2:10: (W142) setting undefined field 'updat' of global 'loom'" "$got"
fi

finish
