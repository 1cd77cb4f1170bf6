-- hostile: engine memory: sticks between two particles until memory runs out
-- args: --timeout 10 --memory 64
-- stderr: mem_engine_sticks.lua:7: the script went over its memory limit of 64 MiB (raise it with --memory)
local w = loom.world{}
local a = w:particle{ pos = { 0, 0 } }
local b = w:particle{ pos = { 1, 0 } }
while true do w:stick(a, b) end
return w
