-- hostile: rawset on the locked loom table (callbacks that are not functions, loom's own fields replaced)
-- exit: 0
local w = loom.world{}
w:particle{ pos = { 0, 0 } }
rawset(loom, "update", 42)
rawset(loom, "draw", setmetatable({}, { __call = function() error("called") end }))
rawset(loom, "keep", setmetatable({}, { __index = function() error("keep") end }))
rawset(loom, "world", nil)
rawset(loom, "label", "not a function")
return w
