-- hostile: getmetatable(world).__gc(world) from inside a force callback (was a heap use-after-free)
-- stderr: crash_gc_world_force.lua:6: attempt to call a nil value (field '__gc')
local w = loom.world{}
w:particle{pos = {0, 0}}
w:force(function(world)
    getmetatable(world).__gc(world)
end)
return w
