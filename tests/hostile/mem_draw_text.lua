-- hostile: 200 texts of 100k characters drawn in every picture (capped)
-- stderr: mem_draw_text.lua:6: loom.draw drew too much text in one picture (at most 1048576 bytes)
local w = loom.world{}
local text = string.rep("W", 100000)
function loom.draw()
    for i = 1, 200 do loom.text({ 0, i * 0.01 }, text) end
end
return w
