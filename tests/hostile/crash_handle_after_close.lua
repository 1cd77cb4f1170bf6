-- hostile: handles kept in loom.update after the particle they name was removed, and across worlds
-- stderr: crash_handle_after_close.lua:9: bad argument #1 to 'stick' (attempt to use a removed particle)
local w = loom.world{}
local other = loom.world{}
local p = w:particle{ pos = {0, 0} }
local q = other:particle{ pos = {1, 0} }
w:remove(p)
function loom.update()
    w:stick(p, q)
end
return w
