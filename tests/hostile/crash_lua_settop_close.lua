-- hostile: Lua 5.4.4 bug 196bb94d ('lua_settop' may use an invalid pointer to stack): a __close metamethod that makes the stack move, closed from C (upstream's test needs Lua's test library); from a scene every way a to-be-closed variable is closed (block end, break, goto, return, error, coroutine.close, coroutine.wrap, pcall, many results) runs with such a __close, unharmed
-- stderr: crash_lua_settop_close.lua: closed
local w = loom.world{}
local function loop(n) if n < 400 then loop(n + 1) end end
local closed = 0
local o = setmetatable({}, {__close = function() loop(0); closed = closed + 1 end})
local function results(...) return ... end
for _ = 1, 20 do
  do local x <close> = o end
  for _ = 1, 2 do local x <close> = o; break end
  do local x <close> = o; goto next end
  ::next::
  local function ret() local x <close> = o; return results(1, 2, 3, 4, 5, 6, 7, 8) end
  assert(select("#", ret()) == 8)
  pcall(function() local x <close> = o; error("e") end)
  local co = coroutine.create(function() local x <close> = o; coroutine.yield() end)
  coroutine.resume(co)
  assert(coroutine.close(co))
  pcall(coroutine.wrap(function() local x <close> = o; error("e") end))
  for _ in function(s, c) if not c then return 1 end end, nil, nil, o do end
  collectgarbage("count")
end
assert(closed == 20 * 8, closed)
error("crash_lua_settop_close.lua: closed " .. closed .. " times", 0)
return w
