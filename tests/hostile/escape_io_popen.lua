-- hostile: io.popen runs a program and reads its output
-- stderr: escape_io_popen.lua:4: attempt to index a nil value (global 'io')
local w = loom.world{}
print(io.popen("id"):read("a"))
return w
