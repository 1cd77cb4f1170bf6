-- hostile: an endless loop of cheap string calls (the hook sees them)
-- stderr: script ran for more than 2 s
local s = string.rep("a", 100)
while true do s:find("a") end
