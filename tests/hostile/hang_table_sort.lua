-- hostile: table.sort of 100,000 numbers without a comparator, in a loop (no instruction runs
-- inside a sort: the watchdog's nudge at the deadline stops the loop after the sort under way)
-- stderr: script ran for more than 2 s (raise it with --timeout)
-- stderr: hang_table_sort.lua:
local t = {}
for i = 1, 100000 do t[i] = (i * 7919) % 1000003 end
while true do
    table.sort(t)
    t[1], t[#t] = t[#t], t[1]
end
