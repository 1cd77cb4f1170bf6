-- hostile: dofile of a FIFO named .lua in the scene's folder (blocked in fopen)
-- fifo: pipe.lua
-- stderr: hang_fifo_dofile.lua:6: bad argument #1 to 'dofile' ('pipe.lua' is not a file)
-- within: 1.5
local w = loom.world{}
dofile("pipe.lua")
return w
