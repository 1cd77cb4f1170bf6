-- hostile: the debug library (debug.sethook removes the time limit, debug.setuservalue crashes)
-- stderr: escape_debug_library.lua:4: attempt to index a nil value (global 'debug')
local w = loom.world{}
debug.sethook()
return w
