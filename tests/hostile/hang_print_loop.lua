-- hostile: an endless loop of 10 kB prints: output capped at 16 MiB, then the time limit
-- output: 17
-- stderr: loom: hang_print_loop.lua printed 16 MiB; the rest of its output is dropped (print is capped at 16 MiB per run)
-- stderr: hang_print_loop.lua:7: script ran for more than 2 s (raise it with --timeout)
local w = loom.world{}
local line = string.rep("q", 10000)
while true do print(line) end
return w
