-- hostile: crafted (invalid) bytecode handed to load with mode "b" (Lua does not verify bytecode: SIGSEGV)
-- stderr: crash_bytecode_load.lua:4: attempt to load a binary chunk (mode is 't')
local code = "\27Lua\x54\x00\x19\x93\r\n\x1a\n\x04\x08\x08" .. string.rep("\xff", 64)
local f = assert(load(code, "=crafted", "b"))
f()
return loom.world{}
