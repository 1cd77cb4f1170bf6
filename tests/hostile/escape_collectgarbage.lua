-- hostile: collectgarbage("stop") lets garbage pile up past the memory limit unseen
-- stderr: bad argument #1 to 'collectgarbage' ('stop' is not allowed: a scene may only ask for "count")
local w = loom.world{}
collectgarbage("stop")
return w
