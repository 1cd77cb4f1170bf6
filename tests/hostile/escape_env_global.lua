-- hostile: reaching a removed library through _G, _ENV or package.loaded
-- stderr: escape_env_global.lua:5: attempt to call a nil value (local 'exec')
local exec = (_G.os and _G.os.execute) or (package.loaded.os and package.loaded.os.execute)
          or (package.loaded.io and package.loaded.io.popen)
exec("touch pwned.txt")
return loom.world{}
