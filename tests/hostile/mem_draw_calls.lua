-- hostile: draw calls without end in loom.draw (capped)
-- stderr: mem_draw_calls.lua:5: loom.draw drew too much in one picture (at most 10000 shapes and 200000 points)
local w = loom.world{}
function loom.draw()
    while true do loom.line({ 0, 0 }, { 1, 1 }) end
end
return w
