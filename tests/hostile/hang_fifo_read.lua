-- hostile: loom.read of a FIFO in the scene's folder: fopen blocked until someone wrote to it
-- fifo: pipe.txt
-- stderr: hang_fifo_read.lua:6: bad argument #1 to 'read' ('pipe.txt' is not a file)
-- within: 1.5
local w = loom.world{}
loom.read("pipe.txt")
return w
