-- hostile: an error object whose __tostring returns a 60 MiB string
-- args: --timeout 10 --memory 64
-- within: 2.5
-- stderr: mem_error_huge_message.lua:6: the script went over its memory limit of 64 MiB (raise it with --memory)
local w = loom.world{}
error(setmetatable({}, { __tostring = function() return string.rep("m", 60 << 20) end }))
return w
