-- hostile: xpcall whose message handler loops, itself in an endless loop
-- stderr: hang_xpcall_handler.lua:5: script ran for more than 2 s (raise it with --timeout)
local function spin() while true do end end
while true do
    xpcall(spin, spin)
end
