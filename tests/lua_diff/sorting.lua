-- sorting.lua: table.sort where loom sorts itself (app/budget_table.c: a
-- heapsort for more than 50,000 elements or a table with __len) and where it
-- hands the table to Lua's sort; valid orders only (equal elements equal in
-- every way), so the result is defined: checksums and order checks.
local show = require("show")
local call = show.call

local N = 60000
local function numbers(n, modulo)
  local t = {}
  for i = 1, n do t[i] = (i * 7919) % modulo end
  return t
end
-- summary(t, n): n, whether t[1..n] is in order (by less), a checksum, ends.
local function summary(t, n, less)
  less = less or function(a, b) return a < b end
  local sorted, sum = true, 0
  for i = 1, n do
    if i > 1 and less(t[i], t[i - 1]) then sorted = false end
    sum = (sum * 31 + math.floor(t[i] * 4)) % 1000000007
  end
  return n, sorted, sum, t[1], t[n // 2], t[n]
end

call("60,000 distinct", function() local t = numbers(N, 1000003) table.sort(t) return summary(t, N) end)
call("60,000 with repeats", function() local t = numbers(N, 1000) table.sort(t) return summary(t, N) end)
call("60,000 comparator >", function()
  local t = numbers(N, 1000003)
  local function greater(a, b) return a > b end
  table.sort(t, greater)
  return summary(t, N, greater)
end)
call("60,000 repeats comparator >", function()
  local t = numbers(N, 997)
  table.sort(t, function(a, b) return a > b end)
  return summary(t, N, function(a, b) return a > b end)
end)
call("60,000 floats and integers", function()
  local t = {}
  for i = 1, N do t[i] = (i % 2 == 0) and (i * 7919) % 1000003 or ((i * 104729) % 1000003) + 0.5 end
  table.sort(t)
  return summary(t, N)
end)
call("60,000 strings", function()
  local t = {}
  for i = 1, N do t[i] = string.format("k%07d", (i * 7919) % 1000003) end
  table.sort(t)
  local parts = {}
  for i = 1, N, 6007 do parts[#parts + 1] = t[i] end
  local ok = true
  for i = 2, N do if t[i] < t[i - 1] then ok = false end end
  return ok, table.concat(parts, ","), t[N]
end)
call("60,000 by a key", function()
  local t = {}
  for i = 1, N do t[i] = { k = (i * 7919) % 1000003 } end
  table.sort(t, function(a, b) return a.k < b.k end)
  local ok = true
  for i = 2, N do if t[i].k < t[i - 1].k then ok = false end end
  return ok, t[1].k, t[N // 2].k, t[N].k
end)
call("50,000 distinct", function() local t = numbers(50000, 1000003) table.sort(t) return summary(t, 50000) end)
call("50,001 distinct", function() local t = numbers(50001, 1000003) table.sort(t) return summary(t, 50001) end)

-- A proxy: reads and writes go through __index and __newindex to a store,
-- its length through __len.
local function proxy(store, length)
  return setmetatable({}, {
    __len = function() return length or #store end,
    __index = function(_, k) return store[k] end,
    __newindex = function(_, k, v) store[k] = v end,
  })
end
call("proxy of 1,000", function()
  local store = numbers(1000, 1009)
  local p = proxy(store)
  table.sort(p)
  return rawlen(p), summary(store, 1000)
end)
call("proxy comparator >", function()
  local store = numbers(1000, 1009)
  table.sort(proxy(store), function(a, b) return a > b end)
  return summary(store, 1000, function(a, b) return a > b end)
end)
call("proxy shorter than its store", function()
  local store = { 9, 3, 7, 1, 8, 2, 6 }
  table.sort(proxy(store, 4))
  return table.concat(store, ",")
end)
call("__len on the table itself", function()
  local t = setmetatable({ 5, 4, 3, 2, 1, 0 }, { __len = function() return 5 end })
  table.sort(t)
  return table.concat(t, ",", 1, 6)
end)
call("proxy of 60,000 strings", function()
  local store = {}
  for i = 1, N do store[i] = tostring((i * 7919) % 1000003) end
  table.sort(proxy(store))
  local ok = true
  for i = 2, N do if store[i] < store[i - 1] then ok = false end end
  return ok, store[1], store[N]
end)
call("proxy of one", function() local s = { 1 } table.sort(proxy(s)) return s[1] end)
call("proxy of none", function() local s = {} table.sort(proxy(s)) return #s end)
call("array too big", table.sort, proxy({}, 1 << 40))
call("array too big at INT_MAX", table.sort, proxy({}, 0x7fffffff))
call("60,000 bad comparator", table.sort, numbers(N, 1000003), 5)
call("proxy bad comparator", table.sort, proxy({ 2, 1 }), "x")
call("proxy of one bad comparator", table.sort, proxy({ 1 }), "x")
call("__len not an integer", table.sort, setmetatable({}, { __len = function() return 2.5 end }))
call("not a table", table.sort, 60000)
if loom then return loom.world{} end
