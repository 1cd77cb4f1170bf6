-- hostile: under --trust, debug.sethook() (removing the time limit's hook) and a loop, saved into the window
-- mode: window
-- args: --trust --timeout 1 --memory 64
-- stderr: window_sethook_trusted.lua:7: debug.sethook is not available: loom's hook enforces --timeout
local w = loom.world{}
w:particle{pos = {0, 0}}
debug.sethook()
while true do end
return w
