-- hostile: a loom.handles() list that grows without end (its compact arrays count)
-- args: --timeout 10 --memory 16
-- stderr: memory limit of 16 MiB
local w = loom.world{}
local a, b = w:particle{}, w:particle{}
local list = loom.handles()
while true do -- two handles in turn: 4 bytes a handle, no new userdata
    list[#list + 1] = a
    list[#list + 1] = b
end
return w
