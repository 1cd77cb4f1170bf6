-- hostile: a plain find whose every candidate compares 100,000 bytes (10 million candidates)
-- stderr: hang_find_plain.lua:5: script ran for more than 2 s (raise it with --timeout)
local hay = string.rep("a", 10000000)
local needle = string.rep("a", 100000) .. "b"
local at = hay:find(needle, 1, true)
return loom.world{}, at
