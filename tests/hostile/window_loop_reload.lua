-- hostile: an endless loop in a scene saved into the running window
-- mode: window
-- stderr: window_loop_reload.lua:5: script ran for more than 2 s
local w = loom.world{}
while true do end
return w
