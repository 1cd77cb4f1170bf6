-- hostile: table.unpack of a table whose __len says 2^40 (Lua's own error), then of 999,000 elements read through a C __index, in a loop
-- stderr: hang_table_unpack.lua:9: script ran for more than 2 s (raise it with --timeout)
-- absent: did not stop
local w = loom.world{}
local p = setmetatable({}, { __index = rawlen, __len = function() return 1 << 40 end })
local ok, e = pcall(table.unpack, p)
assert(not ok and e == "too many results to unpack", e)
assert(select("#", table.unpack(p, 1, 999000)) == 999000)
while true do table.unpack(p, 1, 999000) end
return w
