-- hostile: io.open reads /etc/passwd and writes a file in HOME
-- stderr: escape_io_open.lua:3: attempt to index a nil value (global 'io')
local f = io.open("/etc/passwd")
print(f:read("a"))
return loom.world{}
