-- hostile: a string that doubles until memory runs out
-- stderr: memory limit of 64 MiB
local s = "x"
while true do s = s .. s end
