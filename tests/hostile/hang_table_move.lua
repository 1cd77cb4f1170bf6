-- hostile: table.move({}, 1, 1 << 50, 2): one C call of 2^50 iterations on an empty table
-- stderr: hang_table_move.lua:4: script ran for more than 2 s (raise it with --timeout)
local w = loom.world{}
table.move({}, 1, 1 << 50, 2)
return w
