-- hostile: load of a binary chunk (crafted bytecode is not verified by Lua)
-- stderr: escape_load_binary.lua:3: attempt to load a binary chunk (mode is 't')
local f = assert(load("\27Lua\x54\x00\x19\x93\r\n\x1a\n\x04\x08\x08\x78\x56\0\0\0\0\0\0\0\0\0\0\0\x28\x77\x40\x01"))
f()
return loom.world{}
