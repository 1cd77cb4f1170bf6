-- hostile: 20,000 particles of radius 100 m, each covering the whole picture: one frame of the renderer's own work took 30 s, outside the time limit
-- stderr: hang_draw_particles.lua: script ran for more than 2 s (raise it with --timeout)
local w = loom.world{}
for i = 1, 20000 do
    w:particle{ pos = { i * 1e-6, 0 }, radius = 100, mass = 0 }
end
return w
