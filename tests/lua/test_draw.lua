-- test_draw.lua - loom.draw and its primitives, p:trail, p:arrow and
-- loom.plot: what each adds to a picture's overlay, the series kept for C,
-- and the exact message of every rule. test_draw_frame() runs one picture's
-- script drawing as the app does and returns the overlay's shapes, points and
-- texts; test_series() reads the series through the C API; test_plot_panels()
-- counts the shapes and texts of the panels the renderer draws.
-- luacheck: read globals test_draw_frame test_series test_plot_panels
local t = require "harness"
local check, check_error = t.check, t.check_error

local world = loom.world{ gravity = { 0, 0, 0 }, dt = 1 / 60 }
local p = world:particle{ pos = { 1, 2, 3 }, vel = { 1, 0, 0 } }

-- ------------------------------------------------ outside loom.draw --
for _, name in ipairs{ "line", "arrow", "circle", "polygon", "polyline", "text" } do
    check_error(function() loom[name]({ 0, 0 }, { 1, 1 }) end,
                "loom." .. name .. " can only be called inside loom.draw",
                "loom." .. name .. " outside loom.draw is an error")
end

-- --------------------------------------------------------- counting --
local function frame(draw)
    loom.draw = draw
    local shapes, points, texts = test_draw_frame()
    loom.draw = nil
    return shapes, points, texts
end

local shapes, points, texts = frame(nil)
check(shapes == 0 and points == 0 and texts == 0, "without loom.draw the overlay is empty")

shapes, points, texts = frame(function()
    loom.line({ 0, 0 }, { 1, 1 })
    loom.arrow({ 0, 0, 0 }, { 1, 0, 0 }, { scale = 2, head = 20 })
    loom.circle(p, 0.5, { fill = true })
    loom.polygon({ { 0, 0 }, { 1, 0 }, { 1, 1 }, { 0, 1 } }, { fill = "#ff000080", dash = 4 })
    loom.polyline({ { 0, 0 }, { 1, 0 }, { 1, 1 } }, { width = 0.5, color = { 0, 0, 1 } })
    loom.text({ 0.5, 0.5 }, "v = 3 m/s", { screen = true, size = 30, align = "right" })
end)
check(shapes == 5, "five shapes: line, arrow, circle, polygon, polyline")
check(points == 2 + 2 + 1 + 4 + 3, "every point is kept")
check(texts == 1, "one text")

-- point forms: a table, named fields, a vector-like object, a particle
local vector = setmetatable({}, { __index = function(_, k) return ({ x = 1, y = 2, z = 3 })[k] end })
shapes, points = frame(function()
    loom.line({ x = 1, y = 2 }, vector)
    loom.line(p, { 1, 2, 3 })
    loom.arrow(p, vector)
end)
check(shapes == 3 and points == 6, "points as {x, y}, {x =, y =}, a vector and a particle")
shapes, points = frame(function()
    local v = loom.vec(1, 2, 3)
    loom.line(v, loom.vec(2, 3))
    loom.arrow(v, v * 2)
    loom.polyline({ v, loom.vec(0, 0), { 1, 1 }, p })
end)
check(shapes == 3 and points == 8, "loom.vec values are points and vectors")

-- ------------------------------------------------------ rules inside --
local function inside(fn, message, name)
    frame(function() check_error(fn, message, name) end)
end
local point_rule = "must be a point {x, y [, z]}, a vector or a particle, got nil"
inside(function() loom.line(nil, { 1, 2 }) end,
       "bad argument #1 to 'line' (start " .. point_rule .. ")", "line needs a start point")
inside(function() loom.line({ 1, 2 }) end,
       "bad argument #2 to 'line' (end must be a point {x, y [, z]}, a vector or a particle, got no value)",
       "line needs an end point")
inside(function() loom.line({ 1, "x" }, { 1, 2 }) end,
       "bad argument #1 to 'line' (start must have numbers x, y (or [1], [2]))",
       "a point needs numbers")
inside(function() loom.line({ 0, 0 / 0 }, { 1, 1 }) end,
       "bad argument #1 to 'line' (start must have finite coordinates)", "a point must be finite")
inside(function() loom.line({ 0, 0 }, { 1, 1 }, { colr = "red" }) end,
       "bad argument #3 to 'line' (unknown field 'colr' (did you mean 'color'?))", "a misspelt style field is an error")
inside(function() loom.line({ 0, 0 }, { 1, 1 }, { width = -1 }) end,
       "bad argument #3 to 'line' (field 'width' must be in [0, 200], got -1)", "width >= 0")
inside(function() loom.line({ 0, 0 }, { 1, 1 }, { dash = 0.5 }) end,
       "bad argument #3 to 'line' (field 'dash' must be 0 (solid) or in [1, 1000], got 0.5)",
       "dash is 0 or at least a point")
inside(function() loom.arrow({ 0, 0 }, { 1, 1 }, { head = 0 }) end,
       "bad argument #3 to 'arrow' (field 'head' must be in (0, 200], got 0)", "head > 0")
inside(function() loom.arrow(p, p) end,
       "bad argument #2 to 'arrow' (vector must be a vector {x, y [, z]}, got particle)",
       "an arrow's vector is no particle")
inside(function() loom.arrow({ 0, 0 }, { 1e300, 0 }, { scale = 1e300 }) end,
       "bad argument #2 to 'arrow' (vector times scale must be finite)", "a scaled arrow stays finite")
inside(function() loom.circle({ 0, 0 }, -1) end,
       "bad argument #2 to 'circle' (radius must be >= 0, got -1)", "radius >= 0")
inside(function() loom.circle({ 0, 0 }) end,
       "bad argument #2 to 'circle' (number expected, got no value)", "circle needs a radius")
inside(function() loom.line(p, { 1, 1 }, { screen = true }) end,
       "bad argument #1 to 'line' (start cannot be a particle with screen = true)",
       "a particle has no place on the picture")
inside(function() loom.polyline({ { 0, 0 } }) end,
       "bad argument #1 to 'polyline' (points must hold at least 2 points, got 1)", "polyline: 2 points")
inside(function() loom.polygon({ { 0, 0 }, { 1, 1 } }) end,
       "bad argument #1 to 'polygon' (points must hold at least 3 points, got 2)", "polygon: 3 points")
inside(function() loom.polyline(5) end,
       "bad argument #1 to 'polyline' (points must be a list of points, got number)", "points is a list")
inside(function() loom.polygon({ { 0, 0 }, { 1, 0 }, 7 }) end,
       "bad argument #1 to 'polygon' (point 3 must be a point {x, y [, z]}, a vector or a particle, "
       .. "got number)", "each point is checked, by its place")
inside(function() loom.text({ 0, 0 }, {}) end,
       "bad argument #2 to 'text' (string expected, got table)", "text is a string")
inside(function() loom.text({ 0, 0 }, "x", { align = "middle" }) end,
       "bad argument #3 to 'text' (field 'align': invalid option 'middle', expected one of: left, "
       .. "center, right)", "align lists its options")
inside(function() loom.line({ 0, 0 }, { 1, 1 }, { fill = "nope" }) end,
       "bad argument #3 to 'line' (field 'fill': invalid color 'nope', expected \"#rrggbb\", "
       .. "\"#rrggbbaa\" or one of: black, white, gray, grey, red, green, blue, yellow, orange, cyan, "
       .. "magenta, purple, pink, brown)", "fill is a colour")
local big = {}
for i = 1, 4097 do
    big[i] = { math.cos(i), math.sin(i) }
end
inside(function() loom.polygon(big, { fill = true }) end,
       "bad argument #1 to 'polygon' (points of a filled polygon must be at most 4096, got 4097)",
       "a filled polygon has at most 4096 points")

-- a runaway loop is stopped
local ok, err = pcall(frame, function()
    for _ = 1, 10001 do
        loom.line({ 0, 0 }, { 1, 1 })
    end
end)
check(not ok and t.strip_position(err) == "loom.draw drew too much in one picture (at most 10000 "
      .. "shapes and 200000 points): draw less, or plot it with loom.plot",
      "more than 10000 shapes in one picture is an error: " .. tostring(err))
loom.draw = nil

-- an error inside loom.draw propagates, and the primitives close behind it
ok, err = pcall(frame, function() error("broken drawing") end)
loom.draw = nil
check(not ok and err:find("broken drawing", 1, true) ~= nil, "an error in loom.draw propagates")
check_error(function() loom.line({ 0, 0 }, { 1, 1 }) end,
            "loom.line can only be called inside loom.draw", "after a failed loom.draw, drawing is closed")

-- removed particles
local q = world:particle{ pos = { 0, 0 } }
world:remove(q)
inside(function() loom.line(q, { 1, 1 }) end,
       "bad argument #1 to 'line' (start is a removed particle)", "a removed particle is no point")

-- ------------------------------------------------------ trail, arrow --
check(p:trail{ seconds = 1, color = "red", width = 2, fade = false } == p, "p:trail returns p")
shapes = frame(nil)
check(shapes == 0, "a trail with one sample draws nothing yet")
world:step(120)
shapes, points = frame(nil)
check(shapes == 1 and points == 61,
      "after 2 s at 60 steps/s a 1 s trail holds the 61 samples of its last second (got "
      .. tostring(points) .. ")")
check(p:arrow("velocity", { scale = 0.5, color = "green" }) == p, "p:arrow returns p")
p:arrow("force")
p:arrow("acceleration", { width = 4 })
shapes, points = frame(nil)
check(shapes == 4 and points == 61 + 6, "a trail and three arrows")
p:arrow("force", false)
p:trail(false)
shapes, points = frame(nil)
check(shapes == 2 and points == 4, "p:trail(false) and p:arrow(kind, false) remove them")
p:arrow("velocity", false)
p:arrow("acceleration", false)
shapes = frame(nil)
check(shapes == 0, "nothing attached, nothing drawn")

check_error(function() p:trail{ seconds = 0 } end,
            "bad argument #1 to 'trail' (field 'seconds' must be in (0, 3600], got 0)", "seconds > 0")
check_error(function() p:trail{ secs = 1 } end,
            "bad argument #1 to 'trail' (unknown field 'secs')", "a misspelt trail field is an error")
check_error(function() p:arrow("speed") end,
            "bad argument #1 to 'arrow' (invalid option 'speed', expected one of: velocity, force, "
            .. "acceleration)", "arrow kinds are listed")
check_error(function() q:trail() end,
            "calling 'trail' on bad self (attempt to use a removed particle)", "no trail on a removed particle")

-- a strobe: a copy (one circle) every `strobe` seconds of the last `seconds`
local s = world:particle{ pos = { 0, 0 }, vel = { 1, 0 }, radius = 0.1 }
s:trail{ strobe = 0.25, seconds = 1 }
shapes, points = frame(nil)
check(shapes == 1 and points == 1, "a strobe's first copy is taken at once (got " .. shapes .. ")")
world:step(30) -- 0.5 s: copies at 0, 0.25, 0.5
shapes = frame(nil)
check(shapes == 3, "after 0.5 s a strobe of 0.25 s drew 3 copies (got " .. shapes .. ")")
world:step(60) -- 1.5 s: copies at 0.5 .. 1.5 within the last second
shapes = frame(nil)
check(shapes == 5, "copies older than seconds are dropped: 5 over the last 1 s (got " .. shapes .. ")")
s:trail{ strobe = 0.25, seconds = 0.5 }
shapes = frame(nil)
check(shapes == 3, "restyled to 0.5 s, the strobe keeps its newest 3 copies (got " .. shapes .. ")")
s:trail{ seconds = 0.5 }
shapes, points = frame(nil)
check(shapes == 1 and points > 2, "without strobe the trail is a line again")
check_error(function() s:trail{ strobe = 0 } end,
            "bad argument #1 to 'trail' (field 'strobe' must be in (0, 3600], got 0)", "strobe > 0")
check_error(function() s:trail{ strobe = 0.001, seconds = 100 } end,
            "bad argument #1 to 'trail' (field 'strobe' makes 100001 copies over 100 seconds, at "
            .. "most 10000 (a longer strobe or fewer seconds))", "a strobe has at most 10000 copies")
world:remove(s)

-- a trail goes with its particle
local r = world:particle{ pos = { 0, 0 }, vel = { 0, 1 } }
r:trail()
world:step(10)
shapes = frame(nil)
check(shapes == 1, "a default trail is drawn")
world:remove(r)
shapes = frame(nil)
check(shapes == 0, "a removed particle's trail is gone")

-- ------------------------------------------------------------- plot --
local time0 = world:time()
loom.plot("energy", 1.5, { unit = "J", panel = "energies" })
world:step()
loom.plot("energy", 2.5)
loom.plot("x", -1, { color = "red", range = { -2, 2 } })
local series = test_series()
check(#series == 2, "two series")
local e = series[1]
check(e.name == "energy" and e.panel == "energies" and e.unit == "J", "a series keeps name, panel, unit")
check(#e.time == 2 and e.time[1] == time0 and math.abs(e.time[2] - time0 - 1 / 60) < 1e-12,
      "samples are stamped with the world's time")
check(e.value[1] == 1.5 and e.value[2] == 2.5, "samples keep their values")
check(e.color == 0x1F63D6FF, "the first series of a panel is blue")
check(series[2].panel == "x" and series[2].unit == "" and series[2].color == 0xFF0000FF,
      "a series' panel is its name unless given; its colour may be given")
local panel_shapes, panel_texts = test_plot_panels()
check(panel_shapes > 10 and panel_texts >= 4, "the panels draw frames, axes, grid, curves and text")
check(frame(nil) == 0, "the panels are the renderer's, not the scene's drawing")

check_error(function() loom.plot("", 1) end,
            "bad argument #1 to 'plot' (name must be 1 to 100 characters without zero bytes)", "a name")
check_error(function() loom.plot(nil, 1) end,
            "bad argument #1 to 'plot' (string expected, got nil)", "name is a string")
check_error(function() loom.plot("e", 0 / 0) end,
            "bad argument #2 to 'plot' (value must be a finite number, got nan)", "values are finite")
check_error(function() loom.plot("e", 1, { range = { 1, 0 } }) end,
            "bad argument #3 to 'plot' (field 'range' must be {low, high} with finite numbers and low < high)",
            "a range is low < high")
check_error(function() loom.plot("e", 1, { unit = 5 }) end,
            "bad argument #3 to 'plot' (field 'unit' must be a string, got number)", "unit is a string")
check_error(function() loom.plot("e", 1, { units = "J" }) end,
            "bad argument #3 to 'plot' (unknown field 'units' (did you mean 'unit'?))", "a misspelt plot field is an error")
-- against x: options.vs
loom.plot("phase", 0.5, { vs = -1, unit = "m/s", x_label = "x (m)", x_range = { -2, 2 },
                          line = "dashed", marker = "circle", width = 3 })
loom.plot("phase", 0.25, { vs = -0.5 })
series = test_series()
local phase = series[3]
check(phase.name == "phase" and #phase.value == 2 and phase.value[2] == 0.25,
      "a series against x keeps its values")
check(phase.x and phase.x[1] == -1 and phase.x[2] == -0.5, "... and its x, through the C API")
check_error(function() loom.plot("phase", 1) end,
            "loom.plot: series 'phase' plots against x: give vs every time", "vs every time")
check_error(function() loom.plot("energy", 1, { vs = 2 }) end,
            "loom.plot: series 'energy' plots against time: it takes no vs", "no vs on a time series")
check_error(function() loom.plot("late", 1, { vs = 2, panel = "energies" }) end,
            "loom.plot: series 'late' cannot share a panel with series plotted against time "
            .. "(give it a panel of its own)", "a panel plots against time or against x")
check_error(function() loom.plot("e", 1, { vs = 0 / 0 }) end,
            "bad argument #3 to 'plot' (field 'vs' must be a finite number, got nan)", "vs is finite")
check_error(function() loom.plot("e", 1, { x_range = { 2, 1 } }) end,
            "bad argument #3 to 'plot' (field 'x_range' must be {low, high} with finite numbers and low < high)",
            "an x_range is low < high")
check_error(function() loom.plot("e", 1, { line = "wavy" }) end,
            "bad argument #3 to 'plot' (field 'line': invalid option 'wavy', expected one of: "
            .. "default, solid, dashed, dotted, dashdot, none)", "line styles are listed")
check_error(function() loom.plot("e", 1, { marker = "star" }) end,
            "bad argument #3 to 'plot' (field 'marker': invalid option 'star', expected one of: "
            .. "none, circle, square, triangle, diamond, cross, plus)", "markers are listed")
check_error(function() loom.plot("e", 1, { width = 0 }) end,
            "bad argument #3 to 'plot' (field 'width' must be in (0, 20], got 0)", "a width")
check_error(function() loom.plot("e", 1, { x_label = string.rep("x", 41) }) end,
            "bad argument #3 to 'plot' (field 'x_label' must be at most 40 characters)",
            "an x_label is short")
-- options are read raw: a metatable's __index is not consulted
local sneaky = setmetatable({}, { __index = function() error("options must be read raw") end })
check(pcall(loom.plot, "raw", 1, sneaky), "plot options are read without metamethods")

for i = 5, 12 do
    loom.plot("panel " .. i, i)
end
check_error(function() loom.plot("one too many", 1) end,
            "loom.plot: too many panels (at most 12)", "at most 12 panels")
for i = 1, 20 do
    loom.plot("more " .. i, i, { panel = "x" })
end
check_error(function() loom.plot("one more", 1, { panel = "x" }) end,
            "loom.plot: too many series (at most 32)", "at most 32 series")

-- ------------------------------------------------------------- keys --
loom.keys{ a = "add a ball", space = "drop it" }
loom.keys{}
check_error(function() loom.keys("a") end,
            "bad argument #1 to 'keys' (table expected, got string)", "loom.keys takes a table")
check_error(function() loom.keys{ a = 1 } end,
            "bad argument #1 to 'keys' (key 'a' must be described by a string, got number)",
            "a key is described by a string")
check_error(function() loom.keys{ "a" } end,
            "bad argument #1 to 'keys' (keys must be key names (strings), got number)",
            "keys are named")
check_error(function() loom.keys{ [string.rep("k", 24)] = "x" } end,
            "bad argument #1 to 'keys' (key names must be 1 to 23 characters, got '"
            .. string.rep("k", 24) .. "')", "key names are short")
check_error(function() loom.keys{ a = string.rep("x", 80) } end,
            "bad argument #1 to 'keys' (the description of key 'a' must be at most 79 characters)",
            "descriptions are short")
local many = {}
for i = 1, 25 do
    many["k" .. i] = "x"
end
check_error(function() loom.keys(many) end, "bad argument #1 to 'keys' (at most 24 keys)", "at most 24 keys")
