-- hostile: loadfile of an absolute path
-- stderr: escape_loadfile_abs.lua:3: bad argument #1 to 'loadfile' (absolute path '/etc/passwd' not allowed: name a file in the scene's folder)
local f = loadfile("/etc/passwd")
return loom.world{}
