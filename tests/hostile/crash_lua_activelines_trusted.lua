-- hostile: Lua 5.4.4 bug dfbde4c7 (active lines for stripped vararg functions): debug.getinfo(f, "L") of a vararg function loaded from a stripped dump segfaulted. Under --trust string.dump exists, but no binary chunk is loaded; the active lines of every text function are there
-- args: --trust --timeout 2 --memory 64
-- stderr: attempt to load a binary chunk (loom loads Lua text only
local w = loom.world{}
local stripped = string.dump(load("print(10)"), true)
local f, message = load(stripped)
assert(f == nil)
local lines = debug.getinfo(load("print(10)\nreturn ..."), "L").activelines
assert(lines[1] and lines[2])
error(message, 0)
return w
