-- hostile: the __concat stack bug (603b2c64) from coroutines: a C function as the metamethod (the stack grows as it is called), a tail call in the metamethod, a metamethod running in a coroutine. Each stopped thread fails its resume; the scene goes on
-- stderr: crash_lua_concat_stack_coroutine.lua: stopped
local w = loom.world{}
local mt = {}
local t = setmetatable({}, mt)
mt.__concat = coroutine.wrap(function() while true do coroutine.yield("z") end end)
local function at(depth) if depth > 0 then return at(depth - 1) or nil end return t .. "x" end
local stopped = 0
for d = 1, 300 do
  local ok, r = coroutine.resume(coroutine.create(at), d)
  if ok then assert(r == "z") else assert(r:find("loom stopped it", 1, true), r); stopped = stopped + 1 end
end
assert(stopped > 0)
local function rec(n) if n > 0 then return 1 + rec(n - 1) end return 0 end
local function deeper() rec(3000) return "w" end
mt.__concat = function(a, b) return deeper(a, b) end
local ok, r = pcall(coroutine.wrap(function() return t .. "y" end))
assert(not ok and r:find("loom stopped it", 1, true), r)
error("crash_lua_concat_stack_coroutine.lua: stopped " .. stopped .. " of 300 and the tail call", 0)
return w
