-- hostile: loom.read of a file in the parent folder through '..'
-- stderr: escape_read_parent.lua:3: bad argument #1 to 'read' ('..' not allowed in '../home/.profile': name a file in the scene's folder)
print(loom.read("../home/.profile"))
return loom.world{}
