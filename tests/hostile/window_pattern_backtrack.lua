-- hostile: a catastrophic string pattern in loom.update of a scene saved into the window (C work the count hook never sees)
-- mode: window
-- args: --timeout 1 --memory 64
-- stderr: window_pattern_backtrack.lua:10: script ran for more than 1 s (raise it with --timeout)
local w = loom.world{}
w:particle{pos = {0, 0}}
local subject = string.rep("a", 5000)
local pattern = string.rep("a*", 20) .. "b"
function loom.update()
    string.find(subject, pattern)
end
return w
