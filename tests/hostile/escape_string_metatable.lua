-- hostile: replacing the shared string metatable's __index
-- stderr: escape_string_metatable.lua:3: attempt to index a string value
getmetatable("").__index = function() return os end
return loom.world{}
