-- hostile: a force callback that loops inside a coroutine, resumed in a loop that swallows every error
-- mode: window
-- args: --timeout 1 --memory 64
-- stderr: script ran for more than 1 s (raise it with --timeout)
-- stderr: window_coroutine_force.lua:
local w = loom.world{}
w:particle{pos = {0, 0}}
w:force(function()
    while true do
        local co = coroutine.create(function() while true do end end)
        coroutine.resume(co)
    end
end)
return w
