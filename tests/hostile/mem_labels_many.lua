-- hostile: labels of the longest text allowed, without end: the number of labels is capped
-- stderr: mem_labels_many.lua:6: too many labels (at most 500): remove some, or change one with label:set
local w = loom.world{}
local text = string.rep("L", 1024)
while true do
    loom.label{ text = text, screen = { 0.5, 0.5 } }
end
return w
