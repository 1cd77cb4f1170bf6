-- test_collide_bodies.lua - collide_bodies = true: a tetrahedron dropped on
-- another lands on it instead of passing into it; its own faces never push
-- it; without the option it falls through (the old behaviour).
local t = require "harness"
local check, check_near = t.check, t.check_near
local rigid = require "loom.rigid"

-- Whether point q is inside the tetrahedron of corners a, b, c, d.
local function signed(a, b, c, d)
    local function sub(p, q) return { p[1] - q[1], p[2] - q[2], p[3] - q[3] } end
    local u, v, w = sub(b, a), sub(c, a), sub(d, a)
    return u[1] * (v[2] * w[3] - v[3] * w[2]) - u[2] * (v[1] * w[3] - v[3] * w[1])
        + u[3] * (v[1] * w[2] - v[2] * w[1])
end
local function pos(p) return { p:pos() } end
local function inside(q, body)
    local x = {}
    for i = 1, 4 do x[i] = pos(body.particles[i]) end
    local whole = signed(x[1], x[2], x[3], x[4])
    local parts = { signed(q, x[2], x[3], x[4]), signed(x[1], q, x[3], x[4]),
                    signed(x[1], x[2], q, x[4]), signed(x[1], x[2], x[3], q) }
    for _, s in ipairs(parts) do
        if s * whole < 0 then return false end
    end
    return true
end

local function drop(collide, integrator)
    local w = loom.world { collide_bodies = collide, integrator = integrator or "verlet" }
    w:plane { point = { 0, 0, 0 }, normal = { 0, 1, 0 }, friction = 0.5 }
    local low = rigid.tetrahedron(w, { center = { 0, 0.15, 0 }, size = 0.5, faces = true })
    local high = rigid.tetrahedron(w, { center = { 0.05, 0.8, 0.02 }, size = 0.4, faces = true,
                                       spin = { 20, 0, 10 } })
    for _, body in ipairs { low, high } do
        for _, p in ipairs(body.particles) do p:set_friction(0.5) end
    end
    local entered = false
    for _ = 1, 180 do
        w:step()
        for _, p in ipairs(high.particles) do
            entered = entered or inside(pos(p), low)
        end
    end
    local function centroid_y(body)
        local y = 0
        for _, p in ipairs(body.particles) do y = y + (select(2, p:pos())) end
        return y / 4
    end
    return entered, centroid_y(high) - centroid_y(low), w, low, high
end

for _, integrator in ipairs { "verlet", "semi_implicit_euler", "rk4" } do
    local entered = drop(true, integrator)
    check(not entered, integrator .. ": no corner of the dropped tetrahedron ever enters the other")
end

-- A tetrahedron of the given corners (mass each) with its four faces.
local function tetra(w, corners, mass)
    local p = {}
    for i, c in ipairs(corners) do
        p[i] = w:particle { pos = c, mass = mass }
        p[i]:set_friction(0.5)
    end
    for i = 1, 4 do
        for j = i + 1, 4 do w:stick(p[i], p[j]) end
    end
    w:face(p[1], p[2], p[3])
    w:face(p[1], p[2], p[4])
    w:face(p[1], p[3], p[4])
    w:face(p[2], p[3], p[4])
    return { particles = p }
end

-- Stacking: a flat-bottomed tetrahedron dropped 0.3 m onto the flat top of
-- another (held still, face up; friction 0.5 on both) lands and stays on it.
for _, integrator in ipairs { "verlet", "semi_implicit_euler", "velocity_verlet", "rk4" } do
    local w = loom.world { collide_bodies = true, integrator = integrator }
    local s = 0.6
    local shelf = tetra(w, { { -s, 1, -s }, { s, 1, -s }, { 0, 1, s }, { 0, 0, 0 } }, 0)
    local top = tetra(w, { { -0.2, 1.3, -0.15 }, { 0.2, 1.3, -0.15 }, { 0, 1.3, 0.2 },
                           { 0, 1.6, 0 } }, 1)
    local lowest, entered, settled = math.huge, false, nil
    for step = 1, 120 do
        if step == 90 then settled = pos(top.particles[4]) end
        w:step()
        for _, p in ipairs(top.particles) do
            lowest = math.min(lowest, (select(2, p:pos())))
            entered = entered or inside(pos(p), shelf)
        end
    end
    check(not entered and lowest > 0.99,
          integrator .. ": a tetrahedron lands on another's top face (lowest corner "
              .. string.format("%.4f", lowest) .. " m, face at 1 m)")
    local now = pos(top.particles[4])
    local moved = math.sqrt((now[1] - settled[1]) ^ 2 + (now[2] - settled[2]) ^ 2
                            + (now[3] - settled[3]) ^ 2)
    check(moved < 1e-3, integrator .. ": and rests there (moved " .. moved .. " m in 0.5 s)")
end
do
    local entered, above = drop(false)
    check(entered or above < 0.1, "without collide_bodies it falls into the other")
end

-- A lone faced tetrahedron with collide_bodies falls exactly as without it
-- (its own faces never push its corners).
do
    local function fall(collide)
        local w = loom.world { collide_bodies = collide }
        local b = rigid.tetrahedron(w, { center = { 0, 2, 0 }, faces = true, spin = { 90, 30, 0 } })
        w:step(60)
        return pos(b.particles[1])
    end
    local a, b = fall(true), fall(false)
    check(a[1] == b[1] and a[2] == b[2] and a[3] == b[3], "its own faces never push a body")
end

-- Momentum: both sides move by their inverse masses.
do
    local w = loom.world { collide_bodies = true, gravity = { 0, 0, 0 } }
    local a = rigid.tetrahedron(w, { center = { 0, 0, 0 }, faces = true })
    local b = rigid.tetrahedron(w, { center = { 0, 0.55, 0 }, vel = { 0, -2, 0 }, faces = true })
    local _, py0 = w:momentum()
    w:step(30)
    local _, py1 = w:momentum()
    check_near(py1, py0, 0.02 * math.abs(py0), "momentum is kept through the collision (2%)")
    local _, va = a.particles[1]:vel()
    check(va < -0.1, "the struck tetrahedron is pushed along")
    check(not inside(pos(b.particles[1]), a), "and the striking one stays out of it")
end

-- Edge across edge: a tetrahedron dropped edge-down across the top edge of
-- another (both in rigid.tetrahedron's pose, whose top and bottom edges
-- cross at right angles) has no corner inside the other, only its edge
-- through the other's edge. It balances there (centroids 2 x 0.177 m + 1 mm
-- apart, one edge's distance from each), tips and falls off, its centroid
-- never nearer than 0.3 m; before edges collided it ended inside the other
-- (centroids 0 m apart).
for _, integrator in ipairs { "euler", "semi_implicit_euler", "verlet", "velocity_verlet", "midpoint", "rk4" } do
    local w = loom.world { collide_bodies = true, integrator = integrator }
    w:plane { point = { 0, 0, 0 }, friction = 0.5 }
    local low = rigid.tetrahedron(w, { center = { 0, 0.18, 0 }, size = 0.5, faces = true })
    local high = rigid.tetrahedron(w, { center = { 0, 0.9, 0 }, size = 0.5, faces = true })
    for _, body in ipairs { low, high } do
        for _, p in ipairs(body.particles) do p:set_friction(0.5) end
    end
    local function centroid(body)
        local c = { 0, 0, 0 }
        for _, p in ipairs(body.particles) do
            local q = pos(p)
            for k = 1, 3 do c[k] = c[k] + q[k] / 4 end
        end
        return c
    end
    local closest, balanced = math.huge, nil
    for step = 1, 120 do
        w:step()
        local a, b = centroid(low), centroid(high)
        closest = math.min(closest, math.sqrt((a[1] - b[1]) ^ 2 + (a[2] - b[2]) ^ 2 + (a[3] - b[3]) ^ 2))
        if step == 30 then balanced = b[2] - a[2] end
    end
    local edge_on_edge = 2 * 0.5 / (2 * math.sqrt(2)) + 1e-3
    check_near(balanced, edge_on_edge, 1e-3, ("%s: a tetrahedron rests edge across edge on another (%.4f m)")
               :format(integrator, balanced))
    check(closest > 0.3, ("%s: and never sinks into it (centroids %.3f m apart at the nearest)")
          :format(integrator, closest))
end

-- A corner already inside another body (sides are judged from the start of
-- a sub-step, so it used to be kept inside for good) is pushed out of the
-- closed body within a step, with every integrator.
for _, integrator in ipairs { "euler", "semi_implicit_euler", "verlet", "velocity_verlet", "midpoint", "rk4" } do
    local w = loom.world { collide_bodies = true, integrator = integrator, gravity = { 0, 0, 0 } }
    local a = rigid.tetrahedron(w, { center = { 0, 0, 0 }, size = 0.5, faces = true })
    -- b's second corner, h (1, -1, -1) from its centre, at (0, 0.05, 0):
    -- inside a, near a's centre; its other three corners outside
    local h = 0.5 / (2 * math.sqrt(2))
    local b = rigid.tetrahedron(w, { center = { -h, 0.05 + h, h }, size = 0.5, faces = true })
    local before = 0
    for _, p in ipairs(b.particles) do
        if inside(pos(p), a) then before = before + 1 end
    end
    w:step()
    local after = 0
    for _, p in ipairs(b.particles) do
        if inside(pos(p), a) then after = after + 1 end
    end
    check(before >= 1 and after == 0,
          ("%s: a corner trapped inside another body is pushed out in one step (%d -> %d inside)")
              :format(integrator, before, after))
end

-- A crowded pile: six tetrahedra in a bin barely wider than two, at the
-- default sub-step and 12 iterations (before: 258 corner-frames inside in
-- 5 s, every one trapped for good), never leave a corner inside another.
do
    local w = loom.world { collide_bodies = true, iterations = 12 }
    w:box { min = { -0.5, 0, -0.4 }, max = { 0.5, 4.6, 0.4 }, friction = 0.6 }
    local bodies = {}
    for i = 1, 6 do
        bodies[i] = rigid.tetrahedron(w, {
            center = { 0.04 * (i % 3) - 0.04, 0.18 + 0.75 * (i - 1), 0.03 * (i % 2) },
            size = 0.5, faces = true, spin = i == 1 and { 0, 0, 0 } or { 30 * i, 45, -20 * i } })
        for _, p in ipairs(bodies[i].particles) do p:set_friction(0.6) end
    end
    local found = 0
    for _ = 1, 300 do
        w:step()
        for i, body in ipairs(bodies) do
            for j, other in ipairs(bodies) do
                if i ~= j then
                    for _, p in ipairs(body.particles) do
                        if inside(pos(p), other) then found = found + 1 end
                    end
                end
            end
        end
    end
    check(found == 0, ("six tetrahedra piled in a bin: no corner inside another at any step (%d)")
          :format(found))
    local nearest = math.huge
    for i = 1, #bodies do
        for j = i + 1, #bodies do
            local a, b = { 0, 0, 0 }, { 0, 0, 0 }
            for k = 1, 4 do
                local pa, pb = pos(bodies[i].particles[k]), pos(bodies[j].particles[k])
                for d = 1, 3 do a[d], b[d] = a[d] + pa[d] / 4, b[d] + pb[d] / 4 end
            end
            nearest = math.min(nearest, math.sqrt((a[1] - b[1]) ^ 2 + (a[2] - b[2]) ^ 2 + (a[3] - b[3]) ^ 2))
        end
    end
    check(nearest > 2 * 0.5 / (2 * math.sqrt(6)),
          ("... nor meshed edge through edge: centroids at least twice the inradius apart (%.3f m)")
              :format(nearest))
end

check(loom.world { collide_bodies = true }:settings().collide_bodies == true,
      "collide_bodies reads back")
t.check_error(function() loom.world { collide_bodies = 1 } end,
              "bad argument #1 to 'world' (field 'collide_bodies' must be a boolean, got number)",
              "collide_bodies is a boolean")

-- No energy from contact: a faced tetrahedron dropped 0.6 m onto two thin
-- frictionless rails (capsules along x) never gains speed along them (it
-- gained 1.2 m/s under Verlet and 4.1 under RK4 when a face crossing a rail's
-- axis was pushed along it), and comes to rest on them, rails 0.3 or 0.24 m
-- apart (the tetrahedron is 0.354 m across at its narrowest), at 1, 2 and 3
-- sub-steps. Wedged between the rails and turning, a face used to cross a
-- rail's axis and be pushed on through it (5 of the 18 runs at 0.3 m fell,
-- 3 of the 6 at 0.24 m and 1 sub-step). Jakobsen's projection, as these
-- runs were measured: at 0.24 m a tetrahedron still falls through at 2
-- sub-steps under either projection, and at 1 sub-step under "shake" with
-- velocity Verlet, midpoint and RK4 (known, not fixed yet).
for _, integrator in ipairs { "euler", "semi_implicit_euler", "verlet", "velocity_verlet", "midpoint", "rk4" } do
    for _, case in ipairs { { 0.15, 1 }, { 0.15, 2 }, { 0.15, 3 }, { 0.12, 1 } } do
        local half, substeps = case[1], case[2]
        local w = loom.world { integrator = integrator, substeps = substeps, projection = "jakobsen" }
        for _, z in ipairs { -half, half } do
            w:capsule { a = { -3, 0, z }, b = { 3, 0, z }, radius = 0.01, friction = 0 }
        end
        local b = rigid.tetrahedron(w, { center = { 0, 0.6, 0 }, faces = true })
        local along, lowest = 0, math.huge
        for _ = 1, 180 do
            w:step()
            local vx, y = 0, 0
            for _, p in ipairs(b.particles) do
                vx = vx + p:vel() / 4
                y = y + (select(2, p:pos())) / 4
            end
            along = math.max(along, math.abs(vx))
            lowest = math.min(lowest, y)
        end
        local name = ("%s, rails %.2f m apart, %d sub-steps"):format(integrator, 2 * half, substeps)
        check(along < 1e-6, ("%s: no speed gained along frictionless rails (%.2g m/s)"):format(name, along))
        check(lowest > -0.05, ("%s: the tetrahedron stays on the rails (centre down to %.3f m)")
              :format(name, lowest))
    end
end

-- rigid.embed_box{ collide = true }: the box's corners collide, carried by
-- the tetrahedron through their weights c1..c4 (Jakobsen fig. 6). The
-- tetrahedron's own corners touch nothing here, so only the box holds it
-- up: it comes to rest flat on the floor, four corners down.
do
    local function drop_box(collide)
        local w = loom.world { substeps = 2 }
        w:plane { point = { 0, 0, 0 }, friction = 0.5 }
        local body = rigid.tetrahedron(w, { center = { 0, 1.5, 0 }, size = 1, spin = { 40, 20, 10 } })
        for _, p in ipairs(body.particles) do p:set_mask {} end
        local a = 1 / (2 * math.sqrt(2))
        local box = rigid.embed_box(w, body, { half = { a * 0.5, a * 0.3, a * 0.2 }, collide = collide })
        local deepest = math.huge
        for _ = 1, 600 do
            w:step()
            box.update(0)
            for _, m in ipairs(box.markers) do deepest = math.min(deepest, (select(2, m:pos()))) end
        end
        local ys = {}
        for _, m in ipairs(box.markers) do ys[#ys + 1] = (select(2, m:pos())) end
        table.sort(ys)
        return ys, deepest
    end
    local ys, deepest = drop_box(true)
    check(deepest > -0.005, ("the box's corners never sink into the floor (deepest %.4f m)"):format(deepest))
    check(ys[4] - ys[1] < 0.01 and ys[5] > 0.1,
          ("it lands flat: four corners on the floor (%.4f .. %.4f m), four up"):format(ys[1], ys[4]))
    local _, fell = drop_box(false)
    check(fell < -1, "without collide the box falls through the floor")
    -- Friction on the box's corners, with every integrator: the box lands
    -- flat on a floor of friction mu, then gravity tilts 30 degrees (the
    -- same as a 30-degree slope). mu = 0.8 (> tan 30) holds it: it creeps
    -- 6 mm/s (it rests on one corner of the four) where frictionless it
    -- slides at 4.9 m/s^2; mu = 0.3 slides at g (sin 30 - mu cos 30) =
    -- 2.356 m/s^2 (measured 2.356 with each).
    local function slope(integrator, mu)
        local w = loom.world { integrator = integrator }
        w:plane { point = { 0, 0, 0 }, friction = mu }
        local body = rigid.tetrahedron(w, { center = { 0, 0.2, 0 }, size = 1 })
        for _, p in ipairs(body.particles) do p:set_mask {} end
        local a = 1 / (2 * math.sqrt(2))
        rigid.embed_box(w, body, { half = { a * 0.5, a * 0.3, a * 0.2 }, collide = true })
        w:step(60)
        local angle = math.rad(30)
        w:set { gravity = { 9.81 * math.sin(angle), -9.81 * math.cos(angle), 0 } }
        local x0 = body.particles[1]:pos()
        w:step(30)
        local x1 = body.particles[1]:pos()
        w:step(30)
        local x2 = body.particles[1]:pos()
        return x2 - x0, ((x2 - x1) - (x1 - x0)) / 0.5 ^ 2 -- second difference: a T^2
    end
    local sliding = 9.81 * (math.sin(math.rad(30)) - 0.3 * math.cos(math.rad(30)))
    for _, integrator in ipairs { "euler", "semi_implicit_euler", "verlet", "velocity_verlet",
                                  "midpoint", "rk4" } do
        local held = slope(integrator, 0.8)
        check(math.abs(held) < 0.01, ("%s: static friction holds the box's corners on a 30-degree slope "
                                      .. "(%.4f m in 1 s)"):format(integrator, held))
        local _, accel = slope(integrator, 0.3)
        check_near(accel, sliding, 0.03 * sliding,
                   ("%s: mu = 0.3 slides at g (sin - mu cos) within 3%% (%.3f m/s^2)"):format(integrator, accel))
    end
    t.check_error(function() rigid.embed_box(loom.world(), rigid.basis(loom.world()), { half = { 1, 1, 1 }, collide = true }) end,
                  "bad argument #3 to 'embed_box' (field 'collide' needs a tetrahedron (its corners carry the box))",
                  "collide needs a tetrahedron")
    local w = loom.world()
    local body = rigid.tetrahedron(w, {})
    t.check_error(function() w:embed_point(body.particles, { 0.5, 0.5, 0.5, 0.5 }) end,
                  "bad argument #2 to 'embed_point' (weights must sum to 1, got 2.0)",
                  "embed_point's weights sum to 1")
    t.check_error(function() w:embed_point({ body.particles[1] }, { 1, 0, 0, 0 }) end,
                  "bad argument #1 to 'embed_point' (needs at least 4 particles, got 1)",
                  "embed_point needs 4 particles")
end
