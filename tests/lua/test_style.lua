-- test_style.lua - loom.style{...}: themes and their options, with the exact
-- error messages (the colours themselves are checked in pixels by
-- tests/cli_shading.sh).
local t = require "harness"
local check, check_error = t.check, t.check_error

check(pcall(loom.style, { theme = "dark" }), "theme = 'dark'")
check(pcall(loom.style, { theme = "print" }), "theme = 'print'")
check(pcall(loom.style, { theme = "light", background = "#101010", ink = { 1, 1, 1 }, stick = "red",
                          spring = "orange", pin = "red", rope = "brown", chain = "gray",
                          particle = "blue", grid = "#202020", solid = "#303030",
                          surface = "#406080", weight = 2, scale = 1.5 }),
      "every field at once")
check(pcall(loom.style, {}), "an empty table: the light theme")

check_error(function() loom.style() end,
            "bad argument #1 to 'style' (table expected, got no value)", "style: a table")
check_error(function() loom.style { theme = "sepia" } end,
            "bad argument #1 to 'style' (field 'theme': invalid option 'sepia', expected one of: light, dark, print)",
            "style: theme names listed")
check_error(function() loom.style { colour = "red" } end,
            "bad argument #1 to 'style' (unknown field 'colour')", "style: unknown field")
check_error(function() loom.style { ink = 5 } end,
            "bad argument #1 to 'style' (field 'ink' must be a color string or a table {r, g, b[, a]}, got number)",
            "style: colour type")
check_error(function() loom.style { weight = 0 } end,
            "bad argument #1 to 'style' (field 'weight' must be in [0.25, 4], got 0)", "style: weight range")
check_error(function() loom.style { scale = 0.4 } end,
            "bad argument #1 to 'style' (field 'scale' must be in [0.5, 4], got 0.4)", "style: scale range")
check_error(function() loom.style { scale = "big" } end,
            "bad argument #1 to 'style' (field 'scale' must be a finite number, got string)",
            "style: scale is a number")
check_error(function() loom.style { weight = 0 / 0 } end,
            "bad argument #1 to 'style' (field 'weight' must be a finite number, got nan)",
            "style: weight finite")

