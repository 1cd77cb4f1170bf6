-- hostile: a finalizer that loops for ever (Lua runs finalizers with hooks off: no time limit reaches it)
-- stderr: hang_gc_loop.lua:5: bad argument #2 to 'setmetatable' (__gc is not available to a scene: finalizers run out of reach of the time limit; --trust allows them)
local w = loom.world{}
local mt = {__gc = false} -- marked for finalization by the field's presence, set later
setmetatable({}, mt)
mt.__gc = function() while true do end end
return w
