-- hostile: labels without end (label memory counted or capped)
-- args: --timeout 10 --memory 64
-- stderr: over its memory limit of 64 MiB
local w = loom.world{}
local text = string.rep("L", 100000)
local i = 0
while true do
    i = i + 1
    loom.label{ text = text .. i, at = { 0, 0 } }
end
return w
