-- hostile: as hang_close_wrap, stopped inside a sort's order function, where a coroutine cannot be suspended: the hook's error kills it with hooks off, and wrap closed it then
-- stderr: script ran for more than 2 s (raise it with --timeout)
-- absent: the watchdog ended the run
local w = loom.world{}
local looper = setmetatable({}, { __close = function() while true do end end })
coroutine.wrap(function()
    local guard <close> = looper
    table.sort({ 3, 2, 1 }, function() while true do end end)
end)()
return w
