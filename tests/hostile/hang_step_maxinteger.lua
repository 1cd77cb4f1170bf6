-- hostile: w:step(math.maxinteger) while the scene loads
-- stderr: hang_step_maxinteger.lua:5: script ran for more than 2 s (raise it with --timeout)
local w = loom.world{}
w:particle{pos = {0, 0}}
w:step(math.maxinteger)
return w
