-- hostile: the debug library (getregistry, upvalues, hooks)
-- stderr: escape_debug.lua:3: attempt to index a nil value (global 'debug')
local reg = debug.getregistry()
return loom.world{}
