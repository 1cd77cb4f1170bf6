-- hostile: an endless loop at the bottom of a 150,000-level recursion (the
-- time-limit error's traceback must not walk every level)
-- stderr: hang_deep_recursion_loop.lua:
-- stderr: script ran for more than 2 s (raise it with --timeout)
-- stderr: (skipping
-- (No line in the message: on a loaded machine, or in make check's slower
-- build, the limit may fire on the way down, which is as deep a stack.)
local function f(n)
    if n == 0 then
        while true do end
    end
    return f(n - 1) + 1
end
f(150000)
