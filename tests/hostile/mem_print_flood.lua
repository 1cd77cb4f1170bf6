-- hostile: a print flood from loom.update (was 1.3 GB of stdout in 10 s): print stops at 16 MiB
-- exit: 0
-- output: 17
-- stderr: loom: mem_print_flood.lua printed 16 MiB; the rest of its output is dropped (print is capped at 16 MiB per run)
local w = loom.world{}
local line = string.rep("p", 1000)
function loom.update()
    for _ = 1, 1e4 do print(line) end
end
return w
