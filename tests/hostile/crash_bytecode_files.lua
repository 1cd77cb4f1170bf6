-- hostile: loadfile, dofile and require of a precompiled file beside the scene
-- bytecode: chunk.lua
-- stderr: loadfile: nil attempt to load a binary chunk (loom loads Lua text only: Lua does not check bytecode, and a crafted chunk crashes it)
-- stderr: dofile: false attempt to load a binary chunk (loom loads Lua text only: Lua does not check bytecode, and a crafted chunk crashes it)
-- stderr: require: false error loading module 'chunk' from file './chunk.lua':
local w = loom.world{}
local f, why = loadfile("chunk.lua")
local ok1, e1 = pcall(dofile, "chunk.lua")
local ok2, e2 = pcall(require, "chunk")
error(string.format("loadfile: %s %s\ndofile: %s %s\nrequire: %s %s", f, why, ok1, e1, ok2, e2), 0)
return w
