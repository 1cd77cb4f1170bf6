-- hostile: a loop around pcall in loom.update of a scene saved into the window (the time limit's error is caught and the loop goes on)
-- mode: window
-- args: --timeout 1 --memory 64
-- stderr: window_pcall_loop.lua:9: script ran for more than 1 s (raise it with --timeout)
local w = loom.world{}
w:particle{pos = {0, 0}}
function loom.update()
    while true do
        pcall(function() while true do end end)
    end
end
return w
