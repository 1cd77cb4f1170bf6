-- hostile: under --trust, the real __gc of a world and of a particle (debug.getmetatable) called inside a force callback
-- args: --timeout 2 --memory 64 --trust
-- exit: 0
local w = loom.world{}
local p = w:particle{ pos = {0, 0} }
local mt = debug.getmetatable(w)
w:force(function()
    if mt.__gc then pcall(mt.__gc, w) end
    local pm = debug.getmetatable(p)
    if pm and pm.__gc then pcall(pm.__gc, p) end
end)
return w
