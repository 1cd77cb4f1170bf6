-- hostile: debug.setuservalue on a world and a handle under --trust (was a use-after-free)
-- args: --timeout 2 --memory 64 --trust
-- exit: 0
local w = loom.world{}
local p = w:particle{ pos = {0, 0} }
debug.setuservalue(w, { 1 })
debug.setuservalue(p, "x", 1)
debug.setuservalue(p, 42)
for i = 1, 4 do debug.setuservalue(w, nil, i) end
collectgarbage()
return w
