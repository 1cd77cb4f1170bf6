-- hostile: dofile and loadfile of a file outside the scene's folder (absolute path)
-- stderr: escape_dofile_absolute.lua:4: bad argument #1 to 'dofile' (absolute path '/etc/passwd' not allowed: name a file in the scene's folder)
local w = loom.world{}
dofile("/etc/passwd")
return w
