-- hostile: os.execute runs a shell command
-- stderr: escape_os_execute.lua:3: attempt to call a nil value (field 'execute')
os.execute("touch pwned.txt")
return loom.world{}
