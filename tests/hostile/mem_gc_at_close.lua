-- hostile: a finalizer that allocates without end when the state closes (was 6.3 GB)
-- stderr: mem_gc_at_close.lua:4: bad argument #2 to 'setmetatable' (__gc is not available to a scene: finalizers run out of reach of the time limit; --trust allows them)
local w = loom.world{}
setmetatable({}, { __gc = function()
    local t = {}
    while true do t[#t + 1] = string.rep("z", 1000) .. #t end
end })
return w
