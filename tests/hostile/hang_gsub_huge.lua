-- hostile: gsub over a 16 MiB subject, again and again (each call is one Lua instruction)
-- stderr: hang_gsub_huge.lua:5: script ran for more than 2 s (raise it with --timeout)
local s = string.rep("a", 1 << 24)
while true do
    s = s:gsub("a", "a")
end
