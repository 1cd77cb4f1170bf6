-- hostile: under --trust, load of bytecode, in mode "b" and the default "bt" (a crafted chunk crashes Lua: it does not verify bytecode; files: crash_bytecode_files_trusted)
-- args: --trust --timeout 2 --memory 64
-- stderr: attempt to load a binary chunk (loom loads Lua text only: Lua does not check bytecode, and a crafted chunk crashes it)
local w = loom.world{}
local f, message = load(string.dump(function() return 1 end), "dumped", "b")
assert(f == nil and message:find("binary chunk"))
local g, message2 = load(string.dump(function() return 1 end))
error(message2, 0)
return w
