-- hostile: the window, saved with a scene whose loom.update runs table.move({}, 1, 1 << 50, 2) (2^50 iterations in one C call): a save and Esc must still be answered within a second
-- mode: window
-- args: --timeout 30 --memory 64
-- answers: 1
-- stderr: stopped: the scene's files changed (loom loads them again)
local w = loom.world{}
w:particle{ pos = { 0, 0 } }
function loom.update()
    table.move({}, 1, 1 << 50, 2)
end
return w
