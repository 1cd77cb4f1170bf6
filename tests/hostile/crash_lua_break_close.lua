-- hostile: Lua 5.4.4 bug 997f11f5 ('break' may not properly close variable in a 'for' loop): a break out of a generic for whose body keeps a local in a closure leaves the loop's to-be-closed value open, and the next <close> below it wrote past the Lua stack until it faulted (SIGSEGV). loom refuses the loop when the scene is loaded
-- stderr: crash_lua_break_close.lua:11: 'break' out of this 'for ... in' loop, whose body makes a function using its locals, would leave the loop's to-be-closed value open (a bug of Lua 5.4.4); leave the loop with 'goto' to a label after its 'end'
local w = loom.world{}
-- Upstream's test (testes/locals.lua, "bug in 5.4.4"), then the attack: the
-- stale entry makes the next to-be-closed variable write past the stack.
local closed = false

local o1 = setmetatable({}, {__close=function() closed = true end})

local function test()
  for k, v in next, {}, nil, o1 do
    local function f() return k end   -- create an upvalue
    break
  end
  assert(closed)
end

for _ = 1, 100 do
  test()
  local x <close> = o1
end
return w
