-- hostile: under --trust, __concat is allowed (setmetatable is Lua's), and a metamethod during which the stack moves is stopped as in the sandbox (603b2c64)
-- args: --trust --timeout 2 --memory 64
-- stderr: crash_lua_concat_stack_trusted.lua:5: a __concat metamethod was running when Lua moved this thread's stack
local w = loom.world{}
local function rec(n) if n > 0 then return 1 + rec(n - 1) end return 0 end
local t = setmetatable({}, {__concat = function(a, b) rec(5000) return "x" end})
local s = t .. "a"
return w
