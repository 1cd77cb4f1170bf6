-- hostile: the window, saved with a scene that reads a FIFO of its folder (fopen blocked for good)
-- mode: window
-- fifo: pipe.txt
-- stderr: window_fifo_read.lua:6: bad argument #1 to 'read' ('pipe.txt' is not a file)
local w = loom.world{}
loom.read("pipe.txt")
return w
