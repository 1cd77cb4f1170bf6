-- hostile: os.execute runs a shell command
-- stderr: escape_os_execute.lua:4: attempt to call a nil value (field 'execute')
local w = loom.world{}
os.execute("touch pwned; touch $HOME/pwned")
return w
