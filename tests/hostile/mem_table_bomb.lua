-- hostile: a plain allocation bomb (a table that grows without end)
-- args: --timeout 10 --memory 64
-- stderr: mem_table_bomb.lua:8: the script went over its memory limit of 64 MiB (raise it with --memory)
local w = loom.world{}
local t, i = {}, 0
while true do
    i = i + 1
    t[i] = { i, i, i }
end
return w
