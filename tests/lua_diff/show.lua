-- show.lua: what every differential program prints its results with, the
-- same way under lua5.4 and loom (no addresses, tracebacks cut off, tables
-- with sorted keys). Each program loads it with require("show").
local show = {}

local function key_order(a, b)
  local ta, tb = type(a), type(b)
  if ta ~= tb then return ta < tb end
  if ta == "number" or ta == "string" then return a < b end
  return tostring(ta) < tostring(tb)
end

-- text(v): v as text; strings quoted, tables expanded (to depth 3).
function show.text(v, depth)
  depth = depth or 0
  local t = type(v)
  if t == "string" then
    return string.format("%q", v)
  elseif t == "number" then
    if math.type(v) == "integer" then return tostring(v) end
    return string.format("%.17g", v) .. "f"
  elseif t == "table" then
    if depth > 2 then return "{...}" end
    local keys = {}
    for k in next, v do keys[#keys + 1] = k end
    table.sort(keys, key_order)
    local parts = {}
    for _, k in ipairs(keys) do
      parts[#parts + 1] = show.text(k, depth + 1) .. "=" .. show.text(rawget(v, k), depth + 1)
    end
    return "{" .. table.concat(parts, ",") .. "}"
  elseif t == "function" or t == "thread" or t == "userdata" then
    return t
  end
  return tostring(v)
end

-- message(m): an error message without the traceback a message handler adds.
function show.message(m)
  if type(m) ~= "string" then return show.text(m) end
  return (m:gsub("\nstack traceback:.*", ""))
end

-- line(...): one line of values.
function show.line(...)
  local n = select("#", ...)
  local parts = {}
  for i = 1, n do parts[i] = show.text((select(i, ...))) end
  print(n .. ": " .. table.concat(parts, " "))
end

-- call(label, f, ...): runs f protected and prints what it returned or raised.
function show.call(label, f, ...)
  local results = table.pack(pcall(f, ...))
  if results[1] then
    local parts = {}
    for i = 2, results.n do parts[#parts + 1] = show.text(results[i]) end
    print(label .. " -> " .. (results.n - 1) .. ": " .. table.concat(parts, " "))
  else
    print(label .. " !! " .. show.message(results[2]))
  end
end

return show
