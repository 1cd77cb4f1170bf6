-- hostile: 30 worlds asking for 64 threads each started 1,892 OS threads from 84 KiB of Lua (outside --memory; 520 worlds would fill the process table)
-- mode: sim
-- stderr: mem_threads.lua:12: 30 worlds run on 94 threads
local w = loom.world{}
local total = 0
local kept = {} -- every world stays alive: a collected one gives its threads back
for i = 1, 30 do
    local world = loom.world{ threads = 64, order = "batched" }
    kept[i] = world
    total = total + world:settings().threads
end
error(("30 worlds run on %d threads"):format(total))
return w
