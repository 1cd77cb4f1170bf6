-- hostile: loom.read of an absolute path and of '..'
-- stderr: escape_read_abs.lua:3: bad argument #1 to 'read' (absolute path '/etc/passwd' not allowed: name a file in the scene's folder)
print(loom.read("/etc/passwd"))
return loom.world{}
