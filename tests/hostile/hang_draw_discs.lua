-- hostile: loom.draw draws 10,000 translucent discs that each cover the picture: the renderer's own work (blending every pixel) took minutes per frame, outside the time limit (at 1280x720, where a frame takes about 14 s: at the battery's 160x90 the discs, one polygon op each, draw in under a second, and at 640x360 in 4.4 s, which a machine twice as fast draws within the limit)
-- args: --timeout 2 --memory 64 --size 1280x720
-- within: 3
-- stderr: hang_draw_discs.lua: script ran for more than 2 s (raise it with --timeout)
local w = loom.world{}
w:particle{ pos = { 0, 0 } }
function loom.draw()
    for _ = 1, 10000 do
        loom.circle({ 0.5, 0.5 }, 2, { screen = true, fill = "#ff000010" })
    end
end
return w
