-- hostile: Lua 5.4.4 bug "Lua-stack overflow when C stack overflows while handling an error" (CVE-2022-33099, upstream 42d40581): Debian's liblua5.4 5.4.4-3 carries the fix; upstream's test (testes/cstack.lua, a message handler that overflows the stack) ends with "error in error handling"
-- args: --timeout 8 --memory 64
-- stderr: crash_lua_error_handling.lua: error in error handling
local w = loom.world{}
local count = 0
local function loop (x, y, z)
  count = count + 1
  return 1 + loop(x, y, z)
end
local res, msg = xpcall(loop, loop)
assert(not res and msg == "error in error handling", msg)
error("crash_lua_error_handling.lua: " .. msg, 0)
return w
