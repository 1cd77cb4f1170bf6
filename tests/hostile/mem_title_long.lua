-- hostile: a title of 100k characters, changed every frame
-- stderr: mem_title_long.lua:5: bad argument #1 to 'title' (text must be at most 1024 bytes, got 100000)
local w = loom.world{}
function loom.update()
    loom.title(string.rep("T", 100000))
end
return w
