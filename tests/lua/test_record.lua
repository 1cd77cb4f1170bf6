-- test_record.lua - loom.record: the exact message of every argument rule,
-- options read raw (no script code runs while they are read), and the
-- limits. What it writes is checked through --csv in tests/cli_csv.sh.
local t = require "harness"
local check, check_error = t.check, t.check_error

loom.world{ gravity = { 0, 0, 0 } }

check_error(function() loom.record(nil, 1) end,
            "bad argument #1 to 'record' (string expected, got nil)", "the name is a string")
check_error(function() loom.record("", 1) end,
            "bad argument #1 to 'record' (name must be 1 to 100 characters without zero bytes)",
            "the name is not empty")
check_error(function() loom.record("a\0b", 1) end,
            "bad argument #1 to 'record' (name must be 1 to 100 characters without zero bytes)",
            "the name holds no zero byte")
check_error(function() loom.record(string.rep("n", 101), 1) end,
            "bad argument #1 to 'record' (name must be 1 to 100 characters without zero bytes)",
            "the name is at most 100 characters")
check_error(function() loom.record("h") end,
            "bad argument #2 to 'record' (number or function expected, got no value)",
            "a value is needed")
check_error(function() loom.record("h", "1") end,
            "bad argument #2 to 'record' (number or function expected, got string)",
            "a string is not a number")
check_error(function() loom.record("h", 0 / 0) end,
            "bad argument #2 to 'record' (value must be a finite number, got nan)",
            "the value is finite")
check_error(function() loom.record("h", math.huge) end,
            "bad argument #2 to 'record' (value must be a finite number, got inf)",
            "the value is not infinite")
check_error(function() loom.record("h", 1, 5) end,
            "bad argument #3 to 'record' (table expected, got number)", "the options are a table")
check_error(function() loom.record("h", 1, { units = "m" }) end,
            "bad argument #3 to 'record' (unknown field 'units' (did you mean 'unit'?))",
            "a misspelt option is named")
check_error(function() loom.record("h", 1, { unit = 5 }) end,
            "bad argument #3 to 'record' (field 'unit' must be a string, got number)",
            "the unit is a string")
check_error(function() loom.record("h", 1, { unit = string.rep("m", 41) }) end,
            "bad argument #3 to 'record' (field 'unit' must be at most 40 characters)",
            "the unit is at most 40 characters")

-- Options are read raw: an __index on the options table is never consulted.
local consulted = false
local options = setmetatable({}, { __index = function() consulted = true; return "m" end })
loom.record("raw", 1, options)
check(not consulted, "the options' __index is not run")

check(pcall(loom.record, "height", 1, { unit = "m" }) and pcall(loom.record, "height", 2),
      "numbers are taken, with and without a unit")
check(pcall(loom.record, "column", function() return 1 end)
      and pcall(loom.record, "column", function() return 2 end, { unit = "s" }),
      "a function is taken, and replaced by the next of its name")

loom.plot("energy", 1)
check_error(function() loom.record("energy", 1) end,
            "loom.record: 'energy' is a loom.plot series already (plotted series are in the CSV)",
            "a plotted name is not recorded again")

for i = 1, 29 do
    loom.record("more " .. i, i)
end
check_error(function() loom.record("one too many", 1) end,
            "loom.record: too many columns (at most 32)", "at most 32 columns")
check_error(function() loom.record("one too many", function() return 1 end) end,
            "loom.record: too many columns (at most 32)", "functions count as columns")
check(pcall(loom.record, "more 1", 5) and pcall(loom.record, "column", function() return 3 end),
      "a column already there takes more values when all 32 are used")
