-- hostile: a plain endless loop while the scene loads
-- stderr: hang_loop_plain.lua:4: script ran for more than 2 s
local w = loom.world{}
while true do end
return w
