-- hostile: an error message of 20 MiB (the report keeps its first 2000 bytes)
-- stderr: mem_error_huge_message.lua:5: yyyyyyyyyy
-- stderr: yyyy... (20969550 more bytes)
local s = string.rep("y", 20 * 1024 * 1024)
error(s)
