-- hostile: table.sort of 50,000 numbers (Lua's own sort, which loom uses up to 50,000 elements: app/budget_table.h) in a loop in loom.update of a scene saved into the window (no instruction runs and nothing is allocated inside a sort: the window's watchdog nudges the hook at the deadline)
-- mode: window
-- args: --timeout 1 --memory 64
-- stderr: script ran for more than 1 s (raise it with --timeout)
local w = loom.world{}
w:particle{pos = {0, 0}}
local t = {}
for i = 1, 50000 do t[i] = (i * 7919) % 1000003 end
function loom.update()
    while true do
        table.sort(t)
        t[1], t[#t] = t[#t], t[1]
    end
end
return w
