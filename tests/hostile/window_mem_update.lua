-- hostile: an allocation bomb in loom.update of a scene saved into the running window
-- mode: window
-- args: --timeout 5 --memory 64
-- stderr: window_mem_update.lua:9: the script went over its memory limit of 64 MiB (raise it with --memory)
local w = loom.world{}
w:particle{pos = {0, 0}}
local hoard = {}
function loom.update()
    for i = 1, math.huge do hoard[#hoard + 1] = string.rep("x", 1000000) .. i end
end
return w
