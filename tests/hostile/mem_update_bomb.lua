-- hostile: an allocation bomb in loom.update, after frame 0 was written
-- args: --timeout 10 --memory 64
-- stderr: mem_update_bomb.lua:7: the script went over its memory limit of 64 MiB (raise it with --memory)
local w = loom.world{}
local keep = {}
function loom.update()
    while true do keep[#keep + 1] = string.rep("y", 4096) .. #keep end
end
return w
