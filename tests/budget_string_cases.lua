-- budget_string_cases.lua: string.find, match, gmatch, gsub and rep over fixed and generated
-- cases; tests/cli_budget_string.sh runs it under lua5.4 and under loom (whose versions of these
-- functions are app/budget_string.c) and compares the outputs. Each group of cases prints one
-- line: its label and a hash of every result (values and error messages), so that the output
-- stays small; run this file with lua5.4 and loom with DETAIL = true to see the results.
local DETAIL = false
local out = {}
local group = {}
local function hash(text)
    local h = 2166136261
    for i = 1, #text do h = ((h ~ text:byte(i)) * 16777619) & 0xffffffff end
    return h
end
local function flush(label)
    local text = table.concat(group, "\n")
    out[#out + 1] = DETAIL and (label .. "\n" .. text) or string.format("%s %08x", label, hash(text))
    group = {}
end
local function show(v)
    if type(v) == "string" then return string.format("%q", v) end
    return tostring(v)
end
local function record(label, ok, ...)
    local parts = {label, ok and "ok" or "err"}
    local n = select("#", ...)
    for i = 1, n do parts[#parts + 1] = show((select(i, ...))) end
    group[#group + 1] = table.concat(parts, " ")
end
local function try(label, f, ...)
    record(label, pcall(f, ...))
end
local function all_gmatch(s, p, init)
    local results = {}
    for a, b, c in string.gmatch(s, p, init) do
        results[#results + 1] = show(a) .. "," .. show(b) .. "," .. show(c)
        if #results > 50 then break end
    end
    return table.concat(results, ";")
end
local function counted_gsub(s, p, r, n)
    local result, count = string.gsub(s, p, r, n)
    return result, count
end

local subjects = {
    "", "a", "hello world", "  key = value  ", "aaa", "abcabcabc", "(foo(bar))baz", "THE (quick) fox",
    "x = 1, y = -2.5e3, z = 0x1F", "a.b.c", "\0a\0b", "[tag] %d %% 100%", "one two  three   four",
    "f(a,b)[c]{d}", "ümlaut ñ", "line1\nline2\r\nline3", "aaab", "ababab", "--[[x]]--",
}
local patterns = {
    "", "a", ".", "^a", "a$", "^$", "a*", "a+", "a-", "a?", "%a+", "%d+", "%s*", "%S+", "%w+", "%p",
    "%u", "%l+", "%x+", "%c", "%g+", "[%a_][%w_]*", "[^%s]+", "[a-c]+", "[^a-c]", "[]]", "[^]]+",
    "[%]]", "[a-]", "[-a]+", "(%w+) = (%w+)", "()a()", "(a)(b)?", "%((.-)%)", "%b()", "%b[]", "%f[%w]%w+",
    "%f[%a]", "%f[^%z]", "(a*(.)%w(%s*))", "(.)%1", "((a)%2)", "^(%s*)(.-)(%s*)$", "%.", "%%",
    "[%d.]+", "[+-]?%d+%.?%d*", "0x%x+", "%z", "\0", "[\0a]", ".-b", "a.-a", "(a)-", "x*$", "^(.-)%s",
    "%", "[a", "(()", "%1", "(a%1)", "%b", "%bx", "%f", "%fa", "a)",
    string.rep("(", 33) .. "a" .. string.rep(")", 33),
    "[%", "[a-%d]", "^^", "$$", "a$b", "%$", "[$^]+", "%w-", "%d?%d?",
}
for si, s in ipairs(subjects) do
    for pi, p in ipairs(patterns) do
        local label = si .. "/" .. pi
        try("find " .. label, string.find, s, p)
        try("find3 " .. label, string.find, s, p, 3)
        try("find-2 " .. label, string.find, s, p, -2)
        try("findplain " .. label, string.find, s, p, 1, true)
        try("match " .. label, string.match, s, p)
        try("match2 " .. label, string.match, s, p, 2)
        try("gmatch " .. label, all_gmatch, s, p)
        try("gmatch4 " .. label, all_gmatch, s, p, 4)
        try("gsub " .. label, counted_gsub, s, p, "<%0>")
        try("gsub1 " .. label, counted_gsub, s, p, "[%1]", 2)
        try("gsubt " .. label, counted_gsub, s, p, {a = "A", hello = false, ["1"] = 1})
        try("gsubf " .. label, counted_gsub, s, p, function(x, y) return y and x .. "|" .. tostring(y) or nil end)
        flush(label)
    end
end
-- Generated patterns: a fixed linear congruential sequence, the same in both interpreters.
local seed = 12345
local function rand(n)
    seed = (seed * 1103515245 + 12345) % 2147483648
    return seed % n + 1
end
local pieces = {"a", "b", ".", "%a", "%d", "%s", "[ab]", "[^a]", "(", ")", "()", "*", "+", "-", "?", "^",
    "$", "%b()", "%f[%w]", "%1", "%2", "x", "[a-c]", "%%", "%w", " ", "1", "("}
local gen_subjects = {"abc ab (a(b)c) 12 x1 aab", "aaaa bbbb", "(()) a1 b2", "xax bab cac  "}
for i = 1, 2500 do
    local parts = {}
    for _ = 1, rand(6) do parts[#parts + 1] = pieces[rand(#pieces)] end
    local p = table.concat(parts)
    local s = gen_subjects[rand(#gen_subjects)]
    try("rfind " .. i, string.find, s, p, rand(5) - 2)
    try("rmatch " .. i, string.match, s, p)
    try("rgmatch " .. i, all_gmatch, s, p)
    try("rgsub " .. i, counted_gsub, s, p, "%0%0", rand(4))
    if i % 10 == 0 then flush("generated " .. i) end
end
local plain_try = try
try = function(label, ...) plain_try(label, ...) flush(label) end
-- Replacement strings and their errors.
for ri, r in ipairs({"%0", "%1", "%2", "%%", "%", "%a", "x%1y%0z", 5, 2.5}) do
    for _, p in ipairs({"(a)(b)", "a", "()b", "(x)"}) do
        try("repl " .. ri .. " " .. p, counted_gsub, "abab", p, r)
    end
end
try("repl bad", counted_gsub, "abab", "a", true)
try("repl badvalue", counted_gsub, "abab", "a", function() return {} end)
try("gsub neg", counted_gsub, "abab", "a", "x", -1)
-- string.rep
for _, c in ipairs({{"ab", 3}, {"ab", 3, ","}, {"", 5}, {"", 5, "-"}, {"x", 0}, {"x", -1}, {"x", 1, "sep"},
    {"abc", 4, ""}, {"a", 10, "bc"}}) do
    try("rep " .. table.concat(c, " "), string.rep, table.unpack(c))
end
try("rep huge", string.rep, "x", math.maxinteger)
try("rep huge sep", string.rep, "x", 1 << 62, "yy")
try("rep long", function() local s = string.rep("ab", 100000, ";") return #s, s:sub(1, 9), s:sub(-9) end)
-- Methods on strings use the same functions.
try("method", function() return ("k=v"):match("(%w)=(%w)") end)
try("too complex", string.match, string.rep("a", 300), string.rep("a?", 300) .. string.rep("a", 300))
try("find init past", string.find, "abc", "", 10)
try("find init end", string.find, "abc", "", 4)
try("gmatch past", all_gmatch, "abc", "", 10)
try("gmatch end", all_gmatch, "abc", "", 4)
flush("last")
for _, line in ipairs(out) do print(line) end
if loom then return loom.world{} end
