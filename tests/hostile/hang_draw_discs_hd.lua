-- hostile: hang_draw_discs at 1920x1080: binning 10,000 picture-sized discs of hundreds of edges into the tiles (millions of edge tests apiece) looked at the time limit only every 16,384 ops, so the picture ran 3.2 s past a 1 s limit; the limit now counts the binning's edge tests
-- args: --timeout 2 --memory 64 --size 1920x1080
-- within: 2.5
-- stderr: hang_draw_discs_hd.lua: script ran for more than 2 s (raise it with --timeout)
local w = loom.world{}
w:particle{ pos = { 0, 0 } }
function loom.draw()
    for _ = 1, 10000 do
        loom.circle({ 0.5, 0.5 }, 2, { screen = true, fill = "#ff000010" })
    end
end
return w
