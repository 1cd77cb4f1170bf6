-- hostile: require of an installed C module (LuaFileSystem), with the C path pointed at it
-- stderr: module 'lfs' not found
local w = loom.world{}
package.cpath = "/usr/lib/x86_64-linux-gnu/lua/5.4/?.so;/usr/local/lib/lua/5.4/?.so"
local lfs = require("lfs")
lfs.mkdir("pwned")
return w
