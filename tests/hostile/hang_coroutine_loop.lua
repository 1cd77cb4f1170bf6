-- hostile: endless loops inside coroutines, resumed again and again (resume catches the error)
-- stderr: hang_coroutine_loop.lua:
-- stderr: script ran for more than 2 s (raise it with --timeout)
local function spin()
    while true do pcall(function() while true do end end) end
end
while true do
    coroutine.resume(coroutine.create(spin))
    pcall(coroutine.wrap(spin))
end
