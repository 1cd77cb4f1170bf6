-- hostile: string.dump, to make bytecode to load
-- stderr: escape_string_dump.lua:4: attempt to call a nil value (field 'dump')
local w = loom.world{}
local code = string.dump(function() return 1 end)
return w
