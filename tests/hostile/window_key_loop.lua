-- hostile: loom.keypressed loops forever when a key (W) is pressed in the window: the callback is stopped by the time limit
-- mode: window
-- args: --timeout 1 --memory 64
-- keys: w
-- within: 3
-- stderr: window_key_loop.lua:10: script ran for more than 1 s (raise it with --timeout)
local w = loom.world{}
w:particle{pos = {0, 0}}
function loom.keypressed(key)
    while key == "w" do end
end
return w
