-- hostile: table.sort of a table whose __len says 2^31 - 2 and whose elements a C function (type) makes up: Lua's sort ran in C with no end in sight
-- args: --timeout 2 --memory 1024
-- stderr: hang_table_sort_len.lua:5: script ran for more than 2 s (raise it with --timeout)
local w = loom.world{}
table.sort(setmetatable({}, { __index = type, __len = function() return (1 << 31) - 2 end }))
return w
