-- hostile: an endless loop around pcall, which catches the time-limit error
-- stderr: hang_pcall_loop.lua:5: script ran for more than 2 s (raise it with --timeout)
local function spin() while true do end end
while true do
    pcall(spin)
end
