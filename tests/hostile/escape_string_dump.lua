-- hostile: string.dump to make bytecode from a function
-- stderr: escape_string_dump.lua:3: attempt to call a nil value (field 'dump')
local code = string.dump(function() return 1 end)
return loom.world{}
