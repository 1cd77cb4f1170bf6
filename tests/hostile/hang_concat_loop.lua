-- hostile: a 16 MiB concatenation in a loop (one instruction copies 32 MiB)
-- stderr: hang_concat_loop.lua:
-- stderr: : script ran for more than 2 s (raise it with --timeout)
local s = string.rep("a", 1 << 24)
while true do
    pcall(function() return s .. s end)
    local t = s .. s
end
