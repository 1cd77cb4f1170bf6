-- hostile: finalizers that allocate without end while the scene runs (their errors are only warnings)
-- args: --timeout 10 --memory 64 --trust
-- within: 2.5
-- stderr: mem_finalizer_run.lua:14: the script went over its memory limit of 64 MiB (raise it with --memory)
local w = loom.world{}
local function bomb()
    local hoard = {}
    while true do
        hoard[#hoard + 1] = { 1, 2, 3, 4 }
    end
end
function loom.update()
    -- garbage with a finalizer, made without end: the collector runs the finalizers as it goes
    while true do setmetatable({}, { __gc = bomb }) end
end
return w
