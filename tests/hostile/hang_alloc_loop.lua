-- hostile: a loop that does nothing but allocate: past the deadline the allocator refuses, and Lua raises "not enough memory" with no message handler; the time limit's message must still say where the script was, with its traceback
-- stderr: hang_alloc_loop.lua:7: script ran for more than 2 s (raise it with --timeout)
-- stderr: stack traceback:
-- absent: not enough memory
local w = loom.world{}
local t = {}
while true do t[1] = {} end
return w
