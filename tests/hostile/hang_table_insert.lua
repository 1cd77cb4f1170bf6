-- hostile: table.insert and table.remove at the front of a 2-million-element table, in a loop
-- (C work that runs no instruction and allocates nothing: the watchdog's nudge at the deadline)
-- mode: sim
-- stderr: script ran for more than 2 s (raise it with --timeout)
-- stderr: hang_table_insert.lua:
local t = {}
for i = 1, 2000000 do t[i] = i end
while true do
    table.insert(t, 1, 0)
    table.remove(t, 1)
end
