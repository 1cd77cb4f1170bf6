-- hostile: a C searcher put back into package.searchers to load a .so
-- stderr: escape_require_searchers.lua:6: module 'lpeg' not found
local n = 0
for _, s in ipairs(package.searchers) do n = n + 1 end
package.cpath = "/usr/lib/x86_64-linux-gnu/lua/5.4/?.so"
require("lpeg")
return loom.world{}
