-- hostile: Lua 5.4.4 bug 1e64c139 (stack overflow with nesting of coroutine.close): 12,000 coroutines, each closing the previous one from a __close handler, overflowed the C stack (SIGSEGV). loom's coroutine.close stops at 200 nested closes with Lua's "C stack overflow"
-- stderr: C stack overflow
local w = loom.world{}
-- Upstream's test (testes/cstack.lua, "bug since 5.4.0"), 1,000 coroutines,
-- then the attack's 12,000.
for _, n in ipairs{1000, 12000} do
  local count = 0
  local coro = false
  for i = 1, n do
    local previous = coro
    coro = coroutine.create(function()
      local cc <close> = setmetatable({}, {__close=function()
        count = count + 1
        if previous then
          assert(coroutine.close(previous))
        end
      end})
      coroutine.yield()   -- leaves 'cc' pending to be closed
    end)
    assert(coroutine.resume(coro))  -- start it and run until it yields
  end
  local st, msg = coroutine.close(coro)
  assert(not st and string.find(msg, "C stack overflow"), msg)
  assert(count > 100 and count < n, count)
end
-- coroutine.wrap closes a coroutine that failed: the same chain through it
local count = 0
local function chain(depth)
  local f = coroutine.wrap(function()
    local cc <close> = setmetatable({}, {__close = function()
      count = count + 1
      if depth < 12000 then chain(depth + 1)() end
    end})
    error("fail")
  end)
  return f
end
local ok, msg = pcall(chain(1))
assert(not ok and msg:find("C stack overflow"), msg)
error("C stack overflow: coroutine.close and coroutine.wrap stopped at " .. count .. " nested closes", 0)
return w
