-- hostile: require of a C module (searchers for .so files, cpath)
-- stderr: escape_require_c.lua:5: module 'lfs' not found
package.cpath = "/usr/lib/x86_64-linux-gnu/lua/5.4/?.so;./?.so"
package.path = "/etc/?;/usr/share/lua/5.4/?.lua"
require("lfs")
return loom.world{}
