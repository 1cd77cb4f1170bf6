-- hostile: an endless loop in loom.update, after frame 0 was written
-- stderr: hang_loop_update.lua:7: script ran for more than 2 s
local w = loom.world{}
w:particle{ pos = {0, 0} }
function loom.update()
    local x = 0
    while true do x = x + 1 end
end
return w
