-- hostile: an endless loop in loom.update of a scene saved into the running window
-- mode: window
-- args: --timeout 1 --memory 64
-- stderr: window_loop_update.lua:8: script ran for more than 1 s
local w = loom.world{}
w:particle{pos = {0, 0}}
function loom.update()
    while true do end
end
return w
