-- hostile: replacing package.loaded.loom and giving package.loaded a metatable that raises (was SIGABRT)
-- exit: 0
local w = loom.world{}
w:particle{ pos = {0, 0} }
local boom = { __index = function() error("boom") end, __newindex = function() error("boom") end }
package.loaded.loom = setmetatable({}, boom)
package.loaded = setmetatable({}, boom)
setmetatable(debug or package, nil)
function loom.update() end
function loom.draw() end
return w
