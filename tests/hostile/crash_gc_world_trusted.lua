-- hostile: under --trust, the world's real __gc (debug.getmetatable) called from a force callback
-- args: --trust --timeout 2 --memory 64
-- stderr: crash_gc_world_trusted.lua:8: cannot destroy a world while it steps
local w = loom.world{}
local p = w:particle{pos = {0, 0}}
local gc = debug.getmetatable(w).__gc
w:force(function(world)
    gc(world)
end)
return w
