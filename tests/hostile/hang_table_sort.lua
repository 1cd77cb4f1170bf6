-- hostile: table.sort of 50,000 numbers without a comparator, in a loop (Lua's own sort, which loom uses
-- up to 50,000 elements, app/budget_table.h; no instruction runs inside it: the watchdog's nudge at the deadline stops the loop after the sort under way)
-- stderr: script ran for more than 2 s (raise it with --timeout)
-- stderr: hang_table_sort.lua:
local t = {}
for i = 1, 50000 do t[i] = (i * 7919) % 1000003 end
while true do
    table.sort(t)
    t[1], t[#t] = t[#t], t[1]
end
