-- hostile: the window, saved with a scene whose every picture is 10,000 discs covering it (at 1280x720, seconds of the renderer's work per frame: a save always finds it drawing; at the battery's 320x180 a frame took about a second, and a save between two frames loaded with nothing to stop): a save and Esc must still be answered within a second
-- mode: window
-- args: --timeout 30 --memory 64 --size 1280x720
-- answers: 1
-- stderr: stopped: the scene's files changed (loom loads them again)
local w = loom.world{}
w:particle{ pos = { 0, 0 } }
function loom.draw()
    for _ = 1, 10000 do
        loom.circle({ 0.5, 0.5 }, 2, { screen = true, fill = "#ff000010" })
    end
end
return w
