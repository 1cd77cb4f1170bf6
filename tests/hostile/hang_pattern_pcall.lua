-- hostile: catastrophic string.match, gmatch and gsub, each in a pcall loop
-- stderr: script ran for more than 2 s (raise it with --timeout)
local s = string.rep("ab", 5000)
while true do
    pcall(string.match, s, "(.-)(.-)(.-)(.-)(.-)x")
    pcall(function() for _ in s:gmatch("a.-a.-a.-a.-x") do end end)
    pcall(string.gsub, s, "%w*%w*%w*%w*x", "")
end
