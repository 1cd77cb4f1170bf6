-- hostile: require of a module above the scene's folder ('../x')
-- stderr: module '../home/canary' not found
local w = loom.world{}
require("../home/canary")
return w
