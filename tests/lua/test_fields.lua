-- lua_runner: --trust (this test uses debug.getinfo)
-- test_fields.lua - world:field: Lua fields against the same law in C, how
-- often they are called, the built-in laws against their closed forms, the
-- particle sets, and the error messages.
local harness = require "harness"
local check, check_near, check_error = harness.check, harness.check_near, harness.check_error

local function ring(world, n)
    local ps = {}
    for i = 1, n do
        local a = 2 * math.pi * i / n
        ps[i] = world:particle { pos = { math.cos(a) * (0.5 + i / n), math.sin(a), 0.1 * i } }
    end
    return ps
end

-- A vortex written in Lua moves the particles exactly as the C vortex does.
for _, integrator in ipairs { "verlet", "midpoint", "rk4" } do
    local a = loom.world { gravity = { 0, 0, 0 }, integrator = integrator }
    local b = loom.world { gravity = { 0, 0, 0 }, integrator = integrator }
    local pa, pb = ring(a, 20), ring(b, 20)
    a:field("vortex", { strength = 3, radius = 0.5 })
    b:field(function(x, y, z, vx, vy, vz, time, i)
        local c = 3 * 1 * 2 * 0.5 / (x * x + y * y + 0.5 * 0.5)
        return -y * c, x * c, 0
    end)
    a:step(30)
    b:step(30)
    local same = true
    for i = 1, #pa do
        local ax, ay, az = pa[i]:pos()
        local bx, by, bz = pb[i]:pos()
        same = same and ax == bx and ay == by and az == bz
    end
    check(same, "a Lua vortex matches the C vortex bit for bit (" .. integrator .. ")")
end

-- Called once per particle per force evaluation: 1, 2 and 4 per step.
for integrator, per_step in pairs { verlet = 1, midpoint = 2, rk4 = 4 } do
    local w = loom.world { integrator = integrator, substeps = 1 }
    ring(w, 7)
    w:particle { pos = { 5, 5 }, mass = 0 } -- immovable: skipped
    local calls, times = 0, {}
    w:field(function(x, y, z, vx, vy, vz, time, i)
        calls = calls + 1
        times[time] = true
        return 0, 0, 0
    end)
    w:step(3)
    check(calls == 7 * 3 * per_step, integrator .. ": called at every stage (" .. calls .. " calls)")
    local stages = 0
    for _ in pairs(times) do stages = stages + 1 end
    check(integrator ~= "rk4" or stages == 7, integrator .. ": stage times are the stages' own")
end

-- The arguments: position, velocity, time, the particle's number.
do
    local w = loom.world { gravity = { 0, 0, 0 }, integrator = "euler", substeps = 1 }
    w:particle { pos = { 9, 9 } }
    local p = w:particle { pos = { 1, 2, 3 }, vel = { 4, 5, 6 }, mass = 2 }
    local seen
    w:field(function(...) seen = { ... }; return 1, 2, 3 end, { particles = p })
    w:step()
    check(seen[1] == 1 and seen[2] == 2 and seen[3] == 3 and seen[4] == 4 and seen[5] == 5
          and seen[6] == 6 and seen[7] == 0 and seen[8] == 2 and #seen == 8,
          "fn gets x, y, z, vx, vy, vz, t, i")
    local vx, _, vz = p:vel()
    check_near(vx, 4 + 0.5 / 60, 1e-12, "the returned force acts (f / m dt)")
    check_near(vz, 6 + 1.5 / 60, 1e-12, "the returned force acts in z")
end

-- Built-in laws against their closed forms: one explicit Euler step from rest
-- gives v = f / m dt.
local function kick(kind, options, pos, vel, mass)
    local w = loom.world { gravity = { 0, 0, 0 }, integrator = "euler", dt = 0.01, substeps = 1 }
    local p = w:particle { pos = pos, vel = vel or { 0, 0, 0 }, mass = mass or 1 }
    w:field(kind, options)
    local vx0, vy0, vz0 = p:vel()
    w:step()
    local vx, vy, vz = p:vel()
    local m = mass or 1
    return (vx - vx0) * m / 0.01, (vy - vy0) * m / 0.01, (vz - vz0) * m / 0.01
end
do
    local fx, fy, _
    fx, fy = kick("uniform", { accel = { 0, 2 }, force = { 1, 0 } }, { 0, 0 }, nil, 3)
    check_near(fx, 1, 1e-9, "uniform: force in N")
    check_near(fy, 6, 1e-9, "uniform: accel times mass")
    fx = kick("attractor", { at = { 0, 0 }, strength = 2 }, { 2, 0 })
    check_near(fx, -2 / 4, 1e-9, "attractor: strength m / r^2 towards the point")
    fx = kick("attractor", { at = { 0, 0 }, strength = -2, falloff = 1 }, { 2, 0 })
    check_near(fx, 1, 1e-9, "repeller with falloff 1: strength m / r away")
    fx = kick("attractor", { at = { 0, 0 }, strength = 2, radius = 1 }, { 0.5, 0 })
    check_near(fx, -1, 1e-9, "attractor inside radius: linear in r")
    fx, fy = kick("vortex", { strength = 2, radius = 1 }, { 1, 0 })
    check(math.abs(fx) < 1e-12, "vortex: no radial force")
    check_near(fy, 2, 1e-9, "vortex: strength m at r = radius, counter-clockwise about +z")
    _, fy = kick("vortex", { strength = 2, radius = 1, axis = { 0, 0, -1 } }, { 3, 0 })
    check_near(fy, -2 * 2 * 3 / 10, 1e-9, "vortex: 2 s r R / (r^2 + R^2), turning with the axis")
    fx, fy = kick("drag", { linear = 0.5, quadratic = 0.25 }, { 0, 0 }, { 3, 4 })
    check_near(fx, -(0.5 + 0.25 * 5) * 3, 1e-9, "drag: -(linear + quadratic |v|) v")
    check_near(fy, -(0.5 + 0.25 * 5) * 4, 1e-9, "drag: y")
    fx, fy = kick("wind", { velocity = { 2, 0 }, k = 0.5 }, { 0, 0 }, { 0, 1 })
    check_near(fx, 1, 1e-9, "wind: k (w - v)")
    check_near(fy, -0.5, 1e-9, "wind: k (w - v) in y")
end

-- Turbulence: deterministic for a seed, different for another, bounded.
do
    local function gusty(seed)
        local w = loom.world { gravity = { 0, 0, 0 }, substeps = 1 }
        local ps = ring(w, 10)
        w:field("wind", { velocity = { 1, 0 }, turbulence = 2, scale = 0.3, seed = seed })
        w:step(20)
        local out = {}
        for i, p in ipairs(ps) do out[i] = select(2, p:pos()) end
        return out
    end
    local a, b, c = gusty(1), gusty(1), gusty(2)
    local same, differ = true, false
    for i = 1, #a do
        same = same and a[i] == b[i]
        differ = differ or a[i] ~= c[i]
    end
    check(same, "wind turbulence is deterministic")
    check(differ, "another seed gives other gusts")
end

-- Sets: a list of particles, one group; removed particles are skipped.
do
    local w = loom.world { gravity = { 0, 0, 0 }, substeps = 1 }
    w:particle { pos = { 0, 0 }, group = 3 }
    local b = w:particle { pos = { 1, 0 } }
    local c = w:particle { pos = { 2, 0 }, group = 3 }
    local seen = {}
    w:field(function(x, y, z, vx, vy, vz, time, i) seen[i] = (seen[i] or 0) + 1 end, { group = 3 })
    local listed = {}
    w:field(function(x, y, z, vx, vy, vz, time, i) listed[i] = true end, { particles = { b, c } })
    w:remove(c)
    w:step()
    check(seen[1] == 1 and seen[2] == nil and seen[3] == nil, "group = 3 acts on its group only")
    check(listed[2] and not listed[1] and not listed[3], "particles = {...}; removed ones skipped")
    local f = w:field("drag", { linear = 1 })
    check(f:kind() == "field" and f:valid(), "a field is a force handle")
    w:remove(f)
    check(not f:valid(), "and is removed like one")
end

-- Errors.
do
    local w = loom.world { substeps = 1 }
    w:particle { pos = { 0, 0 } }
    local line = debug.getinfo(1, "l").currentline + 1
    local f = w:field(function(x) return x + nil end)
    local ok, message = pcall(w.step, w)
    check(not ok and message:find("test_fields.lua:" .. line .. ": attempt to perform arithmetic on a nil value", 1, true),
          "an error inside fn carries the scene's file:line: " .. tostring(message))
    w:remove(f)
    line = debug.getinfo(1, "l").currentline + 1
    f = w:field(function() return "x" end)
    ok, message = pcall(w.step, w)
    check(not ok and message == "tests/lua/test_fields.lua:" .. line
          .. ": field function must return numbers fx, fy, fz, got string for fx of particle#1",
          "a wrong result names the function's line: " .. tostring(message))
    w:remove(f)
    line = debug.getinfo(1, "l").currentline + 1
    f = w:field(function() return 0, 0 / 0 end)
    ok, message = pcall(w.step, w)
    check(not ok and message == "tests/lua/test_fields.lua:" .. line
          .. ": field function returned fy = nan for particle#1 (forces must be finite)",
          "a non-finite force is refused: " .. tostring(message))
    w:remove(f)
    check(w:step() == nil, "the world steps again once the field is gone")

    check_error(function() w:field(42) end,
                "bad argument #1 to 'field' (function or string expected, got number)", "fn type")
    check_error(function() w:field("vortx") end,
                "bad argument #1 to 'field' (invalid option 'vortx', expected one of: uniform, wind, attractor, vortex, drag)",
                "unknown kind")
    check_error(function() w:field("vortex", { strenght = 1 }) end,
                "bad argument #2 to 'field' (unknown field 'strenght' (did you mean 'strength'?))", "unknown option")
    check_error(function() w:field("attractor", { radius = 0 }) end,
                "bad argument #2 to 'field' (field 'radius' must be > 0, got 0)", "radius > 0")
    check_error(function() w:field("vortex", { axis = { 0, 0, 0 } }) end,
                "bad argument #2 to 'field' (field 'axis' must not be zero)", "zero axis")
    check_error(function() w:field(print, { particles = { 1 } }) end,
                "bad argument #2 to 'field' (field 'particles' must be a table of particles, got number at [1])",
                "particles holds particles")
    check_error(function() w:field(print, { particles = loom.world():particle {} }) end,
                "bad argument #2 to 'field' (field 'particles' holds a particle of another world at [1])",
                "particles of this world")
    check_error(function() w:field("drag", { linear = -1 }) end,
                "bad argument #2 to 'field' (field 'linear' must be >= 0, got -1)", "drag >= 0")
end
