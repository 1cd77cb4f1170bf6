-- hostile: a finalizer that loops when the scene is closed at exit (Lua runs finalizers with hooks off) (under --trust: the sandbox refuses __gc)
-- args: --trust --timeout 2 --memory 64
-- stderr: hang_gc_exit.lua: script ran for more than 2 s and did not stop; the watchdog ended the run 1 s later
-- within: 3.8
local w = loom.world{}
w:particle{pos = {0, 0}}
Forever = setmetatable({}, {__gc = function() while true do end end})
return w
