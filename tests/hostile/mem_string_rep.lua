-- hostile: string.rep asked for 1 GiB at once
-- stderr: memory limit of 64 MiB
local s = string.rep("x", 1 << 30)
