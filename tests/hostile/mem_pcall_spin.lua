-- hostile: a pcall loop that keeps what it allocates and spins inside pcall, where the limit is raised
-- args: --timeout 10 --memory 64
-- within: 2.5
-- mode: sim
-- stderr: mem_pcall_spin.lua:13: the script went over its memory limit of 64 MiB (raise it with --memory)
local w = loom.world{}
local keep = {}
local function f()
    for _ = 1, 100000 do end
    keep[#keep + 1] = string.rep("x", 1000000)
end
function loom.update()
    while true do pcall(f) end
end
return w
