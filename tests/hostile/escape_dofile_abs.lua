-- hostile: dofile of an absolute path
-- stderr: escape_dofile_abs.lua:3: bad argument #1 to 'dofile' (absolute path '/etc/passwd' not allowed: name a file in the scene's folder)
dofile("/etc/passwd")
return loom.world{}
