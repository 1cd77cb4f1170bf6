-- hostile: an error message of 10,000 bytes (1,000 numbered 10-byte blocks): loom keeps its first 2,000 and says how many more there were
-- stderr: 000000001|000000002|
-- stderr: 000000200|... (8000 more bytes)
-- absent: 000000201|
local w = loom.world{}
local blocks = {}
for i = 1, 1000 do blocks[i] = string.format("%09d|", i) end
error(table.concat(blocks), 0)
return w
