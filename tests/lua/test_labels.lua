-- test_labels.lua - loom.label, loom.title, loom.labels: what a label keeps,
-- its list, and the exact message of every argument rule.
local t = require "harness"
local check, check_near, check_error = t.check, t.check_near, t.check_error

local colors = 'expected "#rrggbb", "#rrggbbaa" or one of: black, white, gray, grey, red, '
    .. 'green, blue, yellow, orange, cyan, magenta, purple, pink, brown'

local world = loom.world{}
local p = world:particle{ pos = { 1, 2, 3 } }

-- ------------------------------------------------------------ defaults --
local a = loom.label{ text = "XPBD, 4 iterations", at = { 1, 2 } }
local got = a:get()
check(got.text == "XPBD, 4 iterations", "label keeps its text")
check(#got.at == 3 and got.at[1] == 1 and got.at[2] == 2 and got.at[3] == 0,
      "a 2D point gets z = 0")
check(got.screen == nil, "a world label has no screen place")
check(got.size == 22 and got.align == "center" and got.panel == true and got.bold == false,
      "defaults: size 22 points, centred, on a panel, regular weight")
check(got.offset[1] == 0 and got.offset[2] == 0, "default offset is none")
check_near(got.color[1], 0x2B / 255, 1e-12, "default colour is the renderer's ink (red)")
check(got.color[4] == 1, "default colour is opaque")
check(tostring(a) == 'label "XPBD, 4 iterations"', "tostring names the text")
check(a:valid(), "a new label is valid")

-- ------------------------------------------------------------- options --
local b = loom.label{ text = "follows", at = p, offset = { 0, 12 }, size = 30, color = "#ff000080",
                      align = "left", panel = false, bold = true }
got = b:get()
check(got.at == p, "a label can follow a particle")
check(got.offset[1] == 0 and got.offset[2] == 12, "offset is kept")
check(got.size == 30 and got.align == "left" and got.panel == false and got.bold == true,
      "size, align, panel and bold are kept")
check(got.color[1] == 1 and got.color[2] == 0 and math.abs(got.color[4] - 128 / 255) < 1e-12,
      "colour #ff000080 is kept")

local s = loom.label{ text = "on the picture", screen = { 0.25, 1 } }
got = s:get()
check(got.screen[1] == 0.25 and got.screen[2] == 1 and got.at == nil, "screen place is kept")

-- set changes the fields given, and can move between world and screen
s:set{ text = "moved", at = { 4, 5, 6 } }
got = s:get()
check(got.text == "moved" and got.at[3] == 6 and got.screen == nil, "set moves a label into the world")
check(got.size == 22, "set keeps the fields it does not name")
b:set{ screen = { 0.5, 0.5 } }
got = b:get()
check(got.screen and got.at == nil and got.text == "follows" and got.size == 30,
      "set moves a following label onto the picture, keeping the rest")
b:set{ at = p }
check(b:get().at == p, "set can follow a particle again")
check(b:set{ size = 10 } == b, "set returns the label")

-- a failed set changes nothing
pcall(function() s:set{ text = "half", size = -1 } end)
check(s:get().text == "moved", "a failed set leaves the label as it was")

-- ---------------------------------------------------------------- list --
local list = loom.labels()
check(#list == 3 and list[1] == a and list[2] == b and list[3] == s, "labels() in creation order")
b:remove()
list = loom.labels()
check(#list == 2 and list[1] == a and list[2] == s, "a removed label leaves the list")
check(not b:valid() and tostring(b) == "removed label", "a removed label is invalid")
check_error(function() b:set{ text = "x" } end,
            "calling 'set' on bad self (attempt to use a removed label)", "set on a removed label")
check_error(function() b:remove() end,
            "calling 'remove' on bad self (attempt to use a removed label)", "removing twice")
check_error(function() b:get() end,
            "calling 'get' on bad self (attempt to use a removed label)", "get on a removed label")
list[1] = nil
check(#loom.labels() == 2, "labels() returns a copy")

-- --------------------------------------------------------------- title --
local title = loom.title("Two ways to be stiff")
got = title:get()
check(got.text == "Two ways to be stiff" and got.screen[1] == 0.5 and got.align == "center"
      and got.bold == true and got.size == 28, "title: centred at the top, bold, 28 points")
local again = loom.title("Renamed", { size = 34, color = "blue" })
check(again == title and title:get().text == "Renamed" and title:get().size == 34,
      "a second title changes the first")
check(#loom.labels() == 3, "a scene has one title")
title:remove()
local third = loom.title("New")
check(third ~= title and third:valid() and #loom.labels() == 3, "a removed title can be made anew")

-- ------------------------------------------------------------- errors --
local function label_error(options, message)
    check_error(function() loom.label(options) end, "bad argument #1 to 'label' (" .. message .. ")",
                "loom.label: " .. message)
end

check_error(function() loom.label() end, "bad argument #1 to 'label' (table expected, got no value)",
            "loom.label()")
check_error(function() loom.label("hi") end,
            "bad argument #1 to 'label' (table expected, got string)", "loom.label('hi')")
label_error({ txt = "a", at = { 0, 0 } }, "unknown field 'txt' (did you mean 'text'?)")
label_error({ at = { 0, 0 } }, "field 'text' must be a string, got nil")
label_error({ text = 5, at = { 0, 0 } }, "field 'text' must be a string, got number")
label_error({ text = "a" }, "needs field 'at' (a point or a particle) or field 'screen'")
label_error({ text = "a", at = { 0, 0 }, screen = { 0, 0 } },
            "fields 'at' and 'screen' cannot both be given")
label_error({ text = "a", at = "here" },
            "field 'at' must be a point {x, y[, z]} or a particle, got string")
label_error({ text = "a", at = world }, "field 'at' must be a point {x, y[, z]} or a particle, got world")
label_error({ text = "a", at = { 0 } }, "field 'at' must be a table of 2 or 3 numbers")
label_error({ text = "a", at = { 0, 0 / 0 } }, "field 'at' must contain finite numbers, got nan")
local screen_rule = "field 'screen' must be a table of 2 numbers in [0, 1] (x from the left, y from the top)"
label_error({ text = "a", screen = { 0.5 } }, screen_rule)
label_error({ text = "a", screen = { 0.5, 1.5 } }, screen_rule)
label_error({ text = "a", screen = { -0.1, 0.5 } }, screen_rule)
label_error({ text = "a", screen = { 0.5, 1 / 0 } }, screen_rule)
label_error({ text = "a", screen = { 0.5, 0.5, 0 } }, screen_rule)
label_error({ text = "a", at = { 0, 0 }, offset = { 1 } },
            "field 'offset' must be a table of 2 finite numbers {right, up}")
label_error({ text = "a", at = { 0, 0 }, offset = { 1, "up" } },
            "field 'offset' must be a table of 2 finite numbers {right, up}")
label_error({ text = "a", at = { 0, 0 }, size = 0 }, "field 'size' must be in (0, 200], got 0")
label_error({ text = "a", at = { 0, 0 }, size = 201 }, "field 'size' must be in (0, 200], got 201")
label_error({ text = "a", at = { 0, 0 }, size = 0 / 0 }, "field 'size' must be a finite number, got nan")
label_error({ text = "a", at = { 0, 0 }, size = "big" },
            "field 'size' must be a finite number, got string")
label_error({ text = "a", at = { 0, 0 }, align = "middle" },
            "field 'align': invalid option 'middle', expected one of: left, center, right")
label_error({ text = "a", at = { 0, 0 }, color = "teal" },
            "field 'color': invalid color 'teal', " .. colors)
label_error({ text = "a", at = { 0, 0 }, panel = 1 }, "field 'panel' must be a boolean, got number")
label_error({ text = "a", at = { 0, 0 }, bold = "yes" }, "field 'bold' must be a boolean, got string")

local gone = world:particle{}
world:remove(gone)
label_error({ text = "a", at = gone }, "field 'at' is a removed particle")

check_error(function() a:set() end, "bad argument #1 to 'set' (table expected, got no value)",
            "set without a table")
check_error(function() a:set{ txt = "x" } end, "bad argument #1 to 'set' (unknown field 'txt' (did you mean 'text'?))",
            "set with an unknown field")
check_error(function() a:set{ size = -2 } end,
            "bad argument #1 to 'set' (field 'size' must be in (0, 200], got -2)", "set checks size")
check_error(function() a:set{ at = { 0, 0 }, screen = { 0, 0 } } end,
            "bad argument #1 to 'set' (fields 'at' and 'screen' cannot both be given)",
            "set checks at and screen together")
check_error(function() a.set(p, {}) end, "bad argument #1 to 'set' (label expected, got particle)",
            "set on a particle")

check_error(function() loom.title() end, "bad argument #1 to 'title' (string expected, got no value)",
            "loom.title()")
check_error(function() loom.title(3) end, "bad argument #1 to 'title' (string expected, got number)",
            "loom.title(3)")
check_error(function() loom.title("x", 3) end, "bad argument #2 to 'title' (table expected, got number)",
            "loom.title with options that are not a table")
check_error(function() loom.title("x", { at = { 0, 0 } }) end,
            "bad argument #2 to 'title' (unknown field 'at')", "a title is on the picture, not in the world")
check_error(function() loom.title("x", { text = "y" }) end,
            "bad argument #2 to 'title' (unknown field 'text')", "a title's text is its first argument")
check_error(function() loom.title("x", { size = 0 }) end,
            "bad argument #2 to 'title' (field 'size' must be in (0, 200], got 0)", "title checks size")

-- ------------------------------------------------------ states are apart --
-- The list is this state's: a label made here is not in a fresh state. (A
-- second state is not reachable from Lua; the per-state registry is what keeps
-- them apart, and the app makes a new state per scene.)
check(#loom.labels() == 3, "the list holds only what this script made")

