-- hostile: package.path naming a FIFO outside the scene's folder (in HOME): require blocked opening it, and could probe any path
-- fifo: ../home/pipe
-- stderr: no file '../home/pipe' (not in the scene's folder or loom's library)
-- within: 1.5
local w = loom.world{}
package.path = "../home/?"
require("pipe")
return w
