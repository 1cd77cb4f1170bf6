-- hostile: a finalizer that loops for ever when the window closes the scene's state (at the next reload)
-- mode: window
-- args: --timeout 1 --memory 64
-- stderr: window_finalizer_loop.lua:7: bad argument #2 to 'setmetatable' (__gc is not available to a scene
local w = loom.world{}
w:particle{pos = {0, 0}}
setmetatable({}, {__gc = function() while true do end end})
return w
