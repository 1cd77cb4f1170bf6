-- hostile: a coroutine.wrap'd loop holding a to-be-closed variable whose __close loops: the time limit's error in the coroutine made wrap close it with hooks off
-- stderr: script ran for more than 2 s (raise it with --timeout)
-- absent: the watchdog ended the run
local w = loom.world{}
local looper = setmetatable({}, { __close = function() while true do end end })
coroutine.wrap(function()
    local guard <close> = looper
    while true do end
end)()
return w
