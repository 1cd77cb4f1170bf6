-- hostile: an endless loop at the bottom of a 150,000-level recursion (the
-- time-limit error's traceback must not walk every level)
-- stderr: hang_deep_recursion_loop.lua:6: script ran for more than 2 s
local function f(n)
    if n == 0 then
        while true do end
    end
    return f(n - 1) + 1
end
f(150000)
