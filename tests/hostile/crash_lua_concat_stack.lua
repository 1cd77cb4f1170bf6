-- hostile: Debian's Lua 5.4.4 (its CVE-2022-33099 patch, fixed upstream by 603b2c64): a __concat metamethod that makes the stack move (a deep call) left luaV_concat with a pointer into the freed stack, and the collector walked freed memory (SIGSEGV in 9 lines). setmetatable refuses __concat; one added later is stopped when the stack moves under it: in a coroutine (a C function as the metamethod, whose call grows the stack; a tail call), then in the main thread
-- stderr: crash_lua_concat_stack.lua:12: a __concat metamethod was running when Lua moved this thread's stack, which Debian's Lua 5.4.4 would then use (upstream bug 603b2c64); loom stopped it (keep __concat metamethods shallow)
local w = loom.world{}
local ok, message = pcall(setmetatable, {}, {__concat = function() return "" end})
assert(not ok and message:find("__concat is not available to a scene: Debian's Lua 5.4.4 uses freed memory after a __concat metamethod (a bug); write tostring(x) .. s instead", 1, true), message)
local mt = {}
local t = setmetatable({}, mt)
mt.__concat = function(a, b) return "shallow" end
assert(t .. "a" == "shallow")
mt.__concat = coroutine.wrap(function() while true do coroutine.yield("z") end end)
local function at(depth) if depth > 0 then return at(depth - 1) or nil end return t .. "x" end
local function rec(n) if n > 0 then return 1 + rec(n - 1) end return 0 end
local stopped = 0
for d = 1, 300 do
  local done, r = coroutine.resume(coroutine.create(at), d)
  if done then assert(r == "z") else assert(r:find("loom stopped it", 1, true), r); stopped = stopped + 1 end
end
assert(stopped > 0)
local function deeper() rec(3000) return "w" end
mt.__concat = function(a, b) return deeper(a, b) end
local done, r = pcall(coroutine.wrap(function() return t .. "y" end))
assert(not done and r:find("loom stopped it", 1, true), r)
mt.__concat = function(a, b) rec(5000) return "x" end
for i = 1, 200 do
  local s = t .. "a"
  local u = {}
  for j = 1, 1000 do u[j] = {} end
end
return w
