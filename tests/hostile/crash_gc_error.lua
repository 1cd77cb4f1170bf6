-- hostile: a finalizer that raises an error when the state closes
-- exit: 0
local w = loom.world{}
setmetatable({}, { __gc = function() error("finalizer error") end })
return w
