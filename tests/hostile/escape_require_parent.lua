-- hostile: require '../x' to reach a module outside the scene's folder
-- stderr: escape_require_parent.lua:3: module '../home/canary' not found
require("../home/canary")
return loom.world{}
