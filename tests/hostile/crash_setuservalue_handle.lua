-- hostile: under --trust, debug.setuservalue cuts a particle from its world, which is then collected (was SIGSEGV)
-- args: --trust --timeout 2 --memory 64
-- stderr: crash_setuservalue_handle.lua:13: bad particle (changed with the debug library)
local w = loom.world{}
local p = w:particle{pos = {0, 0}}
local label = loom.label{text = "p", at = p}
debug.setuservalue(p, nil, 1)
w = nil
local shown = loom.world{}
collectgarbage()
collectgarbage()
assert(not pcall(tostring, p))
p:pos()
return shown
