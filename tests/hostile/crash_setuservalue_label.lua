-- hostile: under --trust, debug.setuservalue gives a label a table for its text and a vec for its particle
-- args: --trust --timeout 2 --memory 64
-- exit: 0
local w = loom.world{}
local p = w:particle{pos = {0, 0}}
local label = loom.label{text = "p", at = p}
debug.setuservalue(label, {}, 1)
debug.setuservalue(label, loom.vec(1, 2), 2)
tostring(label)
label:get()
return w
