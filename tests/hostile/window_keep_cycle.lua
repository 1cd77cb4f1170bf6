-- hostile: loom.keep holding a cycle and a 60-level tower of shared tables (2^60 paths copied naively)
-- mode: window
-- stderr: loom: reloaded window_keep_cycle.lua
local w = loom.world{}
local t = { name = "top" }
t.self = t
local level = t
for i = 1, 60 do level = { left = level, right = level, i = i } end
loom.keep.tower = level
loom.keep.loop = t
return w
