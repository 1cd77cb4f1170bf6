-- hostile: warn() in a loop: it was not capped like print (11.4 GB of stderr in 2 s)
-- output: 17
-- stderr: loom: mem_warn_flood.lua warned 16 MiB; the rest of its warnings are dropped (warn is capped at 16 MiB per run)
-- stderr: script ran for more than 2 s (raise it with --timeout)
local w = loom.world{}
warn("@on")
local line = string.rep("w", 4096)
while true do warn(line) end
return w
