-- hostile: the window, saved with a scene whose loom.update inserts at the front of a table whose __len says 2^50: a save and Esc must still be answered within a second
-- mode: window
-- args: --timeout 30 --memory 64
-- answers: 1
-- stderr: stopped: the scene's files changed (loom loads them again)
local w = loom.world{}
w:particle{ pos = { 0, 0 } }
local t = setmetatable({}, { __len = function() return 1 << 50 end })
function loom.update()
    table.insert(t, 1, "x")
end
return w
