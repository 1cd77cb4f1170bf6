-- test_show.lua - several worlds in one scene: loom.show's exact errors,
-- world names, a plot series that names its world, and which trails a
-- picture draws (those of the shown worlds only). Stepping and drawing
-- through the host: tests/cli_worlds.sh.
-- luacheck: read globals test_draw_frame test_series
local t = require "harness"
local check, check_error = t.check, t.check_error

-- ------------------------------------------------------------ errors --
local a = loom.world{ name = "a", gravity = { 0, 0, 0 } }
local b = loom.world{ gravity = { 0, 0, 0 } }
check_error(function() loom.show() end, "bad argument #1 to 'show' (world expected, got no value)",
            "loom.show() wants a world")
check_error(function() loom.show(nil) end, "bad argument #1 to 'show' (world expected, got nil)",
            "loom.show(nil) names nil")
check_error(function() loom.show(a, 3) end, "bad argument #2 to 'show' (world expected, got number)",
            "every argument is a world")
check_error(function() loom.show(a, a) end, "bad argument #2 to 'show' (a world shown twice)",
            "a world shown twice")
check_error(function() loom.show({ a, a }) end, "bad argument #2 to 'show' (a world shown twice)",
            "... also in a list")
check_error(function() loom.show({ a, "b" }) end,
            "bad argument #1 to 'show' (item 2 is not a world (string))", "a list holds worlds")
check_error(function() loom.show(a, b, { layout = "sides" }) end,
            "bad argument #3 to 'show' (field 'layout': invalid option 'sides', expected one of: "
                .. "side, overlay)", "layout lists its options")
check_error(function() loom.show(a, { layuot = "side" }) end,
            "bad argument #2 to 'show' (unknown field 'layuot' (did you mean 'layout'?))",
            "a misspelt field is named")
local many = {}
for i = 1, 9 do many[i] = loom.world{} end
check_error(function() loom.show(table.unpack(many)) end,
            "bad argument #9 to 'show' (at most 8 worlds)", "at most 8 worlds")
check_error(function() loom.show(many) end, "bad argument #1 to 'show' (at most 8 worlds)",
            "... also in a list")
check(select("#", loom.show(a, b)) == 0, "loom.show returns nothing")

-- ------------------------------------------------------------- names --
check(a:settings().name == "a" and b:settings().name == nil, "a world keeps its name, if given")
b:set{ name = "b" }
check(b:settings().name == "b", "world:set{ name } names it")
check_error(function() loom.world{ name = ("x"):rep(48) } end,
            "bad argument #1 to 'world' (field 'name' must be 1 to 47 characters)",
            "a name is at most 47 characters")
check_error(function() b:set{ name = false } end,
            "bad argument #1 to 'set' (field 'name' must be a string, got boolean)",
            "world:set{ name } wants a string")

-- --------------------------------------------------------- plot series --
-- One name plotted for two worlds is two series, each at its world's time.
a:step(3)
loom.plot("x", 1, { world = a })
loom.plot("x", 2, { world = b })
local series = test_series()
check(#series == 2 and series[1].name == "x (a)" and series[2].name == "x (b)",
      "a series that names its world is 'name (world)'")
check(math.abs(series[1].time[1] - 3 / 60) < 1e-12 and series[2].time[1] == 0,
      "... sampled at its own world's time")
check(series[1].panel == "x (a)", "... and its panel is that name unless given")

-- ---------------------------------------------------- trails drawn --
-- Shown: a and b; c is not, and its trail is not drawn.
local c = loom.world{ gravity = { 0, 0, 0 } }
local pa = a:particle{ pos = { 0, 0 }, vel = { 1, 0 } }
local pc = c:particle{ pos = { 0, 0 }, vel = { 1, 0 } }
pa:trail()
pc:trail()
a:step(5)
c:step(5)
loom.show({ a, b }, { layout = "overlay" })
local _, points = test_draw_frame(16 / 9)
local shown_points = points
loom.show(a, b, c)
_, points = test_draw_frame(16 / 9)
check(shown_points > 0 and points > shown_points,
      ("the trail of a world not shown is not drawn (%d points, %d with it shown)")
          :format(shown_points, points))
