-- hostile: under --trust, loadfile, dofile and require of a precompiled file beside the scene (Lua does not verify bytecode)
-- args: --trust --timeout 2 --memory 64
-- bytecode: chunk.lua
-- stderr: loadfile: nil attempt to load a binary chunk (loom loads Lua text only: Lua does not check bytecode, and a crafted chunk crashes it)
-- stderr: dofile: false attempt to load a binary chunk (loom loads Lua text only: Lua does not check bytecode, and a crafted chunk crashes it)
-- stderr: require: false error loading module 'chunk' from file './chunk.lua': attempt to load a binary chunk (loom loads Lua text only: Lua does not check bytecode, and a crafted chunk crashes it)
-- stderr: trusted: true
-- absent: bytecode ran
local w = loom.world{}
local f, why = loadfile("chunk.lua")
local ok1, e1 = pcall(dofile, "chunk.lua")
local ok2, e2 = pcall(require, "chunk")
error(string.format("trusted: %s\nloadfile: %s %s\ndofile: %s %s\nrequire: %s %s",
    io ~= nil and debug ~= nil, f, why, ok1, e1, ok2, (e2:gsub("\n%s*", " "))), 0)
return w
