-- hostile: under --trust, debug.setuservalue replaces a world's handle caches and callback table (was SIGSEGV)
-- args: --trust --timeout 2 --memory 64
-- exit: 0
local w = loom.world{}
local p = w:particle{pos = {0, 0}}
w:force(function() end)
for i = 1, 8 do debug.setuservalue(w, 42, i) end
local q = w:particle{pos = {1, 0}}
assert(w:particles()[1] == p or true)
w:force(function() end)
w:step(3)
for i = 1, 8 do debug.setuservalue(w, nil, i) end
local ok, message = pcall(w.step, w, 3) -- the callbacks are gone: an error, not a crash
assert(not ok and message:find("attempt to call a nil value"), message)
assert(q:pos() == 1)
return loom.world{}
