-- hostile: string.rep of 16 MiB in a loop (a few instructions per call, milliseconds of C each)
-- stderr: hang_string_rep.lua:5: script ran for more than 2 s (raise it with --timeout)
local t
while true do
    t = string.rep("ab", 1 << 23, "")
end
return loom.world{}, t
