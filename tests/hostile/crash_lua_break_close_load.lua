-- hostile: Lua 5.4.4 bug 997f11f5 through load (a string, a reader function): refused like a syntax error; the loop written with goto, as the message says, closes its to-be-closed value
-- stderr: chunk:2: 'break' out of this 'for ... in' loop, whose body makes a function using its locals, would leave the loop's to-be-closed value open (a bug of Lua 5.4.4); leave the loop with 'goto' to a label after its 'end'
local w = loom.world{}
local source = [[
local o1 = ...
for k, v in next, {}, nil, o1 do
  local function f() return k end
  break
end
]]
local f, message = load(source, "=chunk")
assert(f == nil)
local pieces, i = { source:sub(1, 20), source:sub(21) }, 0
local g, message2 = load(function() i = i + 1; return pieces[i] end, "=chunk")
assert(g == nil and message2 == message, message2)
local closed = false
local o1 = setmetatable({}, {__close = function() closed = true end})
assert(load([[
local o1 = ...
for k, v in next, {}, nil, o1 do
  local function f() return k end
  goto done
end
::done::
]], "=fixed"))(o1)
assert(closed, "the goto version closes the loop's value")
error(message, 0)
return w
