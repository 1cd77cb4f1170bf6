-- hostile: a million coroutines, each holding a stack
-- args: --timeout 10 --memory 64
-- stderr: mem_coroutines.lua:7: the script went over its memory limit of 64 MiB (raise it with --memory)
local w = loom.world{}
local all = {}
for i = 1, 1e7 do
    local co = coroutine.create(function() coroutine.yield(i) end)
    coroutine.resume(co)
    all[i] = co
end
return w
