-- hostile: Lua 5.4.4 bug c764ca71 (wrong code generation in bitwise operations): in a function of more than 256 constants, 'K & e', 'K | e', 'K ~ e' with an integer constant K on the left compute a wrong value (1 ~ (2 or 3) gave 0). loom refuses such a chunk when it is loaded; with the constant on the right it runs and is right
-- stderr: [string "local x = {1.1,2.1,3.1,4.1,5.1,6.1,7.1,8.1,9...."]:1: '~' with an integer constant on its left (or an expression ending in one), in a function of more than 256 constants, is compiled wrongly by Lua 5.4.4; write the constant on the right ('x ~ 1'), or move the long table into a function of its own
local w = loom.world{}
-- Upstream's test (testes/constructs.lua, "bug since 5.4.0").
local code = {"local x = {"}
for i = 1, 257 do
  code[#code + 1] = i .. ".1,"
end
code[#code + 1] = "};"
code = table.concat(code)
local messages = {}
local function check (ret, val)
  local f, message = load(code .. ret)
  if f then
    assert(f() == val, ret)
  else
    messages[#messages + 1] = message
  end
end
check("return (1 ~ (2 or 3))", 1 ~ 2)
check("return (1 | (2 or 3))", 1 | 2)
check("return (1 + (2 or 3))", 1 + 2)
check("return (1 << (2 or 3))", 1 << 2)
check("return ((2 or 3) ~ 1)", 3)  -- refused too (an expression ending in a constant)
check("local y = 2 return (y ~ 1)", 3)  -- a local on the left: right
check("local i = 3 return (5 & ~(~0 << i))", 5 & ~(~0 << 3))  -- no jump over the constant: right
assert(#messages == 3, #messages)
assert(messages[2]:find("'|' with an integer constant", 1, true))
error(messages[1], 0)
return w
