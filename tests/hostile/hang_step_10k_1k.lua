-- hostile: one step of 10,000 iterations x 1,000 sub-steps over a rope, in a pcall loop
-- stderr: hang_step_10k_1k.lua:10: script ran for more than 2 s (raise it with --timeout)
local w = loom.world{iterations = 10000, substeps = 1000}
local last = w:particle{pos = {0, 0}, mass = 0}
for i = 1, 50 do
    local p = w:particle{pos = {i * 0.1, 0}}
    w:stick(last, p)
    last = p
end
while true do pcall(w.step, w) end
