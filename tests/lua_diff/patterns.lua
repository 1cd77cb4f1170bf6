-- patterns.lua: string.find, match, gmatch and gsub (loom's budgeted ones),
-- results, identities and errors, as lua5.4 gives them.
local show = require("show")
local call = show.call

local subjects = { "", "hello world", "  trim me  ", "key = value; k2=v2", "(a(b)c)", "THE (quick) fox",
  "aaa", "2024-06-01", "x\0y\0z", "caf\xc3\xa9 na\xc3\xafve", "\xff\x80\x7f" }
local patterns = { "", "o", "l+", "l*", "l-", "l?", "^h", "d$", "%a+", "%d+", "%s*(.-)%s*$", "(%w+)%s*=%s*(%w+)",
  "%b()", "%f[%w]%w+", "(a)(a)%2", "[%a_][%w_]*", "[^%s]+", "()", "(h)(e)", ".-", "x%zy", "[\0-\31]", "%u+",
  "[a-]", "[]]", "[^]]", "%%", "[%d%-]+", "(%d+)-(%d+)-(%d+)" }
for _, s in ipairs(subjects) do
  for _, p in ipairs(patterns) do
    local label = show.text(s) .. " " .. show.text(p)
    call("find " .. label, string.find, s, p)
    call("find3 " .. label, string.find, s, p, 3)
    call("find-2 " .. label, string.find, s, p, -2, true)
    call("match " .. label, string.match, s, p)
    call("gsub " .. label, string.gsub, s, p, "<%0>")
    call("gsub1 " .. label, string.gsub, s, p, "%%", 1)
    call("gmatch " .. label, function()
      local out = {}
      for a, b in s:gmatch(p) do out[#out + 1] = show.text(a) .. "/" .. show.text(b) end
      return table.concat(out, ",")
    end)
  end
end
-- gsub returns its subject itself when nothing is replaced (Lua 5.4): a number stays a number
call("gsub number", function() local r, n = string.gsub(123, "x", "y") return math.type(r), r, n end)
call("gsub number changed", function() local r, n = string.gsub(123, "2", "x") return type(r), r, n end)
call("gsub false", function() local r, n = string.gsub(4.5, "%d", {}) return math.type(r), r, n end)
call("gsub function nil", string.gsub, "abc", "%w", function() end)
call("gsub function value", string.gsub, "abc", "%w", function(c) return c:byte() end)
call("gsub table", string.gsub, "$a $b $c", "%$(%w)", { a = 1, b = "B" })
call("gsub bad table value", string.gsub, "abc", "%w", { a = {} })
call("gsub bad replacement", string.gsub, "abc", "%w", "%9")
call("gsub %1 without capture", string.gsub, "abc", "%w", "%1%1")
call("gsub invalid %", string.gsub, "abc", "%w", "%z")
call("gsub max 0", string.gsub, "abc", "%w", "x", 0)
call("gsub max -1", string.gsub, "abc", "%w", "x", -1)
call("gsub anchored", string.gsub, "aaa", "^a", "b")
call("gsub empty matches", string.gsub, "abc", "", "-")
call("gsub no repl", string.gsub, "abc", "a")
call("gsub bad repl type", string.gsub, "abc", "a", true)
-- errors
for _, p in ipairs{ "%", "[a", "(()", "%b", "%bx", "%f", "%fx", "(", ")", "%1", "((((((((((((((((((((((((((((((((a))))))))))))))))))))))))))))))))" } do
  call("bad " .. show.text(p), string.find, "abc", p)
  call("bad gsub " .. show.text(p), string.gsub, "abc", p, "x")
  call("bad gmatch " .. show.text(p), function() for _ in ("abc"):gmatch(p) do end end)
end
call("find no pattern", string.find, "abc")
call("find bad init", string.find, "abc", "a", "x")
call("match init past end", string.match, "abc", "", 10)
call("find init past end", string.find, "abc", "", 4)
call("find init 5", string.find, "abc", "", 5)
call("find huge negative init", string.find, "abc", "c", math.mininteger)
call("gmatch init", function() local o = {} for w in ("one two three"):gmatch("%a+", 5) do o[#o + 1] = w end return table.concat(o, ",") end)
call("gmatch anchored", function() local o = {} for w in ("aaa"):gmatch("^a") do o[#o + 1] = w end return #o end)
call("too complex", string.match, string.rep("a", 300), string.rep("a?", 300) .. string.rep("a", 300))
call("method", function() return ("x=1"):match("(%w)=(%d)") end)
call("rep", string.rep, "ab", 3, ",")
call("rep 0", string.rep, "ab", 0)
call("rep neg", string.rep, "ab", -1, "x")
call("rep sep only", string.rep, "", 3, "-")
call("rep too large", string.rep, "ab", math.maxinteger)
call("rep float", string.rep, "x", 2.0)
call("rep bad float", string.rep, "x", 2.5)
if loom then return loom.world{} end
