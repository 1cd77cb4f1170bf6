-- hostile: a string that doubles until memory runs out
-- args: --timeout 10 --memory 64
-- within: 2.5
-- stderr: mem_string_doubling.lua:6: the script went over its memory limit of 64 MiB (raise it with --memory)
local s = "x"
while true do s = s .. s end
