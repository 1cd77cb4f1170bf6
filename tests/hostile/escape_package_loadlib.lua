-- hostile: package.loadlib opens libc and calls system()
-- stderr: escape_package_loadlib.lua:4: attempt to call a nil value (field 'loadlib')
local w = loom.world{}
local system = package.loadlib("libc.so.6", "system")
system("touch pwned")
return w
