-- hostile: a to-be-closed variable whose __close loops, pending when the time limit raises: it ran with Lua's hooks off (the error was raised from the hook), and only the watchdog ended the run
-- stderr: hang_close_after_limit.lua:7: script ran for more than 2 s (raise it with --timeout)
-- absent: the watchdog ended the run
local w = loom.world{}
local looper = setmetatable({}, { __close = function() while true do end end })
local guard <close> = looper
while true do end
return w
