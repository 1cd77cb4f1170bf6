-- hostile: Lua 5.4.4 bugs a trusted scene could reach without loom's answers: f623b969 (read overflow in 'l_strcmp' under a collation other than "C": os.setlocale does not honour one), dfbde4c7 (active lines of a stripped vararg function: no binary chunk is loaded), 2db966fc (luaL_traceback short of stack slots: debug.traceback has a C function's 20, loom's tracebacks are its own code), e288c5a9 and 1b3f507f (hooks that yield: debug.sethook is refused)
-- args: --trust --timeout 3 --memory 64
-- stderr: debug.sethook is not available: loom's hook enforces --timeout
local w = loom.world{}
-- f623b969
assert(os.setlocale("C.utf8", "collate") == nil)
assert(os.setlocale("C.utf8", "all") == nil)
assert(os.setlocale("", "collate") == nil)
assert(os.setlocale(nil, "collate") == "C")
assert(os.setlocale("C", "collate") == "C")
assert(os.setlocale("POSIX", "all") == "C")
assert(os.setlocale("C.utf8", "ctype") == "C.utf8")
assert(not pcall(os.setlocale, "C", "nonsense"))
assert(("a\0b" < "a\0c") and not ("a\0" < "a") and ("a" < "a\0"))
-- dfbde4c7 (upstream's testes/db.lua case)
local f, message = load(string.dump(load("print(10)"), true))
assert(f == nil and message:find("loom loads Lua text only", 1, true), message)
local lines = debug.getinfo(load("print(10)\nreturn ..."), "L").activelines
assert(lines[1] and lines[2])
-- 2db966fc
local function many(...) return debug.traceback("xuxu", 1) end
for n = 0, 250, 5 do
  local t = {}
  for i = 1, n do t[i] = i end
  assert(many(table.unpack(t)):find("xuxu.-main chunk"))
end
local function deep(n) if n > 0 then return deep(n - 1) end error("deep") end
local ok, tb = xpcall(deep, debug.traceback, 100000)
assert(not ok and tb:find("stack traceback"))
-- e288c5a9, 1b3f507f
local co = coroutine.wrap(function() debug.sethook(coroutine.yield, "", 1) end)
co()
return w
