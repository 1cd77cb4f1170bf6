-- hostile: under --trust, a second world destroyed by hand (twice), then its handles and methods used
-- args: --trust --timeout 2 --memory 64
-- stderr: crash_gc_world_other.lua:12: calling 'step' on bad self (attempt to use a destroyed world)
local w = loom.world{}
local other = loom.world{}
local p = other:particle{pos = {0, 0}}
local gc = debug.getmetatable(other).__gc
gc(other)
gc(other)
assert(tostring(other) == "destroyed world")
assert(not pcall(p.pos, p))
other:step()
return w
