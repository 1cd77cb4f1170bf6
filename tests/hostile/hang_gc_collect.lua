-- hostile: finalizers that loop when the collector runs them during loom.update (under --trust: the sandbox refuses __gc)
-- args: --trust --timeout 2 --memory 64
-- stderr: hang_gc_collect.lua: script ran for more than 2 s and did not stop; the watchdog ended the run 1 s later
-- within: 3.8
local w = loom.world{}
w:particle{pos = {0, 0}}
local trap = {__gc = function() while true do end end}
function loom.update()
    for _ = 1, 1000 do setmetatable({}, trap) end
    collectgarbage("count")
    local junk = {}
    for i = 1, 1e6 do junk[i % 1000 + 1] = {i} end
end
return w
