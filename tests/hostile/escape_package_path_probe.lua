-- hostile: package.path pointing outside the scene's folder: require opened whatever it named and said which files exist ("(found /etc/shadow)")
-- mode: sim
-- stderr: no file '/etc/shadow' (not in the scene's folder or loom's library)
-- stderr: no file '/etc/no-such-file' (not in the scene's folder or loom's library)
-- absent: (found
local w = loom.world{}
package.path = "/etc/?"
local _, missing = pcall(require, "no-such-file")
local _, shadow = pcall(require, "shadow")
error(missing .. "\n" .. shadow, 0)
return w
