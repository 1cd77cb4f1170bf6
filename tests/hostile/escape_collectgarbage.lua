-- hostile: collectgarbage("stop") to grow memory unchecked
-- stderr: escape_collectgarbage.lua:3: bad argument #1 to 'collectgarbage' ('stop' is not allowed: a scene may only ask for "count")
collectgarbage("stop")
return loom.world{}
