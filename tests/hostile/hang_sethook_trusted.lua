-- hostile: under --trust, debug.sethook() removes the hook that enforces --timeout, then loops
-- args: --trust --timeout 2 --memory 64
-- stderr: hang_sethook_trusted.lua:5: debug.sethook is not available: loom's hook enforces --timeout
local w = loom.world{}
debug.sethook()
while true do end
return w
