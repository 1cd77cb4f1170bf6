-- hostile: 32 plot series fed without end (up to 2^20 samples each): the samples count against --memory, not the Lua heap
-- args: --timeout 10 --memory 64
-- stderr: mem_plots.lua:9: the script went over its memory limit of 64 MiB (raise it with --memory)
local w = loom.world{}
local names = {}
for s = 1, 32 do names[s] = "s" .. s end
local n = 0
while true do
    for s = 1, 32 do loom.plot(names[s], n, { panel = "p" .. s % 12 }) end
    n = n + 1
    -- the Lua heap stays small: the limit can only be the plots'
    if n % 4096 == 0 then assert(collectgarbage("count") < 1024, "the Lua heap grew") end
end
return w
