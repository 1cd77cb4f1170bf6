-- hostile: the world's __gc called by the script from inside a force callback (was a heap use-after-free)
-- stderr: crash_gc_from_force.lua:7: attempt to call a nil value (field '__gc')
local w = loom.world{}
w:particle{ pos = {0, 0} }
w:force(function()
    local mt = getmetatable(w)
    mt.__gc(w)
end)
return w
