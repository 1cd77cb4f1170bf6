-- hostile: loom.keep nested 200 tables deep (loom.keep and 199 below it), then R: the copy keeps them all (the cap is 200)
-- mode: window
-- args: --timeout 1 --memory 64
-- keys: r
-- stderr: Lua warning: loom.keep came through 200 tables deep
-- absent: nested too deeply
local w = loom.world{}
w:particle{pos = {0, 0}}
warn("@on")
local n, t = 1, loom.keep
while t.c do
    t = t.c
    n = n + 1
end
if n > 1 then warn("loom.keep came through ", tostring(n), " tables deep") end
t = loom.keep
for _ = 1, 199 do
    t.c = t.c or {}
    t = t.c
end
return w
