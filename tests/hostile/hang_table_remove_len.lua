-- hostile: table.remove at the front of a table whose __len says 2^50
-- stderr: hang_table_remove_len.lua:5: script ran for more than 2 s (raise it with --timeout)
local w = loom.world{}
local t = setmetatable({}, { __len = function() return 1 << 50 end })
table.remove(t, 1)
return w
