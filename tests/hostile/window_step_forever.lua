-- hostile: the window, saved with a scene that steps its world without end inside loom.update (w:step(math.maxinteger) of a heavy world: no Lua instruction runs while the engine works) under a 30 s limit: the guard is asked from the step interrupt, so a save and Esc must still be answered within a second
-- mode: window
-- args: --timeout 30 --memory 64
-- answers: 1
-- stderr: stopped: the scene's files changed (loom loads them again)
-- stderr: stopped: the window is closing
local w = loom.world{ iterations = 50 }
local previous
for i = 1, 400 do
    local p = w:particle{ pos = { i * 0.01, 0 } }
    if previous then w:stick(previous, p) end
    previous = p
end
function loom.update()
    w:step(math.maxinteger)
end
return w
