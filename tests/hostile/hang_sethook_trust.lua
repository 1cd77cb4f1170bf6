-- hostile: a trusted scene removes the time-limit hook with debug.sethook() and loops
-- args: --trust --timeout 2 --memory 64
-- stderr: hang_sethook_trust.lua: script ran for more than 2 s and did not stop; the watchdog ended the run 1 s later
-- within: 3.8
debug.sethook()
while true do end
