-- hostile: under --trust, debug.setmetatable gives a vec a particle's metatable and a world a vec's (type confusion)
-- args: --trust --timeout 2 --memory 64
-- stderr: crash_setmetatable_confusion.lua:15: bad particle (changed with the debug library)
local w = loom.world{}
local p = w:particle{pos = {0, 0}}
local other = loom.world{}
local label = loom.label{text = "x", at = {0, 0}}
local world_mt = debug.getmetatable(other)
debug.setmetatable(other, debug.getmetatable(loom.vec(0, 0)))
assert(not pcall(function() other.x = 1 end))
debug.setmetatable(other, world_mt) -- else it is never finalized (its memory is lost)
debug.setmetatable(label, debug.getmetatable(w))
assert(not pcall(function() label:step() end))
local v = debug.setmetatable(loom.vec(1, 2), debug.getmetatable(p))
v:pos()
return w
