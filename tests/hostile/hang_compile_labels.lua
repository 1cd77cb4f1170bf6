-- hostile: a scene file of 9.5 MB of labels and gotos: Lua's parser checks each label against the function's others (quadratic C work, no instruction counted); compiling took 39.6 s under --timeout 2
-- generate: lua5.4
-- stderr: hang_compile_labels.lua: script ran for more than 2 s (raise it with --timeout)
-- This file writes the scene: 15 functions of 30,000 labels and gotos each.
local out = {}
for f = 1, 15 do
    out[#out + 1] = "local function f" .. f .. "()"
    for i = 1, 30000 do
        out[#out + 1] = "::a" .. i .. ":: goto a" .. i
    end
    out[#out + 1] = "end"
end
out[#out + 1] = "return loom.world{}"
io.write(table.concat(out, "\n"), "\n")
