-- hostile: an error object whose __tostring returns a 60 MiB string
-- stderr: mem_error_huge_message.lua:4: the script went over its memory limit of 64 MiB (raise it with --memory)
local w = loom.world{}
error(setmetatable({}, { __tostring = function() return string.rep("m", 60 << 20) end }))
return w
