-- hostile: print of long lines, several values each (a string left above the buffer's box corrupted the heap: "double free or corruption")
-- exit: 0
local w = loom.world{}
for i = 1, 40 do print(string.rep("x", 10000), i, string.rep("y", 3000), true, nil, w) end
return w
