-- hostile: compiling a 6 MiB chunk again and again (Lua's parser is C: no instruction counted)
-- stderr: hang_load_huge.lua:5: script ran for more than 2 s (raise it with --timeout)
local chunk = string.rep("x = 1 ", 1 << 20)
while true do
    load(chunk)
end
