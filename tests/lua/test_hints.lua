-- test_hints.lua - mistakes that teach: "did you mean" on the loom table,
-- every handle type and option fields, word for word.
local harness = require "harness"
local check, check_error = harness.check, harness.check_error
local module = require "loom" -- luacheck knows loom's fields and would (rightly) flag these misspellings

check_error(function() return module.wrold end, "loom has no field 'wrold' (did you mean 'world'?)",
            "loom: a swapped pair of letters")
check_error(function() return module.camra end, "loom has no field 'camra' (did you mean 'camera'?)",
            "loom: a missing letter")
check_error(function() return module.xyzzy end, "loom has no field 'xyzzy'", "loom: nothing close")
check(loom.update == nil and loom.keypressed == nil and loom.draw == nil,
      "an undefined callback reads as nil")
check_error(function() module.wrold {} end, "loom has no field 'wrold' (did you mean 'world'?)",
            "calling a misspelt function says the same, not 'attempt to call a nil value'")

local w = loom.world()
local p = w:particle {}
local q = w:particle { pos = { 1, 0 } }
local s = w:stick(p, q)
local f = w:force("drag", 1)
local c = w:plane { normal = { 0, 1 } }
check_error(function() return w.stepp end, "world has no field 'stepp' (did you mean 'step'?)", "world")
check_error(function() w:partcle {} end, "world has no field 'partcle' (did you mean 'particle'?)",
            "world method call")
check_error(function() return p:poss() end, "particle has no field 'poss' (did you mean 'pos'?)",
            "particle")
check_error(function() return s:rset() end, "constraint has no field 'rset' (did you mean 'rest'?)",
            "constraint")
check_error(function() return f:knd() end, "force has no field 'knd' (did you mean 'kind'?)", "force")
check_error(function() return c:gte() end, "collider has no field 'gte' (did you mean 'get'?)",
            "collider")
check_error(function() return p.zzzzzz end, "particle has no field 'zzzzzz'", "particle: nothing close")
check(type(p.pos) == "function" and getmetatable(p) == "particle",
      "a correct name is found; getmetatable answers the type's name")

check_error(function() loom.world { gravty = { 0, 0 } } end,
            "bad argument #1 to 'world' (unknown field 'gravty' (did you mean 'gravity'?))", "option field")
check_error(function() loom.world { zzzz = 1 } end, "bad argument #1 to 'world' (unknown field 'zzzz')",
            "option field, nothing close")

-- Builders in Lua give the same hint.
local rope = require "loom.rope"
check_error(function() rope.chain(w, { segmnts = 3 }) end,
            "bad argument #2 to 'chain' (unknown field 'segmnts' (did you mean 'segments'?))",
            "a builder's option field")
local args = require "loom.args"
check(args.distance("wrold", "world") == 1 and args.distance("kitten", "sitting") == 3,
      "args.distance: a transposition is one edit")
