-- hostile: the window, saved with a scene stopped by its time limit after its probation, whose loom.draw (still called on the stopped scene) loops: the call thread kept Lua's hooks off after the limit's error, so the draw never ended
-- mode: window
-- args: --timeout 1 --memory 64
-- stderr: script ran for more than 1 s (raise it with --timeout)
local w = loom.world{}
w:particle{ pos = { 0, 0 } }
local ticks, stopped = 0, false
function loom.update()
    ticks = ticks + 1
    if ticks == 40 then
        stopped = true
        while true do end
    end
end
function loom.draw()
    if stopped then
        while true do end
    end
end
return w
