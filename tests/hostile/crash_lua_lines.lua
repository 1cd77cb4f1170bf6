-- hostile: Lua 5.4.4's wrong line numbers: 02bab9fc (an integer % or // by zero raises without saving where the function is: lua5.4 names the line of the last call; loom runs scenes with a count hook, and with a hook Lua saves the place at every instruction, so loom's message is right) and 5ab6a575 (a call split over lines is reported at the line its expression starts, in loom as in lua5.4; upstream's testes/errors.lua cases)
-- stderr: crash_lua_lines.lua:19: attempt to perform 'n%0'
local w = loom.world{}
local ok, message = xpcall(function()
  local a = 0
  local b = 1
  local c = b // a
end, function(m) return m end)
assert(not ok and message:find("crash_lua_lines.lua:7: attempt to divide by zero", 1, true), message)
local ok2, message2 = pcall(load("local a = {x = 13}\na\n.\nx\n(\n23\n)\n", "=split"))
assert(not ok2 and message2 == "split:2: attempt to call a number value (field 'x')", message2)
local ok3, message3 = pcall(function()
  local n = 13
  return n
  (23)
end)
assert(not ok3 and message3:find("crash_lua_lines.lua:14: attempt to call a number value", 1, true), message3)
local a, b = 0, 1
local c = b % a
return w
