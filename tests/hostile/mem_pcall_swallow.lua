-- hostile: an allocation bomb whose "not enough memory" is caught by pcall, again and again
-- args: --timeout 10 --memory 64
-- within: 2.5
-- stderr: mem_pcall_swallow.lua:15: the script went over its memory limit of 64 MiB (raise it with --memory)
local w = loom.world{}
local function grow()
    local t = {}
    for i = 1, math.maxinteger do
        t[i] = i
    end
end
local n = 0
while true do
    pcall(grow)
    n = n + 1
end
return w
