-- hostile: 20,000 particles of radius 100 m, each covering the whole picture: one frame of the renderer's own work took 30 s, outside the time limit (at 1280x720, where a frame takes about 17 s: at the battery's 160x90 a frame draws in 0.8 s, under the limit, and at 640x360 in 4.1 s, which a machine twice as fast draws within it)
-- args: --timeout 2 --memory 64 --size 1280x720
-- within: 3
-- stderr: hang_draw_particles.lua: script ran for more than 2 s (raise it with --timeout)
local w = loom.world{}
for i = 1, 20000 do
    w:particle{ pos = { i * 1e-6, 0 }, radius = 100, mass = 0 }
end
return w
