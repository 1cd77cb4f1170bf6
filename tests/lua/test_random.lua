-- test_random.lua - loom.random (math.random's contract, on loom's own
-- generator) and loom.noise (smooth gradient noise in [-1, 1]).
local harness = require "harness"
local check, check_error = harness.check, harness.check_error

-- The contract.
local ok_float, ok_int, ok_range, seen = true, true, true, {}
for _ = 1, 2000 do
    local x = loom.random()
    ok_float = ok_float and math.type(x) == "float" and x >= 0 and x < 1
    local k = loom.random(6)
    ok_int = ok_int and math.type(k) == "integer" and k >= 1 and k <= 6
    seen[k] = true
    local m = loom.random(-3, 3)
    ok_range = ok_range and m >= -3 and m <= 3
end
check(ok_float, "loom.random() is a float in [0, 1)")
check(ok_int and #seen == 6, "loom.random(6) gives every integer 1..6 and nothing else")
check(ok_range, "loom.random(-3, 3) stays in [-3, 3]")
check(loom.random(5, 5) == 5, "a one-value interval")
check(math.type(loom.random(0)) == "integer", "loom.random(0) is a whole random integer, as math.random(0)")
local sum = 0
for _ = 1, 10000 do sum = sum + loom.random() end
check(math.abs(sum / 10000 - 0.5) < 0.02, "the mean of 10000 draws is near 0.5: " .. sum / 10000)
check_error(function() loom.random(0, -1) end, "bad argument #2 to 'random' (interval is empty)",
            "an empty interval")
check_error(function() loom.random(-1) end, "bad argument #1 to 'random' (interval is empty)",
            "an empty interval, one argument")
check_error(function() loom.random(1.5) end,
            "bad argument #1 to 'random' (number has no integer representation)", "not an integer")
check_error(function() loom.random(1, 2, 3) end, "wrong number of arguments", "three arguments")

-- Noise: bounded, 0 at lattice points, smooth, not trivial, deterministic.
local low, high, bounded, lattice_zero, smooth = 0, 0, true, true, true
for i = 0, 2000 do
    local x, y, z = i * 0.0731, i * 0.0457 - 3, i * 0.0123
    local n = loom.noise(x, y, z)
    bounded = bounded and n >= -1 and n <= 1
    low, high = math.min(low, n), math.max(high, n)
    smooth = smooth and math.abs(loom.noise(x + 1e-4, y, z) - n) < 1e-3
    lattice_zero = lattice_zero and loom.noise(i % 17, i % 5, i % 3) == 0
end
check(bounded, "loom.noise stays in [-1, 1]")
check(low < -0.4 and high > 0.4, ("loom.noise spreads over its range (%.2f .. %.2f)"):format(low, high))
check(lattice_zero, "loom.noise is 0 at integer points (gradient noise)")
check(smooth, "loom.noise is continuous: a step of 1e-4 changes it by less than 1e-3")
check(loom.noise(0.3) == loom.noise(0.3, 0, 0) and loom.noise(0.3, 0.2) == loom.noise(0.3, 0.2, 0),
      "missing y and z are 0")
check(loom.noise(1.7, 2.2, 0.5) == loom.noise(1.7, 2.2, 0.5), "the same point gives the same value")
check_error(function() loom.noise(0 / 0) end, "bad argument #1 to 'noise' (x must be a finite number, got nan)",
            "noise: finite x")
check_error(function() loom.noise() end, "bad argument #1 to 'noise' (number expected, got no value)",
            "noise: x is required")
