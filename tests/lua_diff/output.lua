-- output.lua: print and error, as they write and raise.
local show = require("show")
local call = show.call
print("plain", 1, 2.5, true, nil, "s")
print()
print(setmetatable({}, { __tostring = function() return "T!" end }))
print(setmetatable({}, { __name = "Named" }) ~= nil)
-- a __tostring that fails: the values before it are already written
print(pcall(print, "before", 1, setmetatable({}, { __tostring = function() error("no", 0) end }), "after"))
print(pcall(print, setmetatable({}, { __tostring = function() return 1 end })))
call("error levels", function()
  local function inner() error("level 2", 2) end
  local ok, m = pcall(function() inner() end)
  return m
end)
call("error level 0", error, "no position", 0)
call("error non-string", function() error(42) end)
call("error nil", function() error() end)
call("error table", function() local ok, e = pcall(error, { 1 }) return type(e), e[1] end)
call("assert", assert, false, "custom")
call("assert default", assert, nil)
call("assert values", assert, 1, 2, 3)
call("assert table message", function() local ok, e = pcall(assert, false, {}) return type(e) end)
call("tostring print", function() return tostring(print) ~= nil end)
call("warn", function() warn("@off") warn("hidden") return true end)
call("collectgarbage count", function() return type(collectgarbage("count")) end)
call("os.time", function() return type(os.time()), os.time({ year = 2020, month = 1, day = 1, hour = 12 }) ~= nil end)
call("os.date", os.date, "!%Y-%m-%d %H:%M:%S", 0)
call("os.date table", function() return os.date("!*t", 86400).day end)
call("os.clock", function() return type(os.clock()) end)
if loom then return loom.world{} end
