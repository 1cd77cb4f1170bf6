-- metatables.lua: metamethods, raw access, error messages naming variables.
local show = require("show")
local call = show.call

local V = {}
V.__index = V
V.__add = function(a, b) return setmetatable({ x = a.x + b.x }, V) end
V.__sub = function(a, b) return setmetatable({ x = a.x - b.x }, V) end
V.__mul = function(a, b) return type(b) == "number" and setmetatable({ x = a.x * b }, V) or a.x * b.x end
V.__unm = function(a) return setmetatable({ x = -a.x }, V) end
V.__eq = function(a, b) return a.x == b.x end
V.__lt = function(a, b) return a.x < b.x end
V.__le = function(a, b) return a.x <= b.x end
V.__len = function(a) return a.x end
V.__call = function(self, y) return self.x + y end
V.__tostring = function(a) return "V(" .. a.x .. ")" end
V.__idiv = function(a, b) return "idiv" end
V.__band = function(a, b) return "band" end
V.__shl = function() return "shl" end
V.__bnot = function() return "bnot" end
function V.new(x) return setmetatable({ x = x }, V) end
function V:double() return self * 2 end
local a, b = V.new(1), V.new(2)
call("arith", function() return tostring(a + b), tostring(a - b), tostring(-a), a * b, tostring(a:double()) end)
call("compare", function() return a == b, a ~= V.new(1), a < b, a <= b, a > b, b >= a end)
call("len call tostring", function() return #b, a(10), tostring(a) end)
call("bitwise", function() return a // b, a & 1, 1 << a, ~a end)
call("index chain", function()
  local base = { greet = function() return "hi" end }
  local mid = setmetatable({}, { __index = base })
  local top = setmetatable({}, { __index = mid })
  return top.greet(), rawget(top, "greet")
end)
call("index function", function() return setmetatable({}, { __index = function(t, k) return k .. "!" end }).key end)
call("newindex", function()
  local log = {}
  local t = setmetatable({}, { __newindex = function(t, k, v) rawset(t, k, v * 2) end })
  t.a = 1
  local u = setmetatable({}, { __newindex = log })
  u.b = 2
  return t.a, rawget(u, "b"), log.b
end)
call("pairs metamethod", function()
  local t = setmetatable({}, { __pairs = function(t) return function(_, k) if not k then return 1, "one" end end, t, nil end })
  local o = {} for k, v in pairs(t) do o[#o + 1] = k .. "=" .. v end return table.concat(o)
end)
call("metatable field", function() return getmetatable(setmetatable({}, { __metatable = "locked" })) end)
call("protected setmetatable", setmetatable, setmetatable({}, { __metatable = 1 }), {})
call("setmetatable bad", setmetatable, 1, {})
call("setmetatable nil", function() return getmetatable(setmetatable(setmetatable({}, {}), nil)) end)
call("number metatable", function() return getmetatable(0), getmetatable(1.5) end)
call("index a number", function() local n = 3 return n.foo end)
call("index a number field", function() local t = { n = 3 } return t.n.foo end)
call("index a number upvalue", (function() local n = 3 return function() return n.foo end end)())
call("index nil global", function() return undefined_global.x end)
call("call nil field", function() local t = {} t.method() end)
call("call nil method", function() local t = {} t:method() end)
call("arith on nil local", function() local x return x + 1 end)
call("arith on table field", function() local t = { f = {} } return t.f + 1 end)
call("compare mixed", function() return {} < 1 end)
call("compare strings numbers", function() return 1 < "2" end)
call("concat boolean", function() local flag = true return "a" .. flag end)
call("len of number", function() local n = 1 return #n end)
call("rawequal rawlen", function() return rawequal(a, V.new(1)), rawlen({ 1, 2 }), rawlen("abc") end)
call("rawlen bad", rawlen, 5)
call("tostring no metamethod", function() return (tostring({}):gsub("0x%x+", "ADDR")) end)
call("__tostring error", tostring, setmetatable({}, { __tostring = function() error("ts") end }))
call("__tostring non-string", tostring, setmetatable({}, { __tostring = function() return {} end }))
call("__index loop", function() local t = setmetatable({}, {}) getmetatable(t).__index = t return t.x end)
call("__eq different types", function() return setmetatable({}, { __eq = function() return true end }) == 1 end)
call("__lt result coerced", function() return setmetatable({}, { __lt = function() return 1 end }) < {} end)
call("__close", function()
  local order = {}
  do
    local x <close> = setmetatable({}, { __close = function(_, e) order[#order + 1] = "x" .. tostring(e) end })
    local y <close> = setmetatable({}, { __close = function() order[#order + 1] = "y" end })
  end
  return table.concat(order, ",")
end)
call("__close non closable", function() local x <close> = {} end)
call("__close nil ok", function() local x <close> = nil return "ok" end)
call("__close error", function()
  local ok, m = pcall(function()
    local x <close> = setmetatable({}, { __close = function(_, e) error("in close: " .. tostring(e), 0) end })
    error("body", 0)
  end)
  return ok, m
end)
call("weak table", function()
  local w = setmetatable({}, { __mode = "k" })
  w[{}] = 1
  return getmetatable(w).__mode
end)
call("select", function() return select(-1, 1, 2, 3), select("#"), select(2, "a", "b", "c") end)
call("select bad", select, 0, 1)
call("next bad key", next, {}, "nope")
call("ipairs stops", function() local n = 0 for _ in ipairs({ 1, 2, nil, 4 }) do n = n + 1 end return n end)
call("ipairs __index", function()
  local t = setmetatable({}, { __index = function(_, i) if i <= 3 then return i * 10 end end })
  local o = {} for i, v in ipairs(t) do o[i] = v end return table.concat(o, ",")
end)
call("tostring", function() return tostring(nil), tostring(true), tostring(12), tostring(1.5), tostring(-0.0), tostring(1e15), tostring(2^63) end)
call("type", function() return type(nil), type(print), type(coroutine.create(print)), type(2), type("") end)
if loom then return loom.world{} end
