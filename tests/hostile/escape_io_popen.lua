-- hostile: io.popen runs a program and reads its output
-- stderr: escape_io_popen.lua:3: attempt to index a nil value (global 'io')
local p = io.popen("id")
print(p:read("a"))
return loom.world{}
