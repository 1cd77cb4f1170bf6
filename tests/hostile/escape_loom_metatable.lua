-- hostile: a metatable on loom and replacing package.loaded.loom (was SIGABRT "unprotected Lua error")
-- stderr: escape_loom_metatable.lua:5: cannot change a protected metatable
local w = loom.world{}
package.loaded.loom = setmetatable({}, {__index = function() error("boom") end})
setmetatable(loom, {__index = function() error("boom") end})
return w
