-- hostile: table.insert at the front of a table whose __len says 2^50: 2^50 moves in one C call
-- stderr: hang_table_insert_len.lua:5: script ran for more than 2 s (raise it with --timeout)
local w = loom.world{}
local t = setmetatable({}, { __len = function() return 1 << 50 end })
table.insert(t, 1, "x")
return w
