-- hostile: under --trust, io.read() on a stdin that stays open and silent (blocked in C, out of the hook's reach)
-- args: --timeout 2 --memory 64 --trust
-- stdin: open
-- within: 3.5
-- stderr: hang_stdin_trusted.lua: script ran for more than 2 s and did not stop; the watchdog ended the run 1 s later
local w = loom.world{}
io.read()
return w
