-- hostile: loom.keep holding cycles and shared references (a reload took 7-26 s and 1.26 GB, then saves were ignored)
-- mode: window
-- args: --timeout 1 --memory 64
local w = loom.world{}
w:particle{pos = {0, 0}}
local t = {}
t.self = t
for i = 1, 1000 do t[i] = {t, t, parent = t} end
loom.keep.t = t
loom.keep.u = t
return w
