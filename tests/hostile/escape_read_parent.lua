-- hostile: loom.read of a file above the scene's folder (HOME's canary)
-- stderr: escape_read_parent.lua:4:
local w = loom.world{}
print(loom.read("../home/canary.txt"))
return w
