-- hostile: Lua 5.4.4 bugs e288c5a9 and 1b3f507f (a count hook that yields stops at the wrong instruction; the call hook runs twice): only a C hook can yield, and under --trust debug.sethook is refused (loom's hook enforces --timeout), so no hook of the scene's runs
-- args: --trust --timeout 2 --memory 64
-- stderr: debug.sethook is not available: loom's hook enforces --timeout
local w = loom.world{}
local co = coroutine.wrap(function()
  debug.sethook(coroutine.yield, "", 1)
end)
co()
return w
