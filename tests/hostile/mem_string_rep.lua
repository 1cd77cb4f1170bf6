-- hostile: string.rep asked for 1 GiB at once
-- stderr: mem_string_rep.lua:3: the script went over its memory limit of 64 MiB (raise it with --memory)
local s = string.rep("x", 1 << 30)
