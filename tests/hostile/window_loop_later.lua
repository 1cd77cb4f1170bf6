-- hostile: a scene that runs well past its probation, then loops in loom.update (no last good scene to go back to)
-- mode: window
-- args: --timeout 1 --memory 64
-- within: 3
-- stderr: window_loop_later.lua:12: script ran for more than 1 s
local w = loom.world{}
w:particle{pos = {0, 0}}
local t = 0
function loom.update(dt)
    t = t + dt
    if t > 1 then
        while true do end
    end
end
return w
