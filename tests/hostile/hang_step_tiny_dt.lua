-- hostile: dt = 1e-300: the app's steps for one frame never add up to the frame's time
-- mode: sim
-- stderr: hang_step_tiny_dt.lua: script ran for more than 2 s (raise it with --timeout)
local w = loom.world{dt = 1e-300}
w:particle{pos = {0, 0}}
return w
