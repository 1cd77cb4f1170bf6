-- hostile: a builder asked for a huge count at once (a 10^6 x 10^6 cloth)
-- args: --timeout 10 --memory 64
-- stderr: mem_huge_count.lua:6: the script went over its memory limit of 64 MiB (raise it with --memory)
local w = loom.world{}
local cloth = require("loom.cloth")
cloth.grid(w, { nu = 1e6, nv = 1e6 })
return w
