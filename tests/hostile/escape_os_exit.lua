-- hostile: os.exit(0) ends a render with status 0 and no complete frame
-- stderr: escape_os_exit.lua:5: attempt to call a nil value (field 'exit')
local w = loom.world{}
function loom.update()
    os.exit(0)
end
return w
