-- bench/strings.lua: the time of loom's budgeted string functions (and of
-- lua5.4's own, run as `lua5.4 bench/strings.lua`): large inputs and many
-- tiny calls. Each line: what, then seconds of processor time (os.clock).
-- `make bench` runs it through loom and lua5.4; bench/RESULTS.md keeps the
-- figures.
local big = string.rep("the quick brown fox jumps over the lazy dog 0123456789 ", 20000)
local cases = {
  { "find plain, 1.1 MB", function() return big:find("lazy cat", 1, true) end, 20 },
  { "find %d+ , 1.1 MB", function() return big:find("%d%d%d%d%d%d%d%d%d%d%d") end, 20 },
  { "match (%a+) end, 1.1 MB", function() return big:match("(%a+)%s*$") end, 5 },
  { "gsub %w+ -> %0, 1.1 MB", function() return big:gsub("%w+", "%0") end, 3 },
  { "gsub %s none, 1.1 MB", function() return big:gsub("#", "") end, 20 },
  { "gmatch %a+, 1.1 MB", function() local n = 0 for _ in big:gmatch("%a+") do n = n + 1 end return n end, 3 },
  { "rep 1 MB x 10", function() return #("abcdefgh"):rep(131072) end, 10 },
  { "find tiny x 1e6", function()
      local s, f = "key=value", string.find
      for _ = 1, 1000000 do f(s, "=", 1, true) end
    end, 1 },
  { "match tiny x 1e6", function()
      local s, m = "key=value", string.match
      for _ = 1, 1000000 do m(s, "(%w+)=(%w+)") end
    end, 1 },
  { "gsub tiny x 1e6", function()
      local s, g = "a-b-c", string.gsub
      for _ = 1, 1000000 do g(s, "-", "+") end
    end, 1 },
  { "classes %a%d%s x 3e5", function()
      local s, f = "abc 123\tXYZ", string.find
      for _ = 1, 300000 do f(s, "%a+%s+%d+%s%u+") end
    end, 1 },
}
for _, case in ipairs(cases) do
  local name, f, times = case[1], case[2], case[3]
  f()
  local start = os.clock()
  for _ = 1, times do f() end
  print(string.format("%-28s %.3f", name, os.clock() - start))
end
if loom then return loom.world{} end
