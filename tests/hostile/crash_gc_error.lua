-- hostile: a finalizer that raises an error when the state closes (under --trust: a scene may not set __gc)
-- args: --trust --timeout 2 --memory 64
-- exit: 0
local w = loom.world{}
setmetatable({}, { __gc = function() error("finalizer error") end })
return w
