-- hostile: a plain loop with no --timeout given: loom's default limit of 10 s stops it
-- args: --memory 64
-- stderr: hang_default_timeout.lua:5: script ran for more than 10 s (raise it with --timeout)
local w = loom.world{}
while true do end
return w
