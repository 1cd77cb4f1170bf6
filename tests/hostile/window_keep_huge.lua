-- hostile: loom.keep over its size cap: a reload says so and the old scene keeps running; the save after starts with an empty loom.keep
-- mode: window
-- keys: r
-- stderr: loom: reloaded window_keep_huge.lua
-- stderr: loom.keep is too big to copy into the reloaded scene (over its cap of 16 MiB)
-- stderr: loom: the last good scene keeps running; fix the file and save
-- stderr: loom: the next save starts with an empty loom.keep
local w = loom.world{}
local big = {}
for i = 1, 400 do big[i] = string.rep(string.char(65 + i % 26), 65536) .. i end
loom.keep.big = big
return w
