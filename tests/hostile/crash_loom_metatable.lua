-- hostile: a metatable on the loom table (was SIGABRT, unprotected Lua error)
-- stderr: crash_loom_metatable.lua:3: cannot change a protected metatable
setmetatable(loom, { __index = function() error("boom") end, __newindex = function() error("boom") end })
return loom.world{}
