-- hostile: Lua 5.4.4 bug 1f3c6f45 (Lua can generate wrong code when _ENV is <const>; CVE-2022-28805): Debian's liblua5.4 5.4.4-3 carries the fix; upstream's test (testes/attrib.lua) passes
-- stderr: crash_lua_env_const.lua: attempt to index a number value
local w = loom.world{}
local function foo ()
  local _ENV <const> = 11
  X = "hi"
end
local st, msg = pcall(foo)
assert(not st and string.find(msg, "number"))
error("crash_lua_env_const.lua: " .. msg:match("attempt to index a number value"), 0)
return w
