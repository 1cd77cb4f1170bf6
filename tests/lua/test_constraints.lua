-- test_constraints.lua - rope, angle, area, volume, stick options, breaking,
-- removal, the solver options and stats, the ragdoll and pressure builders,
-- and the exact error message of every new rule.
local t = require "harness"
local check, check_near, check_error = t.check, t.check_near, t.check_error

local function dist(a, b)
    local ax, ay, az = a:pos()
    local bx, by, bz = b:pos()
    return math.sqrt((ax - bx) ^ 2 + (ay - by) ^ 2 + (az - bz) ^ 2)
end

-- ------------------------------------------------------------------ rope --
do
    local w = loom.world { iterations = 20, substeps = 4 }
    local ps = {}
    for i = 1, 10 do ps[i] = w:particle { pos = { 0.02 * i, 0 }, mass = i == 1 and 0 or 1 } end
    local ropes = {}
    for i = 1, 9 do ropes[i] = w:rope(ps[i], ps[i + 1], { max = 0.1 }) end
    check(ropes[1]:kind() == "rope", "world:rope makes a rope")
    local lo, hi = ropes[1]:limits()
    check(lo == 0 and hi == 0.1, "rope limits are min 0, max as given")
    local longest = 0
    for _ = 1, 200 do
        w:step()
        for i = 1, 9 do longest = math.max(longest, dist(ps[i], ps[i + 1])) end
    end
    check(longest <= 0.101, "a falling chain of ropes never exceeds its maximum by 1%")
    check(w:stats().max_error < 1e-3, "stats().max_error reads the error left by the last step")
    check_near(ropes[1]:value(), dist(ps[1], ps[2]), 1e-12, "rope:value() is its length")
    local r = w:rope(ps[1], ps[3], { min = 0.05 })
    lo, hi = r:limits()
    check(lo == 0.05 and math.abs(hi - dist(ps[1], ps[3])) < 1e-12,
          "max defaults to the current distance")
end

-- ---------------------------------------------------- XPBD vs stiffness --
local function stretch(iterations, options)
    local w = loom.world { iterations = iterations, damping = 0.05 }
    local prev = w:particle { pos = { 0, 0 }, mass = 0 }
    for i = 1, 5 do
        local p = w:particle { pos = { 0, -0.1 * i } }
        w:stick(prev, p, options)
        prev = p
    end
    w:step(600)
    local _, y = prev:pos()
    return -y - 0.5
end
do
    local x10, x40 = stretch(10, { compliance = 1e-4 }), stretch(40, { compliance = 1e-4 })
    local p10, p40 = stretch(10, { stiffness = 0.1 }), stretch(40, { stiffness = 0.1 })
    check(math.abs(x10 - x40) <= 0.05 * x40, "XPBD stretch within 5% between 10 and 40 iterations")
    check(math.abs(p10 - p40) > 0.5 * p40, "plain stiffness stretch changes with iterations")
    check_near(x40, 1e-4 * 9.81 * 15, 0.01 * 1e-4 * 9.81 * 15, "XPBD stretch is alpha x load")
end

-- ----------------------------------------------------------------- angle --
do
    local w = loom.world {}
    local a = w:particle { pos = { 0, 0 }, mass = 0 }
    local b = w:particle { pos = { 0.5, 0 } }
    local c = w:particle { pos = { 0.5 + 0.25, 0.5 * math.sin(math.pi / 3) } }
    local angle = w:angle(a, b, c, { min = 90, max = 150 })
    w:stick(a, b)
    w:stick(b, c)
    check(angle:kind() == "angle", "world:angle makes an angle")
    check_near(angle:value(), 120, 1e-9, "angle:value() is in degrees")
    local lo, hi = angle:limits()
    check_near(lo, 90, 1e-12, "angle:limits() in degrees (min)")
    check_near(hi, 150, 1e-12, "angle:limits() in degrees (max)")
    c:set_vel(-5, 3, 0)
    local seen_lo, seen_hi = 180, 0
    for _ = 1, 300 do
        w:step()
        seen_lo = math.min(seen_lo, angle:value())
        seen_hi = math.max(seen_hi, angle:value())
    end
    check(seen_lo >= 88 and seen_hi <= 152, "angle limits hold within 2 degrees")
    check(seen_lo < 92 and seen_hi > 148, "the arm reaches both limits")
    local s = w:angle(a, b, c, { signed = true, min = 150, max = -150 })
    check_near(s:value(), -angle:value(), 1e-9, "a signed angle is negative clockwise")
end

-- ------------------------------------------------ sqrt approximation --
do
    local function projected(d, options, world_options)
        local w = loom.world(world_options or { iterations = 1, substeps = 1, projection = "jakobsen", gravity = { 0, 0, 0 } })
        local a, b = w:particle { pos = { 0, 0 } }, w:particle { pos = { d, 0 } }
        w:stick(a, b, options)
        w:step()
        return dist(a, b)
    end
    local near = projected(1.01, { rest = 1, sqrt_approx = true })
    local far = projected(1.5, { rest = 1, sqrt_approx = true })
    check_near(projected(1.5, { rest = 1 }), 1, 1e-12, "the exact projection reaches the rest length")
    check_near(near, 2 * 1.01 / (1.01 ^ 2 + 1), 1e-12, "sqrt approximation: 2d / (d^2 + 1)")
    check(math.abs(near - 1) < 1e-4 and math.abs(far - 1) > 0.05,
          "its error is small near the rest length and grows away from it")
    check_near(projected(1.5, { rest = 1 }, { iterations = 1, substeps = 1, projection = "jakobsen",
                                              gravity = { 0, 0, 0 }, sqrt_approx = true }),
               far, 1e-15, "world option sqrt_approx applies to every stick")
end

-- -------------------------------------------------------------- tearing --
do
    local w = loom.world { gravity = { 0, 0, 0 } }
    local W, H = 8, 4
    local p = {}
    for i = 1, W do
        p[i] = {}
        for j = 1, H do p[i][j] = w:particle { pos = { 0.1 * i, 0.1 * j } } end
    end
    local sticks = {}
    for i = 1, W do
        for j = 1, H do
            if i < W then sticks[#sticks + 1] = w:stick(p[i][j], p[i + 1][j], { break_strain = 0.2 }) end
            if j < H then sticks[#sticks + 1] = w:stick(p[i][j], p[i][j + 1], { break_strain = 0.2 }) end
        end
    end
    local right = {}
    for j = 1, H do
        w:pin(p[1][j])
        right[j] = w:pin(p[W][j])
    end
    local listed = 0
    for _ = 1, 120 do
        for j = 1, H do
            local x, y = right[j]:target()
            right[j]:set_target(x + 0.005, y)
        end
        w:step()
        for _, s in ipairs(w:broken()) do
            check(s:broken(), "world:broken() lists broken sticks") -- one line per break
            listed = listed + 1
        end
    end
    -- connected parts through the sticks that did not break
    local parent = {}
    local function find(x)
        while parent[x] ~= x do x = parent[x] end
        return x
    end
    for _, q in ipairs(w:particles()) do parent[q] = q end
    local broken = 0
    for _, s in ipairs(sticks) do
        if s:broken() then
            broken = broken + 1
        else
            local a, b = s:particles()
            parent[find(a)] = find(b)
        end
    end
    local parts = 0
    for q in pairs(parent) do if find(q) == q then parts = parts + 1 end end
    check(broken > 0 and broken == listed, "every broken stick was listed once")
    check(parts == 2, "a torn cloth separates into two parts")
    sticks[1]:remove()
    check(not sticks[1]:valid(), "constraint:remove() removes it")
end

-- ------------------------------------------------------ pressure ball --
do
    local pressure = require "loom.pressure"
    local w = loom.world { gravity = { 0, 0, 0 } }
    local ball = pressure.ball(w, { n = 24, radius = 1, stiffness = 0.5 })
    check(#ball.particles == 24 and #ball.skin == 24 and ball.area:kind() == "area",
          "pressure.ball: 24 particles, 24 skin sticks, one area")
    local rest = ball.area:value()
    for _, q in ipairs(ball.particles) do
        local x, y = q:pos()
        q:set_pos(1.3 * x, 0.3 * y)
    end
    check(ball.area:value() < 0.5 * rest, "squashed to under half its area")
    w:step(120)
    check(math.abs(ball.area:value() - rest) <= 0.05 * rest,
          "the pressure ball recovers its area within 5%")
    check(#{ ball.area:particles() } == 24, "area:particles() returns all 24")
    w:remove(ball.particles[1])
    check(not ball.area:valid(), "removing a particle removes the area constraint")
end

-- --------------------------------------------------------------- volume --
do
    local w = loom.world { gravity = { 0, 0, 0 } }
    local v = { { 1, 0, 0 }, { -1, 0, 0 }, { 0, 1, 0 }, { 0, -1, 0 }, { 0, 0, 1 }, { 0, 0, -1 } }
    local ps = {}
    for i, pos in ipairs(v) do ps[i] = w:particle { pos = pos } end
    local tris = { { 1, 3, 5 }, { 3, 2, 5 }, { 2, 4, 5 }, { 4, 1, 5 },
                   { 3, 1, 6 }, { 2, 3, 6 }, { 4, 2, 6 }, { 1, 4, 6 } }
    local vol = w:volume(ps, tris, { scale = 1.5 })
    check_near(vol:value(), 4 / 3, 1e-12, "octahedron volume 4/3")
    w:step(60)
    check_near(vol:value(), 2, 0.02, "the volume inflates to scale x rest")
end

-- -------------------------------------------------------- tetrahedron --
do
    local w = loom.world {}
    w:box { min = { -1, -1, -1 }, max = { 1, 1, 1 }, restitution = 0.5, friction = 0.2 }
    local ps = { w:particle { pos = { 0, 0, 0 }, vel = { 4, 3, 1 } },
                 w:particle { pos = { 0.3, 0, 0 }, vel = { 5, 2, -1 } },
                 w:particle { pos = { 0, 0.3, 0 }, vel = { 3, 5, 2 } },
                 w:particle { pos = { 0, 0, 0.3 }, vel = { 4, 4, -2 } } }
    local edges = {}
    for i = 1, 4 do for j = i + 1, 4 do edges[#edges + 1] = w:stick(ps[i], ps[j]) end end
    local function volume()
        local ax, ay, az = ps[1]:pos()
        local function rel(p) local x, y, z = p:pos() return x - ax, y - ay, z - az end
        local ux, uy, uz = rel(ps[2])
        local vx, vy, vz = rel(ps[3])
        local sx, sy, sz = rel(ps[4])
        return ux * (vy * sz - vz * sy) - uy * (vx * sz - vz * sx) + uz * (vx * sy - vy * sx)
    end
    local worst, sign = 0, true
    for _ = 1, 600 do
        w:step()
        for _, e in ipairs(edges) do worst = math.max(worst, e:error() / e:rest()) end
        sign = sign and volume() > 0
    end
    check(worst <= 0.01, "a thrown tetrahedron keeps its edges within 1%")
    check(sign, "and its volume sign")
end

-- ------------------------------------------------------------- ragdoll --
do
    local ragdoll = require "loom.ragdoll"
    local w = loom.world { substeps = 2 }
    w:box { min = { -3, 0, -1 }, max = { 3, 3, 1 }, friction = 0.5 }
    local r = ragdoll.new(w, { pos = { 0, 0.8 } })
    check(#r.particles == 11 and #r.bones == 10 and #r.joints == 9,
          "ragdoll: 11 particles, 10 bones, 9 joint limits")
    for _, q in ipairs(r.particles) do q:set_vel(1, 0, 0) end
    local worst = 0
    for _ = 1, 240 do
        w:step()
        for _, j in ipairs(r.joints) do worst = math.max(worst, j:error()) end
    end
    check(worst <= 2 * math.pi / 180, "ragdoll joint limits hold within 2 degrees")
    local _, y = r.parts.head:pos()
    check(y < 0.5, "the ragdoll fell to the floor")
    local free = ragdoll.new(loom.world(), { limits = false })
    check(#free.joints == 0, "limits = false makes no joint limits")
    check_error(function() ragdoll.new(w, { height = -1 }) end,
                "bad argument #2 to 'new' (field 'height' must be > 0, got -1)", "ragdoll height")
    check_error(function() ragdoll.new(w, { lims = 1 }) end,
                "bad argument #2 to 'new' (unknown field 'lims' (did you mean 'limits'?))", "ragdoll unknown field")
    check_error(function() ragdoll.new(5) end,
                "bad argument #1 to 'new' (world expected, got number)", "ragdoll world")
    check_error(function() ragdoll.new(w, { color = "#12" }) end,
                "bad argument #2 to 'new' (field 'color': invalid color '#12', expected \"#rrggbb\", "
                    .. "\"#rrggbbaa\" or one of: black, white, gray, grey, red, green, blue, yellow, "
                    .. "orange, cyan, magenta, purple, pink, brown)",
                "ragdoll passes a bad colour on as its own argument error")
    local pressure = require "loom.pressure"
    check_error(function() pressure.ball(w, { n = 2 }) end,
                "bad argument #2 to 'ball' (field 'n' must be in [3, 100000], got 2)", "pressure n")
    check_error(function() pressure.ball(w, { n = 1 / 0 }) end,
                "bad argument #2 to 'ball' (field 'n' must be an integer, got inf)", "pressure n inf")
    check_error(function() pressure.ball(w, { stiffness = 2 }) end,
                "bad argument #2 to 'ball' (field 'stiffness' must be in (0, 1], got 2)",
                "pressure stiffness")
end

-- ------------------------------------------------ solver and its stats --
do
    -- Jakobsen's adaptive sweeps (SHAKE solves these sticks exactly in one)
    local w = loom.world { iterations = 200, tolerance = 1e-5, damping = 0.1, substeps = 1,
                           projection = "jakobsen" }
    local prev = w:particle { pos = { 0, 0 }, mass = 0 }
    for i = 1, 6 do
        local p = w:particle { pos = { 0, -0.1 * i } }
        w:stick(prev, p)
        prev = p
    end
    w:step(60)
    local s = w:stats()
    check(s.sweeps < 200 and s.sweeps >= 1, "tolerance stops the sweeps early")
    check(s.last_correction < 1e-5, "the last sweep moved less than the tolerance")
    check(s.projections == s.sweeps * s.constraints, "projections = sweeps x constraints")
    local settings = w:settings()
    check(settings.tolerance == 1e-5 and settings.sqrt_approx == false, "settings show the options")
    w:set { tolerance = 0, sqrt_approx = true }
    w:step()
    check(w:stats().sweeps == 200 and w:settings().sqrt_approx, "tolerance 0 sweeps every iteration")
end

-- ------------------------------------------------------------- errors --
do
    local w = loom.world()
    local a, b, c = w:particle {}, w:particle { pos = { 1, 0 } }, w:particle { pos = { 1, 1 } }
    local other = loom.world():particle {}
    local function err(fn, message, name) check_error(fn, message, name or message) end

    err(function() loom.world { tolerance = -1 } end,
        "bad argument #1 to 'world' (field 'tolerance' must be >= 0, got -1)")
    err(function() loom.world { sqrt_approx = 1 } end,
        "bad argument #1 to 'world' (field 'sqrt_approx' must be a boolean, got number)")
    err(function() w:stick(a, b, { compliance = -1 }) end,
        "bad argument #3 to 'stick' (field 'compliance' must be >= 0, got -1)")
    err(function() w:stick(a, b, { compliance = 1e-3, stiffness = 0.5 }) end,
        "bad argument #3 to 'stick' (field 'compliance' cannot be combined with field 'stiffness')")
    err(function() w:stick(a, b, { break_strain = 0 }) end,
        "bad argument #3 to 'stick' (field 'break_strain' must be > 0, got 0)")
    err(function() w:stick(a, b, { sqrt_approx = "yes" }) end,
        "bad argument #3 to 'stick' (field 'sqrt_approx' must be a boolean, got string)")
    err(function() w:stick(a, b, { brake_strain = 1 }) end,
        "bad argument #3 to 'stick' (unknown field 'brake_strain' (did you mean 'break_strain'?))")

    err(function() w:rope(a, a) end,
        "bad argument #2 to 'rope' (a rope needs two different particles)")
    err(function() w:rope(a, nil) end, "bad argument #2 to 'rope' (particle expected, got nil)")
    err(function() w:rope(a, other) end,
        "bad argument #2 to 'rope' (particle belongs to another world)")
    err(function() w:rope(a, b, { max = -1 }) end,
        "bad argument #3 to 'rope' (field 'max' must be >= 0, got -1)")
    err(function() w:rope(a, b, { min = 2 }) end,
        "bad argument #3 to 'rope' (field 'min' must be in [0, 1], got 2)")
    err(function() w:rope(a, b, { max = 0 / 0 }) end,
        "bad argument #3 to 'rope' (field 'max' must be a finite number, got nan)")
    err(function() w:rope(a, b, { stiffness = 0 }) end,
        "bad argument #3 to 'rope' (field 'stiffness' must be in (0, 1], got 0)")

    err(function() w:angle(a, b) end, "bad argument #3 to 'angle' (particle expected, got no value)")
    err(function() w:angle(a, a, c) end,
        "bad argument #2 to 'angle' (an angle needs three different particles)")
    err(function() w:angle(a, b, a) end,
        "bad argument #3 to 'angle' (an angle needs three different particles)")
    err(function() w:angle(a, b, c, { min = -10 }) end,
        "bad argument #4 to 'angle' (field 'min' must be in [0, 180], got -10)")
    err(function() w:angle(a, b, c, { min = 90, max = 45 }) end,
        "bad argument #4 to 'angle' (field 'max' must be in [90, 180], got 45)")
    err(function() w:angle(a, b, c, { signed = true, min = -200 }) end,
        "bad argument #4 to 'angle' (field 'min' must be in [-180, 180], got -200)")
    err(function() w:angle(a, b, c, { signed = 1 }) end,
        "bad argument #4 to 'angle' (field 'signed' must be a boolean, got number)")
    check(pcall(w.angle, w, a, b, c, { signed = true, min = 150, max = -150 }),
          "a signed range may wrap (min > max)")

    err(function() w:area(5) end, "bad argument #1 to 'area' (table expected, got number)")
    err(function() w:area { a, b } end, "bad argument #1 to 'area' (needs at least 3 particles, got 2)")
    err(function() w:area { a, b, 7 } end,
        "bad argument #1 to 'area' (element [3] must be a particle, got number)")
    err(function() w:area { a, b, other } end,
        "bad argument #1 to 'area' (element [3] belongs to another world)")
    local gone = w:particle {}
    w:remove(gone)
    err(function() w:area { a, b, gone } end,
        "bad argument #1 to 'area' (element [3] is a removed particle)")
    err(function() w:area { a, b, w:particle { pos = { 2, 0 } } } end,
        "bad argument #1 to 'area' (the particles enclose no area)")
    err(function() w:area({ a, b, c }, { scale = 0 }) end,
        "bad argument #2 to 'area' (field 'scale' must be > 0, got 0)")
    err(function() w:area({ a, b, c }, { pressure = 2 }) end,
        "bad argument #2 to 'area' (unknown field 'pressure')")

    local d = w:particle { pos = { 0, 0, 1 } }
    err(function() w:volume({ a, b, c, d }, { { 1, 2, 3 } }) end,
        "bad argument #2 to 'volume' (needs at least 4 triangles, got 1)")
    err(function() w:volume({ a, b, c, d }, { { 1, 2, 3 }, { 1, 2 }, { 1, 2, 4 }, { 2, 3, 4 } }) end,
        "bad argument #2 to 'volume' (triangle [2] must be a table of 3 indices)")
    err(function() w:volume({ a, b, c, d }, { { 1, 2, 3 }, { 1, 3, 9 }, { 1, 2, 4 }, { 2, 3, 4 } }) end,
        "bad argument #2 to 'volume' (triangle [2] index 3 must be an integer in [1, 4])")
    err(function() w:volume({ a, b, c, d }, { { 1, 2, 3 }, { 1, 2, 3 }, { 1, 2, 3 }, { 1, 2, 3 } }) end,
        "bad argument #2 to 'volume' (the particles enclose no volume)")

    local rope = w:rope(a, b)
    local stick = w:stick(a, c)
    err(function() stick:limits() end,
        "calling 'limits' on bad self (rope or angle expected, got stick)")
    err(function() rope:rest() end, "calling 'rest' on bad self (stick expected, got rope)")
    rope:remove()
    err(function() rope:broken() end, "calling 'broken' on bad self (attempt to use a removed constraint)")
    err(function() rope:remove() end, "calling 'remove' on bad self (attempt to use a removed constraint)")
    check(stick:broken() == false, "an unbroken stick says so")
    check(#w:broken() == 0, "nothing broken before any step")
    w:force(function() stick:remove() end)
    err(function() w:step() end, "cannot remove from a world from inside its own force callback")
end

-- c:force(): a stick's tension from its multiplier. At the bottom of a swing
-- from 90 degrees a pendulum's stick pulls with 3 m g; a rope holding a
-- weight still pulls with its weight, a slack one with 0; a pin has none.
do
    local w = loom.world { projection = "shake", substeps = 4 }
    local pivot = w:particle { mass = 0 }
    local bob = w:particle { pos = { 1, 0 }, mass = 2 }
    local s = w:stick(pivot, bob)
    check(s:force() == nil, "no tension before the first step")
    local lowest, pull = 0, 0
    for _ = 1, 60 do
        w:step()
        local _, y = bob:pos()
        if y < lowest then
            lowest, pull = y, s:force()
        end
    end
    check_near(pull, 3 * 2 * 9.81, 0.01 * 3 * 2 * 9.81, "at the bottom the stick pulls with 3 m g")
    local rope = w:rope(w:particle { pos = { 3, 0 }, mass = 0 }, w:particle { pos = { 3, -0.5 } },
                        { max = 1 })
    w:step()
    check(rope:force() == 0, "a slack rope pulls with 0 N")
    w:step(120)
    check_near(rope:force(), 9.81, 1e-6, "a rope holding 1 kg pulls with m g")
    local pin = w:pin(bob)
    check_error(function() pin:force() end,
                "calling 'force' on bad self (stick or rope expected, got pin)",
                "only sticks and ropes have a tension")
    local relaxed = loom.world { projection = "jakobsen" }
    local hung = relaxed:stick(relaxed:particle { mass = 0 }, relaxed:particle { pos = { 0, -1 } })
    relaxed:step()
    check(hung:force() == nil, "Jakobsen's projection keeps no multiplier: nil")
end
