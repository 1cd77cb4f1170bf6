-- hostile: Lua 5.4.4 bug a1f77a23 (wrong pause when entering generational mode): a collector tuning error, reachable only through collectgarbage("generational"), which the sandbox refuses (collectgarbage("count") only)
-- stderr: crash_lua_generational_gc.lua:4: bad argument #1 to 'collectgarbage' ('generational' is not allowed: a scene may only ask for "count")
local w = loom.world{}
collectgarbage("generational")
return w
