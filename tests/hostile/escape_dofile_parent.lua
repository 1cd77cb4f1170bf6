-- hostile: dofile of a file in the parent folder through '..'
-- stderr: escape_dofile_parent.lua:3: bad argument #1 to 'dofile' ('..' not allowed in '../home/canary.txt': name a file in the scene's folder)
dofile("../home/canary.txt")
return loom.world{}
