-- hostile: loom.keep nested 201 tables deep (loom.keep and 200 below it), then R: the copy stops at 200 tables deep
-- mode: window
-- args: --timeout 1 --memory 64
-- keys: r
-- stderr: loom.keep is nested too deeply to copy (over 200 tables deep)
-- stderr: loom: the next save starts with an empty loom.keep
local w = loom.world{}
w:particle{pos = {0, 0}}
local t = loom.keep
for _ = 1, 200 do
    t.c = {}
    t = t.c
end
return w
