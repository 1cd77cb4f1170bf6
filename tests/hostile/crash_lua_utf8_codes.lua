-- hostile: Lua 5.4.4 bug a1089b41 ('utf8.codes' accepts spurious continuation bytes): loom's utf8.codes raises "invalid UTF-8 code" for them, as Lua 5.4.5 does (upstream's testes/utf8.lua cases)
-- stderr: crash_lua_utf8_codes.lua:15: invalid UTF-8 code
local w = loom.world{}
local function errorcodes (s)
  local ok, message = pcall(function () for c in utf8.codes(s) do assert(c) end end)
  assert(not ok and message:find("invalid UTF%-8 code"), s)
end
errorcodes("ab\xff")
errorcodes("\u{110000}")
errorcodes("in\x80valid")
errorcodes("\xbfinvalid")
errorcodes("αλφ\xBFα")
local f = utf8.codes("")
assert(f("", 2) == nil and f("", -1) == nil and f("", math.mininteger) == nil)
for _, c in utf8.codes("hel\x80lo") do assert(c) end
return w
