-- hostile: a string that doubles until memory runs out
-- stderr: mem_string_doubling.lua:4: the script went over its memory limit of 64 MiB (raise it with --memory)
local s = "x"
while true do s = s .. s end
