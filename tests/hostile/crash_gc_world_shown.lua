-- hostile: under --trust, the shown world's __gc called by hand in loom.update, in loom.draw and in loom.finish
-- args: --trust --timeout 2 --memory 64
-- exit: 0
-- stderr: cannot destroy the world loom shows
local w = loom.world{}
local p = w:particle{pos = {0, 0}}
local gc = debug.getmetatable(w).__gc
local function try() local ok, message = pcall(gc, w) assert(not ok) io.stderr:write(message, "\n") end
function loom.update() try() end
function loom.draw() try() end
function loom.finish() try() end
return w
