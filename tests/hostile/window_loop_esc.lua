-- hostile: the window, saved with a scene that loops in loom.update under a 30 s limit and takes every key: a save and Esc must still be answered within a second
-- mode: window
-- args: --timeout 30 --memory 64
-- answers: 1
-- stderr: stopped: the scene's files changed (loom loads them again)
local w = loom.world{}
w:particle{ pos = { 0, 0 } }
function loom.keypressed() return true end
function loom.update()
    while true do end
end
return w
