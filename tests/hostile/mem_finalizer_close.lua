-- hostile: a finalizer that allocates without end as the scene closes (6.3 GB before)
-- args: --timeout 2 --memory 64 --trust
-- stderr: mem_finalizer_close.lua: the script went over its memory limit of 64 MiB (raise it with --memory) in a finalizer (__gc) as it closed
local w = loom.world{}
w:particle{ pos = { 0, 0, 0 } }
setmetatable({}, {
    __gc = function()
        local hoard, s = {}, "x"
        while true do
            s = s .. s
            hoard[#hoard + 1] = s
        end
    end,
})
return w
