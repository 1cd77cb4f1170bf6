-- hostile: table.concat(p, "", 1, 1 << 40) over a table whose __index is a C function (rawlen): 2^40 reads in one C call, no Lua code (the string it builds grows about 22 MB a second: --memory 1024, so that only the time limit can stop it, on a machine however fast)
-- args: --timeout 2 --memory 1024
-- stderr: hang_table_concat.lua:8: script ran for more than 2 s (raise it with --timeout)
-- absent: did not stop
local w = loom.world{}
local p = setmetatable({}, { __index = rawlen })
assert(table.concat(p, "", 1, 3) == "000")
table.concat(p, "", 1, 1 << 40)
return w
