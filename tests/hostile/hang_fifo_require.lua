-- hostile: require of a module that is a FIFO in the scene's folder (blocked in fopen)
-- fifo: pipe.lua
-- stderr: no file './pipe.lua' (not a regular file)
-- within: 1.5
local w = loom.world{}
require("pipe")
return w
