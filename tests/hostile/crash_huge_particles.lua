-- hostile: 12 million particles (was SIGSEGV inside SDL_RenderGeometry)
-- args: --timeout 10 --memory 64
-- stderr: crash_huge_particles.lua:5: the script went over its memory limit of 64 MiB (raise it with --memory)
local w = loom.world{}
for i = 1, 12e6 do w:particle{ pos = { i * 1e-6, 0 } } end
return w
