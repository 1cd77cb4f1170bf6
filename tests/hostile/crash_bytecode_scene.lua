-- hostile: the scene file is precompiled bytecode (Lua does not verify bytecode)
-- precompile: luac
-- stderr: crash_bytecode_scene.lua: attempt to load a binary chunk (mode is 't')
local w = loom.world{}
return w
