-- test_param.lua - loom.param without a host's --set values: the default,
-- its type, a second declaration, and the argument errors. (What --set gives,
-- and the exit status of values that do not fit, are in tests/cli_pipeline.sh.)
local harness = require "harness"
local check, check_error = harness.check, harness.check_error

local k = loom.param("k", 10, { min = 1, max = 100, step = 1, label = "stiffness" })
check(k == 10 and math.type(k) == "integer", "a number parameter returns its integer default")
local d = loom.param("damping", 0.25, { min = 0, max = 1 })
check(d == 0.25 and math.type(d) == "float", "a float default stays a float")
check(loom.param("wind", false) == false, "a boolean parameter returns its default")
check(loom.param("title", "cloth") == "cloth", "a string parameter returns its default")
check(loom.param("k", 99) == 10, "asking again for a name returns the first value")
check(loom.param("x.y_2", 1) == 1, "names may hold digits, '_' and '.'")
check(loom.param("k") == 10 and math.type(loom.param("k")) == "integer",
      "loom.param(name) alone reads a declared parameter")
check(loom.param("title") == "cloth", "... of any type")
local g = loom.param("g", 9.81, { min = 0, max = 20, live = true })
check(g == 9.81 and loom.param("g") == 9.81, "a live parameter returns its default without a host")

check_error(function() loom.param() end, "bad argument #1 to 'param' (string expected, got no value)",
            "no name")
check_error(function() loom.param("", 1) end,
            "bad argument #1 to 'param' (a name of letters, digits, '_' and '.' expected)", "an empty name")
check_error(function() loom.param("a=b", 1) end,
            "bad argument #1 to 'param' (a name of letters, digits, '_' and '.' expected)", "a name with '='")
check_error(function() loom.param("n") end,
            "bad argument #2 to 'param' (number, boolean or string expected, got no value)", "no default")
check_error(function() loom.param("n", {}) end,
            "bad argument #2 to 'param' (number, boolean or string expected, got table)", "a table default")
check_error(function() loom.param("n", math.huge) end,
            "bad argument #2 to 'param' (default must be a finite number, got inf)", "an infinite default")
check_error(function() loom.param("n", 1, 5) end, "bad argument #3 to 'param' (table expected, got number)",
            "options that are not a table")
check_error(function() loom.param("n", 1, { min = 0 }) end,
            "bad argument #3 to 'param' (give both min and max, or neither)", "min without max")
check_error(function() loom.param("n", 1, { min = 2, max = 1 }) end,
            "bad argument #3 to 'param' (min must be less than max)", "min above max")
check_error(function() loom.param("n", 5, { min = 0, max = 1 }) end,
            "bad argument #2 to 'param' (the default must be between min and max)", "a default out of range")
check_error(function() loom.param("n", "a", { min = 0, max = 1 }) end,
            "bad argument #3 to 'param' (min, max and step are for a number parameter)", "a range for a string")
check_error(function() loom.param("n", 1, { min = 0, max = 2, step = 0 }) end,
            "bad argument #3 to 'param' (field 'step' must be > 0)", "a zero step")
check_error(function() loom.param("n", 1, { min = 0, max = 2, label = 3 }) end,
            "bad argument #3 to 'param' (field 'label' must be a string)", "a number label")
check_error(function() loom.param("n", 1, { mni = 0 }) end,
            "bad argument #3 to 'param' (unknown field 'mni' (did you mean 'min'?))", "a misspelt field")
check_error(function() loom.param("n", 1, { live = true }) end,
            "bad argument #3 to 'param' (live is for a number parameter with min and max)", "live without a range")
check_error(function() loom.param("n", "a", { live = true }) end,
            "bad argument #3 to 'param' (live is for a number parameter with min and max)", "a live string")
check_error(function() loom.param("n", 1, { min = 0, max = 2, live = "yes" }) end,
            "bad argument #3 to 'param' (field 'live' must be a boolean, got string)", "live not a boolean")
check(loom.param("n", 7) == 7, "a name whose declarations failed can still be declared")

