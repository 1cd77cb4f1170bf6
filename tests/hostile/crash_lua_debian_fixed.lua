-- hostile: the two Lua 5.4.4 bugs Debian's liblua5.4 5.4.4-3 carries the fixes of, by upstream's tests: 1f3c6f45 (wrong code when _ENV is <const>, CVE-2022-28805; testes/attrib.lua) and 42d40581 (Lua-stack overflow when the C stack overflows while handling an error, CVE-2022-33099; testes/cstack.lua, a message handler that overflows the stack)
-- args: --timeout 8 --memory 64
-- stderr: crash_lua_debian_fixed.lua: error in error handling
local w = loom.world{}
local function foo ()
  local _ENV <const> = 11
  X = "hi"
end
local st, msg = pcall(foo)
assert(not st and string.find(msg, "number"))
local count = 0
local function loop (x, y, z)
  count = count + 1
  return 1 + loop(x, y, z)
end
local res, msg2 = xpcall(loop, loop)
assert(not res and msg2 == "error in error handling", msg2)
error("crash_lua_debian_fixed.lua: " .. msg2, 0)
return w
