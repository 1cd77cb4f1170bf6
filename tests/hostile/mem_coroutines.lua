-- hostile: a million coroutines, each holding a stack
-- stderr: memory limit of 64 MiB
local w = loom.world{}
local all = {}
for i = 1, 1e7 do
    local co = coroutine.create(function() coroutine.yield(i) end)
    coroutine.resume(co)
    all[i] = co
end
return w
