-- hostile: the window, saved with a scene that, after its probation, is stopped inside a coroutine that cannot be suspended (a sort's order function), then closes that coroutine in every loom.draw: its looping __close ran with hooks off and the window never answered again
-- mode: window
-- args: --timeout 1 --memory 64
-- stderr: script ran for more than 1 s (raise it with --timeout)
local w = loom.world{}
w:particle{ pos = { 0, 0 } }
local looper = setmetatable({}, { __close = function() while true do end end })
local co
local ticks = 0
function loom.update()
    ticks = ticks + 1
    if ticks == 40 then
        co = coroutine.create(function()
            local guard <close> = looper
            table.sort({ 3, 2, 1 }, function() while true do end end)
        end)
        coroutine.resume(co)
    end
end
function loom.draw()
    if co then coroutine.close(co) end
end
return w
