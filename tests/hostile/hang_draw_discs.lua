-- hostile: loom.draw draws 10,000 translucent discs that each cover the picture: the renderer's own work (blending every pixel) took minutes per frame, outside the time limit; and binning such discs (hundreds of edges each, millions of edge tests apiece at 1920x1080) looked at the limit only every 16,384 ops, so the picture ran 3.2 s past a 1 s limit: the limit now counts the binning's edge tests (at 1920x1080: at the battery's 160x90 the discs, one polygon op each, draw in under a second, and at 640x360 in 4.4 s, which a machine twice as fast draws within the limit)
-- args: --timeout 2 --memory 64 --size 1920x1080
-- within: 2.5
-- stderr: hang_draw_discs.lua: script ran for more than 2 s (raise it with --timeout)
local w = loom.world{}
w:particle{ pos = { 0, 0 } }
function loom.draw()
    for _ = 1, 10000 do
        loom.circle({ 0.5, 0.5 }, 2, { screen = true, fill = "#ff000010" })
    end
end
return w
