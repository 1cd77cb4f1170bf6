-- generate.lua SEED [COUNT]: prints a program of COUNT (default 400) random
-- calls for the differential test: patterns over random subjects, string
-- functions with random arguments, integer and float arithmetic on edge
-- values, conversions, and load of random token soups (their syntax
-- errors). The program prints each call's results or error with show.lua;
-- lua5.4 and loom must print the same. Deterministic for a seed (lua5.4's
-- math.random).
local seed, count = tonumber(arg[1]) or 1, tonumber(arg[2]) or 400
math.randomseed(seed)
local R = math.random

local function pick(list) return list[R(#list)] end

local alphabet = { "a", "b", "c", "x", " ", ".", "-", "%", "(", ")", "[", "]", "1", "2", "\0", "\n", "\xe9", "A", "Z", "_", "=" }
local function subject()
  local n = R(0, 12)
  local t = {}
  for i = 1, n do t[i] = pick(alphabet) end
  return table.concat(t)
end

local classes = { "%a", "%d", "%s", "%w", "%p", "%x", "%u", "%l", "%c", "%g", "%A", "%D", "%S", "%W", "%.", "%%", "%(", "." }
local function set()
  local t = { "[" }
  if R(3) == 1 then t[#t + 1] = "^" end
  for _ = 1, R(1, 3) do
    local k = R(3)
    if k == 1 then t[#t + 1] = pick{ "a", "b", "x", "1", "-", "." }
    elseif k == 2 then t[#t + 1] = pick{ "a-c", "0-9", "x-z", "A-Z" }
    else t[#t + 1] = pick(classes):sub(1, 2) end
  end
  t[#t + 1] = "]"
  return table.concat(t)
end
local function item()
  local k = R(10)
  if k <= 3 then return pick{ "a", "b", "c", "x", " ", "1", "=" }
  elseif k <= 6 then return pick(classes)
  elseif k <= 8 then return set()
  elseif k == 9 then return pick{ "%b()", "%bxy", "%f[%w]", "%f[%s]", "%f[^a]" }
  else return pick{ "%1", "()" } end
end
local function pattern()
  local t = {}
  if R(4) == 1 then t[#t + 1] = "^" end
  local open = 0
  for _ = 1, R(0, 6) do
    local k = R(8)
    if k == 1 and open < 3 then t[#t + 1] = "(" open = open + 1
    elseif k == 2 and open > 0 then t[#t + 1] = ")" open = open - 1
    else
      local it = item()
      t[#t + 1] = it
      if R(2) == 1 and it ~= "()" and not it:find("^%%[bf1]") then t[#t + 1] = pick{ "*", "+", "-", "?" } end
    end
  end
  if R(6) ~= 1 then for _ = 1, open do t[#t + 1] = ")" end end
  if R(5) == 1 then t[#t + 1] = "$" end
  return table.concat(t)
end

local numbers = { "0", "-0.0", "1", "-1", "2", "3", "7", "-7", "0.5", "-2.5", "1e308", "-1e308", "1/0", "-1/0", "0/0",
  "math.maxinteger", "math.mininteger", "2^53", "2^63", "255", "-256", "3.0", "1e-310", "0x7fffffff", "'10'", "' 0x1F '", "'2.5'" }
local function number() return pick(numbers) end
local binary = { "+", "-", "*", "/", "//", "%", "^", "&", "|", "~", "<<", ">>", "==", "<", "<=", ">", "~=", ".." }
local function arith()
  local k = R(6)
  if k <= 3 then return "(" .. number() .. ") " .. pick(binary) .. " (" .. number() .. ")"
  elseif k == 4 then return pick{ "-", "~", "not " } .. "(" .. number() .. ")"
  elseif k == 5 then return pick{ "math.tointeger", "math.floor", "math.ceil", "math.abs", "math.type", "tostring", "tonumber", "math.fmod", "math.ult", "math.max", "math.min" } .. "(" .. number() .. ", " .. number() .. ")"
  else return "string.format(" .. string.format("%q", pick{ "%d", "%5.2f", "%g", "%.3g", "%x", "%X", "%o", "%e", "%i", "%a", "%s", "%q", "%10.4s", "%-8d|", "%+.0f", "%c", "%5s" }) .. ", " .. number() .. ")" end
end

local function q(s) return string.format("%q", s) end
local function strings()
  local s = subject()
  local k = R(9)
  if k == 1 then return "string.find(" .. q(s) .. ", " .. q(pattern()) .. ", " .. R(-3, 4) .. ")"
  elseif k == 2 then return "string.match(" .. q(s) .. ", " .. q(pattern()) .. ")"
  elseif k == 3 then return "string.gsub(" .. q(s) .. ", " .. q(pattern()) .. ", " .. q(pick{ "<%0>", "%1", "", "%%", "x" }) .. ", " .. R(-1, 3) .. ")"
  elseif k == 4 then return "(function() local o = {} for a, b in string.gmatch(" .. q(s) .. ", " .. q(pattern()) .. ") do o[#o + 1] = tostring(a) .. '/' .. tostring(b) end return table.concat(o, ',') end)()"
  elseif k == 5 then return "string.gsub(" .. q(s) .. ", " .. q(pattern()) .. ", function(a, b) return b end)"
  elseif k == 6 then return "string.find(" .. q(s) .. ", " .. q(subject()) .. ", " .. R(-5, 5) .. ", true)"
  elseif k == 7 then return "string.rep(" .. q(subject()) .. ", " .. R(-1, 4) .. ", " .. q(subject()) .. ")"
  elseif k == 8 then return "string.sub(" .. q(s) .. ", " .. R(-15, 15) .. ", " .. R(-15, 15) .. "), string.byte(" .. q(s) .. ", " .. R(-3, 3) .. ", " .. R(-3, 5) .. ")"
  else return "string.upper(" .. q(s) .. "), string.reverse(" .. q(s) .. "), string.len(" .. q(s) .. "), " .. q(s) .. " < " .. q(subject()) end
end

local tokens = { "local", "x", "=", "1", "function", "end", "(", ")", "if", "then", "else", "return", "..", "+", "{", "}", ",",
  "'str'", "[[", "]]", "goto", "::l::", "break", "for", "in", "do", "while", "<close>", "<const>", "#", "and", "or", "not", "0x", "1e", ".5", "\"", "--", "[=[", "]=]" }
local function soup()
  local t = {}
  for i = 1, R(1, 8) do t[i] = pick(tokens) end
  return table.concat(t, " ")
end

print('-- generated by tests/lua_diff/generate.lua ' .. seed .. ' ' .. count)
print('local show = require("show")')
print('local call = show.call')
for i = 1, count do
  local k = R(10)
  local expression
  if k <= 4 then expression = strings()
  elseif k <= 8 then expression = arith()
  else expression = "load(" .. q(soup()) .. ", '=soup')" end
  local label = i .. " " .. expression:sub(1, 60):gsub("[^%w%p ]", "?")
  print(string.format("call(%q, function() return %s end)", label, expression))
end
print("if loom then return loom.world{} end")
