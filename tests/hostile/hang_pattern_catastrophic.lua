-- hostile: a backtracking pattern over a long subject: years of C work in one string.find
-- stderr: hang_pattern_catastrophic.lua:4: script ran for more than 2 s (raise it with --timeout)
local s = string.rep("a", 20000)
local found = s:find(".-.-.-.-.-.-.-b")
return loom.world{}, found
