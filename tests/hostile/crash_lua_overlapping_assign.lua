-- hostile: Lua 5.4.4 bug ae9a0cbb (overlapping assignments): the compiler copied one field of a union into another (undefined in ISO C) when a local became a register value and when an upvalue was indexed by a constant string. Debian's build compiles both as plain copies: code through both paths computes what it says
-- stderr: crash_lua_overlapping_assign.lua: compiled right
local w = loom.world{}
local u = {x = 1, y = 2, [3] = 3}
local function f(a, b, c)
  local l1, l2, l3 = a, b, c
  return u.x + u.y + u[3] + l1 * l2 - l3, u["x"], (l1)
end
local r1, r2, r3 = f(4, 5, 6)
assert(r1 == 6 + 20 - 6 and r2 == 1 and r3 == 4)
local code = {}
for i = 1, 300 do code[#code + 1] = ("local v%d = %d"):format(i, i) end
assert(not load(table.concat(code, "\n")))  -- too many locals: Lua's own limit
error("crash_lua_overlapping_assign.lua: compiled right", 0)
return w
