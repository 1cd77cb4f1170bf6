-- hostile: load with mode "b" and a reader function returning bytecode piecewise
-- stderr: attempt to load a binary chunk
local parts = { "\27", "Lua", "\x54\x00" }
local i = 0
local f = assert(load(function() i = i + 1; return parts[i] end, "x", "bt"))
f()
return loom.world{}
