-- hostile: unbounded recursion: the Lua stack overflows at 200,000 levels
-- args: --timeout 10 --memory 64
-- (the traceback walked every level, quadratically: minutes past --timeout)
-- stderr: crash_deep_recursion.lua:7: stack overflow
-- stderr: (skipping 
-- within: 2
local function f(n) return f(n + 1) + 1 end
f(1)
