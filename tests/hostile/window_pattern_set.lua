-- hostile: the window, saved with a scene whose loom.update matches with a 16 MiB set (each test 16 MiB of C work): a save and Esc must still be answered within a second
-- mode: window
-- args: --timeout 30 --memory 256
-- answers: 1
-- stderr: stopped: the scene's files changed (loom loads them again)
local w = loom.world{}
w:particle{ pos = { 0, 0 } }
local set = "[" .. string.rep("a", 16 << 20) .. "]"
local subject = string.rep("b", 1 << 20)
function loom.update()
    string.find(subject, set)
end
return w
