-- hostile: a to-be-closed variable whose __close loops, in an endless loop
-- stderr: script ran for more than 2 s (raise it with --timeout)
local closer = setmetatable({}, {__close = function() while true do end end})
while true do
    pcall(function()
        local guard <close> = closer
        while true do end
    end)
end
