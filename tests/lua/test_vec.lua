-- test_vec.lua - loom.vec: arithmetic, methods, use wherever {x, y, z} is
-- taken, p:position() / p:velocity(), and the messages that teach.
local harness = require "harness"
local check, check_near, check_error = harness.check, harness.check_near, harness.check_error
local vec = loom.vec

local a, b = vec(1, 2, 3), vec(4, -5, 6)
check(a.x == 1 and a.y == 2 and a.z == 3, ".x .y .z")
check(vec(1, 2).z == 0, "a missing z is 0")
check(vec { 7, 8 } == vec(7, 8, 0) and vec(a) == a and rawequal(vec(a), a) == false, "from a table, a copy")
check(a + b == vec(5, -3, 9) and a - b == vec(-3, 7, -3), "+ and -")
check(a + { 1, 1, 1 } == vec(2, 3, 4), "a table works as the other operand")
check(a * 2 == vec(2, 4, 6) and 2 * a == vec(2, 4, 6) and a / 2 == vec(0.5, 1, 1.5), "* and / by a number")
check(-a == vec(-1, -2, -3), "unary -")
check(a ~= b and a == vec(1, 2, 3), "== compares the parts")
check(a:dot(b) == 4 - 10 + 18, "dot")
check(vec(1, 0, 0):cross(vec(0, 1, 0)) == vec(0, 0, 1), "cross: x times y is z")
check_near(vec(3, 4):len(), 5, 1e-15, "len")
check_near(vec(3, 4):norm():len(), 1, 1e-15, "norm has length 1")
check(vec(0, 0):norm() == vec(0, 0, 0), "the zero vector stays zero")
check(tostring(vec(1, -0.5, 0)) == "vec(1, -0.5, 0)" and tostring(-vec(0, 0)) == "vec(0, 0, 0)", "tostring")
local x, y, z = a:unpack()
check(x == 1 and y == 2 and z == 3, "unpack")
local c = vec(1, 1)
c.y = 5
check(c == vec(1, 5), "parts can be set")

-- Accepted wherever {x, y, z} is; positions and velocities come back as vecs.
local w = loom.world { gravity = { 0, 0, 0 } }
local p = w:particle { pos = vec(1, 2), vel = vec(0.5, 0, 0) }
check(p:position() == vec(1, 2, 0) and p:velocity() == vec(0.5, 0, 0), "p:position(), p:velocity()")
local px, py, pz = p:pos()
check(px == 1 and py == 2 and pz == 0, "p:pos() still returns numbers")
p:set_pos(vec(3, 4, 5))
check(p:position() == vec(3, 4, 5), "p:set_pos(v)")
p:set_vel(vec(0, 1))
check(p:velocity() == vec(0, 1, 0), "p:set_vel(v)")
local q = w:particle { pos = p:position() + vec(1, 0) }
check(q:position() - p:position() == vec(1, 0, 0), "positions subtract")
w:pin(p, p:position())
w:field("uniform", { force = vec(1, 0, 0) })
loom.camera { target = vec(0, 1) }
check(true, "vecs as pin targets, field options and camera targets")

-- Messages that teach.
check_error(function() return p:pos().x end, "attempt to index a number value", "p:pos().x: Lua's message")
check(getmetatable(0) == nil and getmetatable(0.5) == nil, "numbers have no metatable, as in Lua")
check_error(function() return p - q end,
            "attempt to perform arithmetic on a particle (use p:position() for its position as a vector: "
            .. "a:position() - b:position())", "a particle in arithmetic")
check_error(function() return a:lne() end, "vec has no field 'lne' (did you mean 'len'?)", "misspelt method")
check_error(function() return a * b end,
            "a vec multiplies by a number, not by a vec (use a:dot(b) or a:cross(b) for two vectors)", "vec * vec")
check_error(function() return a + 1 end, "cannot add a vec and a number (both sides must be vectors)", "vec + number")
check_error(function() return a / a end, "a vec divides by a number, not by a vec", "vec / vec")
check_error(function() a.w = 1 end, "a vec has only x, y and z", "setting an unknown part")
check_error(function() a.x = 0 / 0 end, "a vec's x must be a finite number", "setting a part to nan")
check_error(function() vec(1) end, "bad argument #2 to 'vec' (number expected, got no value)",
            "vec needs y")
check_error(function() vec(1, 0 / 0) end, "bad argument #2 to 'vec' (y must be a finite number, got nan)", "finite")
check_error(function() w:particle { pos = vec(1, 0) / 0 } end,
            "bad argument #1 to 'particle' (field 'pos' must contain finite numbers, got inf)",
            "an infinite vec is refused like a table")
