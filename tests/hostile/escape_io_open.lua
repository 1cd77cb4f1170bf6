-- hostile: io.open reads /etc/passwd and writes into HOME
-- stderr: escape_io_open.lua:4: attempt to index a nil value (global 'io')
local w = loom.world{}
local f = io.open("/etc/passwd")
print(f:read("a"))
io.open(os.getenv("HOME") .. "/pwned", "w"):write("x")
return w
