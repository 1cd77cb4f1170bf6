-- hostile: load of a binary chunk (a crafted one crashes Lua: it does not verify bytecode)
-- stderr: escape_load_bytecode.lua:6: attempt to load a binary chunk (loom loads Lua text only: Lua does not check bytecode, and a crafted chunk crashes it)
local w = loom.world{}
local chunk = "\27Lua\84\0\25\147\13\10\26\10\4\8\8\120\86\0\0\0\0\0\0\0\0\0\0\0\40\119\64\1\255\255\255"
local f, message = load(chunk, "crafted", "b")
if not f then error(message) end
f()
return w
