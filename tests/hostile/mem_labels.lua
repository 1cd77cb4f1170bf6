-- hostile: labels of 100k characters without end (200 of them took 1.8 s a picture): the text is capped
-- args: --timeout 10 --memory 64
-- stderr: mem_labels.lua:9: bad argument #1 to 'label' (field 'text' must be at most 1024 bytes, got 100001)
local w = loom.world{}
local text = string.rep("L", 100000)
local i = 0
while true do
    i = i + 1
    loom.label{ text = text .. i, at = { 0, 0 } }
end
return w
