-- hostile: a pattern whose set [...] is 1 MiB long: the matcher counted one step per set test, so a million tests cost a million MiB of C work between two looks at the clock
-- args: --timeout 2 --memory 256
-- stderr: hang_pattern_set.lua:8: script ran for more than 2 s (raise it with --timeout)
local w = loom.world{}
local set = "[" .. string.rep("a", 1 << 20) .. "]"
local subject = string.rep("b", 1 << 20)
-- Each of the subject's characters is tried against the whole set.
string.find(subject, set)
return w
