-- hostile: an error object whose __tostring allocates without end (3.8 GB before)
-- stderr: mem_error_tostring.lua:14: the script went over its memory limit of 64 MiB (raise it with --memory)
local w = loom.world{}
local object = setmetatable({}, {
    __tostring = function()
        local hoard, s = {}, "x"
        while true do
            s = s .. s
            hoard[#hoard + 1] = s
        end
    end,
})
function loom.update()
    error(object)
end
return w
