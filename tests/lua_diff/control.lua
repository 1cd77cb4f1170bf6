-- control.lua: <close> in every way out of a block, goto, loops, varargs,
-- integer and float arithmetic.
local show = require("show")
local call = show.call

local log
local function closer(name)
  return setmetatable({}, { __close = function(_, e) log[#log + 1] = name .. (e and ":" .. tostring(e) or "") end })
end
local function logged(f)
  return function(...)
    log = {}
    local r = table.pack(pcall(f, ...))
    return table.concat(log, ","), r[1], r[2]
  end
end
call("block", logged(function() do local a <close> = closer("a") local b <close> = closer("b") end end))
call("return", logged(function() local a <close> = closer("a") return "r" end))
call("break", logged(function() for i = 1, 3 do local a <close> = closer("a" .. i) if i == 2 then break end end end))
call("goto out", logged(function() do local a <close> = closer("a") goto out end ::out:: end))
call("error", logged(function() local a <close> = closer("a") error("e", 0) end))
call("for closing value", logged(function() for i in function(_, c) if not c then return 1 end end, nil, nil, closer("for") do end end))
call("for closing value break", logged(function()
  for i in function(_, c) if (c or 0) < 3 then return (c or 0) + 1 end end, nil, nil, closer("forbreak") do
    if i == 2 then break end
  end
end))
call("goto loop", function()
  local i, s = 1, 0
  ::top::
  s = s + i
  i = i + 1
  if i <= 10 then goto top end
  return s
end)
call("continue idiom", function()
  local out = {}
  for i = 1, 5 do
    if i % 2 == 0 then goto continue end
    out[#out + 1] = i
    ::continue::
  end
  return table.concat(out, ",")
end)
call("nested break", function()
  local n = 0
  for i = 1, 3 do for j = 1, 3 do if j == 2 then break end n = n + 1 end end
  return n
end)
call("while repeat", function()
  local i, r = 0, {}
  while true do i = i + 1 if i > 3 then break end r[#r + 1] = i end
  repeat local z = i i = i - 1 until z < 3
  return table.concat(r, ","), i
end)
call("numeric for edges", function()
  local c = 0
  for i = math.maxinteger - 2, math.maxinteger do c = c + 1 end
  for i = 1, 0 do c = c + 100 end
  for i = 1.0, 2.0, 0.5 do c = c + 1 end
  for i = 3, 1, -1 do c = c + 1 end
  return c
end)
call("for step zero", function() for i = 1, 2, 0 do end end)
call("for bad limit", function() for i = 1, "x" do end end)
call("for float limit", function() local n = 0 for i = 1, 3.5 do n = n + 1 end return n end)
call("varargs", function(...) return select("#", ...), ... end, 1, nil, 3, nil)
call("table.pack unpack", function() local t = table.pack(1, nil, 3) return t.n, table.unpack(t, 1, t.n) end)
call("integer arithmetic", function()
  return 7 // 2, -7 // 2, 7 % -3, -7 % 3, 7.5 // 2, -7.5 % 2, 3 / 2, 4 / 2, 2^2, 10 // 0.0, -10 % math.huge
end)
call("overflow wraps", function() return math.maxinteger + 1 == math.mininteger, math.mininteger // -1, math.mininteger % -1 end)
call("division by zero", function() local z = 0 return 1 // z end)
call("modulo by zero", function() local z = 0 return 1 % z end)
call("float division by zero", function() local z = 0.0 return 1 / z, -1 / z, 0 / z ~= 0 / z end)
call("shifts", function() return 1 << 63, 1 << 64, -1 >> 1, 1 >> -1, 3 & 5, 3 | 5, 3 ~ 5, ~0 end)
call("bitwise on floats", function() return 3.0 | 0, 2^53 | 0 end)
call("bitwise on bad float", function() return 3.5 | 0 end)
call("bitwise on string", function() return "3" | 0, "0x10" & 0xff end)
call("comparisons", function() return 1 == 1.0, math.maxinteger + 0.0 == 2^63, 2^53 == 2^53 + 1, -0.0 == 0, 1 < 1.5, "a" < "b" end)
call("math", function()
  return math.type(1), math.type(1.0), math.type("1"), math.tointeger(3.0), math.tointeger(3.5), math.tointeger("8"),
    math.fmod(7, 3), math.fmod(-7, 3), math.fmod(7, -3.0), math.ult(1, -1), math.abs(math.mininteger), math.floor(-3.5), math.ceil(-3.5),
    math.max(1, 2.5, -1), math.min(3), math.huge, -math.huge, math.pi
end)
call("math errors", function() return math.fmod(1, 0) end)
call("math floor big", function() return math.floor(2^62), math.floor(1e100), math.ceil(-1e100) end)
call("string to number arithmetic", function() return "10" + 1, "3.5" * 2, "0x10" + 0, 10 .. 20 end)
call("integer keys", function() local t = {} t[1.0] = "a" t[2^53] = "b" return t[1], t[2^53 | 0], next({ [1.0] = true }) end)
call("nan key", function() local t = {} t[0/0] = 1 end)
call("nil key", function() local t = {} t[nil] = 1 end)
call("table.concat", table.concat, { 1, 2.5, "x" }, ", ", 1, 3)
call("table.concat bad", table.concat, { 1, {}, 3 })
call("table.insert", function() local t = { 1, 2 } table.insert(t, 1, 0) table.insert(t, 9) return table.concat(t, ",") end)
call("table.insert bad", table.insert, { 1 }, 5, 2)
call("table.remove", function() local t = { 1, 2, 3 } return table.remove(t), table.remove(t, 1), #t, table.remove({}) end)
call("table.move", function() return table.concat(table.move({ 1, 2, 3 }, 1, 3, 2), ",") end)
call("table.sort", function() local t = { 5, 2, 8, 1 } table.sort(t, function(a, b) return a > b end) return table.concat(t, ",") end)
call("table.sort bad", table.sort, { 1, "x", 2 })
call("table.unpack range", table.unpack, { 1, 2, 3 }, 2, 5)
call("length border", function() return #{ 1, 2, 3, nil }, #"" end)
if loom then return loom.world{} end
