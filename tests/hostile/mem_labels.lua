-- hostile: labels without end (label memory counted or capped)
-- args: --timeout 10 --memory 64
-- stderr: mem_labels.lua:9: the script went over its memory limit of 64 MiB (raise it with --memory)
local w = loom.world{}
local text = string.rep("L", 100000)
local i = 0
while true do
    i = i + 1
    loom.label{ text = text .. i, at = { 0, 0 } }
end
return w
