-- hostile: package.loadlib of libc (a C function called from Lua)
-- stderr: escape_loadlib.lua:3: attempt to call a nil value (field 'loadlib')
local f = package.loadlib("libc.so.6", "system")
f("touch pwned.txt")
return loom.world{}
