-- hostile: a finalizer that loops when the scene is closed at exit (Lua runs finalizers with hooks off)
-- stderr: hang_gc_exit.lua: script ran for more than 2 s and did not stop; the watchdog ended the run 1 s later
-- within: 3.8
local w = loom.world{}
w:particle{pos = {0, 0}}
Forever = setmetatable({}, {__gc = function() while true do end end})
return w
