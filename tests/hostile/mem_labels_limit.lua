-- hostile: the heap filled to within 48 KiB of --memory (collected, the collector stopped: --trust), then 500 labels: the labels count against the limit
-- args: --trust --timeout 2 --memory 64
-- stderr: mem_labels_limit.lua:16: the script went over its memory limit of 64 MiB (raise it with --memory)
-- absent: labels are free
local w = loom.world{}
local keep, labels = {}, {}
for i = 1, 500 do labels[i] = false end -- the list's memory, taken before
collectgarbage("stop")
repeat
    keep[#keep + 1] = string.rep("x", 4000)
    if collectgarbage("count") > 64 * 1024 - 48 then collectgarbage("collect") collectgarbage("stop") end
until collectgarbage("count") > 64 * 1024 - 48
local before = collectgarbage("count")
local text = "a label"
for i = 1, 500 do
    labels[i] = loom.label{ text = text, screen = { 0.5, 0.5 } }
end
error(string.format("labels are free: 500 labels fit in %.0f KiB", 64 * 1024 - before))
return w
