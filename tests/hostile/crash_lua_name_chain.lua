-- hostile: Lua 5.4.4 bug 7923dbbf (recursion in 'getobjname' can stack overflow): an error at the end of a chain a.b.b.b... of 200,000 fields made Lua name the variable by one C call per field, each scanning the function from its start (a C stack overflow; 40,000 fields already took a second of C work). loom refuses chains of more than 200 fields when a chunk is loaded
-- stderr: crash_lua_name_chain.lua: refused
local w = loom.world{}
local chain = "local a = {} ; a.b = a; return a" .. string.rep(".b", 200000) .. ".c.d"
local f, message = load(chain, "=chain")
assert(f == nil and message:find("chain:1: this expression chains more than 200 field accesses", 1, true), message)
local short = assert(load("local a = {} ; a.b = a; return a" .. string.rep(".b", 150) .. ".c.d", "=short"))
local ok, message2 = pcall(short)
assert(not ok and message2:find("attempt to index a nil value (field 'c')", 1, true), message2)
-- Upstream's test (testes/errors.lua, "bug in 5.4.6"): 5.4.4 names the field 'x' a global
-- (a wrong word in a message: left as Lua 5.4.4 says it).
local ok3, message3 = pcall(load("a = {_ENV = {}}; print(a._ENV.x + 1)"))
assert(not ok3 and message3:find("global 'x'", 1, true), message3)
error("crash_lua_name_chain.lua: refused: " .. message, 0)
return w
