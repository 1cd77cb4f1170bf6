-- hostile: Lua 5.4.4 bug 2db966fc (luaL_traceback may need more than 5 stack slots): a C function with a nearly full stack calling luaL_traceback wrote past it (upstream's test needs Lua's test library). debug.traceback (--trust) gets its own 20 slots as any C function, and loom's tracebacks are its own code, which asks for the room it uses: tracebacks from full stacks, deep recursion and message handlers are whole
-- args: --trust --timeout 2 --memory 64
-- stderr: crash_lua_traceback_slots.lua:14: xuxu
local w = loom.world{}
local function many(...) return debug.traceback("xuxu", 1) end
for n = 0, 250, 5 do
  local t = {}
  for i = 1, n do t[i] = i end
  assert(many(table.unpack(t)):find("xuxu.-main chunk"))
end
local function deep(n) if n > 0 then return deep(n - 1) end error("deep") end
local ok, tb = xpcall(deep, debug.traceback, 100000)
assert(not ok and tb:find("stack traceback"))
local function full(...) error("xuxu") end
full(table.unpack((function() local t = {} for i = 1, 200 do t[i] = i end return t end)()))
return w
