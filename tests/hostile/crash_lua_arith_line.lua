-- hostile: Lua 5.4.4 bug 02bab9fc (wrong line in error message for arith. errors): an integer % or // by zero raises without saving where the function is, so lua5.4 names the line of the last call (upstream's testes/errors.lua case). loom runs every scene with a count hook, and with a hook Lua saves that place at every instruction: the message names the right line, and the thread's top a message handler runs on is sound
-- stderr: crash_lua_arith_line.lua:12: attempt to perform 'n%0'
local w = loom.world{}
local ok, message = xpcall(function()
  local a = 0
  local b = 1
  local c = b // a
end, function(m) return m end)
assert(not ok and message:find("crash_lua_arith_line.lua:7: attempt to divide by zero", 1, true), message)
local a = 0
local b = 1
local c = b % a
return w
