-- hostile: a pcall loop in loom.update (the second frame's call)
-- stderr: hang_pcall_update.lua:6: script ran for more than 2 s (raise it with --timeout)
local w = loom.world{}
w:particle{pos = {0, 0}}
function loom.update()
    while true do pcall(error, "again") end
end
return w
