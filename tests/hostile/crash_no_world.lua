-- hostile: the script returns something that is not a world
-- stderr: crash_no_world.lua
return setmetatable({}, { __index = function() error("no") end })
