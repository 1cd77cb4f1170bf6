-- hostile: engine memory: particles until memory runs out (the engine's allocations count)
-- args: --timeout 10 --memory 64
-- stderr: mem_engine_particles.lua:8: the script went over its memory limit of 64 MiB (raise it with --memory)
local w = loom.world{}
local i = 0
while true do
    i = i + 1
    w:particle{ pos = { i * 1e-3, 0 } }
end
return w
