-- hostile: Lua 5.4.4 bug 5ab6a575 (wrong line number for function calls): an error in a call split over lines is reported at the line the expression starts, not at its '(' (upstream's testes/errors.lua cases). A wrong number in a message, nothing else: loom says what lua5.4 says
-- stderr: crash_lua_call_line.lua:8: attempt to call a number value
local w = loom.world{}
local ok, message = pcall(load("local a = {x = 13}\na\n.\nx\n(\n23\n)\n", "=split"))
assert(not ok and message == "split:2: attempt to call a number value (field 'x')", message)
local a = 13
local b =
a
(
23
)
return w
