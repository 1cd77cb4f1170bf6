-- hostile: a __close handler that allocates without end, run as an error unwinds the scene's chunk
-- stderr: mem_close_handler.lua:13: boom
local w = loom.world{}
local guard <close> = setmetatable({}, {
    __close = function()
        local hoard, s = {}, "x"
        while true do
            s = s .. s
            hoard[#hoard + 1] = s
        end
    end,
})
error("boom")
return w
