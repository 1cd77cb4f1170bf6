-- hostile: an endless loop in a force callback under loom sim
-- mode: sim
-- args: --timeout 1 --memory 64
-- stderr: hang_loop_sim.lua:8: script ran for more than 1 s
local w = loom.world{}
w:particle{ pos = {0, 0} }
w:force(function()
    while true do end
end)
return w
