-- hostile: os.exit(0) ends a render with status 0 and no complete frame
-- stderr: escape_os_exit.lua:4: attempt to call a nil value (field 'exit')
local w = loom.world{}
os.exit(0)
return w
