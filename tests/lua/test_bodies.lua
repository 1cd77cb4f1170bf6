-- test_bodies.lua - the body builders: cloth (kinds, mesh), rope, plant,
-- rigid, goal. Physical checks with tolerances, and their argument errors.
local t = require "harness"
local check, check_near, check_error = t.check, t.check_near, t.check_error
local cloth = require "loom.cloth"
local rope = require "loom.rope"
local plant = require "loom.plant"
local rigid = require "loom.rigid"
local goal = require "loom.goal"
local frame = require "loom.frame"

local function distance(a, b)
    local ax, ay, az = a:pos()
    local bx, by, bz = b:pos()
    return math.sqrt((ax - bx) ^ 2 + (ay - by) ^ 2 + (az - bz) ^ 2)
end

-- ----------------------------------------------------------------- rigid --

-- A tetrahedron thrown into the box keeps its six edges within 1 % and never
-- turns inside out (the sign of det(p2 - p1, p3 - p1, p4 - p1)).
do
    local w = loom.world { iterations = 8, damping = 0.002 }
    w:box { min = { -1.5, 0, -1 }, max = { 1.5, 2, 1 }, restitution = 0.3, friction = 0.3 }
    local body = rigid.tetrahedron(w, { center = { -0.9, 1.2, 0 }, size = 0.7, vel = { 1.8, 2, 0.4 },
                                        spin = { 200, 90, -350 } })
    check(#body.particles == 4 and #body.sticks == 6, "tetrahedron: 4 particles, 6 sticks")
    local rest = {}
    for i, s in ipairs(body.sticks) do rest[i] = s:rest() end
    check_near(rest[1], 0.7, 1e-12, "tetrahedron: edges are `size` long")
    local v0 = rigid.volume(body)
    check_near(math.abs(v0), 0.7 ^ 3 / (6 * math.sqrt(2)), 1e-12, "|volume| of a regular tetrahedron: a^3 / (6 sqrt 2)")
    local worst, flipped, lowest = 0, false, math.huge
    for _ = 1, 600 do
        w:step()
        for i, s in ipairs(body.sticks) do
            local a, b = s:particles()
            worst = math.max(worst, math.abs(distance(a, b) - rest[i]) / rest[i])
        end
        if rigid.volume(body) * v0 <= 0 then flipped = true end
        for _, p in ipairs(body.particles) do local _, y = p:pos(); lowest = math.min(lowest, y) end
    end
    check(worst < 0.01, ("tetrahedron in the box: edges within 1%% over 600 steps (worst %.4f)"):format(worst))
    check(not flipped, "tetrahedron in the box: its volume keeps its sign")
    check(lowest >= -5e-3, ("tetrahedron in the box: no particle more than 5 mm below the floor (%.2g)"):format(lowest))
    local _, vy = body.particles[1]:vel()
    check(math.abs(vy) < 0.05, "tetrahedron comes to rest on the floor")
end

-- The coordinate basis tumbling in the box stays orthonormal within 1e-2:
-- the raw axes (origin to axis particles) stay unit-length and square.
do
    local w = loom.world { iterations = 8, damping = 0.002 }
    w:box { min = { -1.5, 0, -1 }, max = { 1.5, 2, 1 }, restitution = 0.4 }
    local body = rigid.basis(w, { origin = { -0.8, 1.1, 0 }, size = 1, vel = { 1.6, 2.2, 0.2 },
                                  spin = { 120, -200, 260 } })
    local worst = 0
    for _ = 1, 600 do
        w:step()
        local o = frame.position(body.origin)
        local axes = {}
        for i = 1, 3 do axes[i] = frame.sub(frame.position(body.axes[i]), o) end
        for i = 1, 3 do
            worst = math.max(worst, math.abs(frame.dot(axes[i], axes[i]) - 1))
            for j = i + 1, 3 do worst = math.max(worst, math.abs(frame.dot(axes[i], axes[j]))) end
        end
    end
    check(worst < 1e-2, ("basis: raw axes orthonormal within 1e-2 over 600 steps (worst %.2g)"):format(worst))
    local f = rigid.frame(body)
    local err = math.max(math.abs(frame.dot(f.x, f.x) - 1), math.abs(frame.dot(f.y, f.y) - 1),
                         math.abs(frame.dot(f.z, f.z) - 1), math.abs(frame.dot(f.x, f.y)),
                         math.abs(frame.dot(f.y, f.z)), math.abs(frame.dot(f.z, f.x)))
    check(err < 1e-12, "rigid.frame is orthonormal to rounding (Gram-Schmidt)")
    check_near(frame.dot(frame.cross(f.x, f.y), f.z), 1, 1e-12, "rigid.frame is right-handed")
end

-- An embedded box rides on the body without disturbing it: the same throw
-- with and without the box gives the same bits, and the corners stay at
-- their local coordinates in the body's frame.
do
    local function throw(with_box)
        local w = loom.world { iterations = 8 }
        w:box { min = { -1.5, 0, -1 }, max = { 1.5, 2, 1 }, restitution = 0.35 }
        local body = rigid.tetrahedron(w, { center = { -0.8, 1.2, 0 }, size = 1.2, vel = { 1.5, 1.5, 0.3 },
                                            spin = { -150, 60, 220 } })
        local box
        if with_box then box = rigid.embed_box(w, body, { half = { 0.2, 0.12, 0.1 } }) end
        for _ = 1, 240 do
            if box then box.update(0) end
            w:step()
        end
        return body, box, w
    end
    local plain = throw(false)
    local body, box = throw(true)
    local same = true
    for i = 1, 4 do
        local x1, y1, z1 = plain.particles[i]:pos()
        local x2, y2, z2 = body.particles[i]:pos()
        same = same and x1 == x2 and y1 == y2 and z1 == z2
    end
    check(same, "embed_box: the tetrahedron moves exactly as without the box")
    check(#box.markers == 8 and #box.sticks == 12, "embed_box: 8 corners, 12 edges")
    box.update(0)
    local f = rigid.frame(body)
    local l = frame.to_local(f, frame.position(box.markers[8]))
    check(math.abs(l[1] - 0.2) < 1e-9 and math.abs(l[2] - 0.12) < 1e-9 and math.abs(l[3] - 0.1) < 1e-9,
          "embed_box: a corner sits at (+hx, +hy, +hz) in the body's frame")
    local worst = 0
    for _, s in ipairs(box.sticks) do worst = math.max(worst, s:error()) end
    check(worst < 1e-9, "embed_box: the box keeps its shape (edges exact)")
    check(box.markers[1]:mass() == 0, "embed_box: corners are immovable markers")
end

-- Markers are set in loom.update, before the step: update(dt) predicts where
-- the body will be after it (x + v dt), so the drawn box matches the body
-- better than update(0), which draws it one step behind.
do
    local function mean_error(ahead)
        local w = loom.world { iterations = 8, damping = 0.002 }
        w:box { min = { -1.5, 0, -1 }, max = { 1.5, 2, 1 }, restitution = 0.35, friction = 0.3 }
        local body = rigid.tetrahedron(w, { center = { -0.8, 1.2, 0 }, size = 1.2, vel = { 1.5, 1.5, 0.3 },
                                            spin = { -150, 60, 220 } })
        local box = rigid.embed_box(w, body, { half = { 0.2, 0.12, 0.1 } })
        local exact = rigid.embed_box(loom.world(), body, { half = { 0.2, 0.12, 0.1 } })
        local sum, n = 0, 0
        for _ = 1, 240 do
            box.update(ahead)
            w:step()
            exact.update(0)
            for i = 1, 8 do
                sum = sum + distance(box.markers[i], exact.markers[i])
                n = n + 1
            end
        end
        return sum / n
    end
    local behind, predicted = mean_error(0), mean_error(1 / 60)
    check(predicted < 2e-3 and predicted < 0.25 * behind,
          ("embed: update(dt) draws the box within 2 mm on average (%.2f mm; update(0): %.2f mm)")
          :format(1000 * predicted, 1000 * behind))
end

-- ----------------------------------------------------------------- chain --

-- A hanging chain of sticks with enough iterations keeps every link within
-- 1 % of its rest length while it swings.
do
    local w = loom.world { iterations = 40, damping = 0.002 }
    local c = rope.chain(w, { from = { 0, 0 }, to = { 2, 0 }, segments = 10, pin = { "first" } })
    check(#c.particles == 11 and #c.links == 10 and #c.pins == 1, "chain: n + 1 particles, n sticks, a pin")
    check_near(c.rest, 0.2, 1e-12, "chain: rest length is the distance / segments")
    local worst = 0
    for _ = 1, 300 do
        w:step()
        for i = 1, c.segments do worst = math.max(worst, math.abs(c.length(i) - c.rest) / c.rest) end
    end
    check(worst < 0.01, ("hanging chain: links within 1%% of rest (worst %.4f)"):format(worst))
    local f = c.frame(1)
    local a, b = frame.position(c.particles[1]), frame.position(c.particles[2])
    local along = frame.normalize(frame.sub(b, a))
    check(math.abs(frame.dot(f.x, along) - 1) < 1e-12, "chain.frame(i): x along segment i")
    check(math.abs(frame.dot(f.x, f.y)) < 1e-12 and math.abs(frame.dot(f.x, f.z)) < 1e-12,
          "chain.frame(i): y and z square to x")
    local g = c.frame(2)
    check(math.abs(g.z[3]) < 1e-9 and math.abs(f.z[3]) > 0.999,
          "chain.frame: alternate links are turned a quarter turn")
    check_error(function() c.frame(11) end, "bad argument #1 to 'frame' (segment must be an integer in [1, 10], got 11)",
                "chain.frame out of range")

    local both = rope.chain(loom.world(), { segments = 4, kind = "both", pin = { "first", "last" } })
    check(#both.links == 8 and both.links[2]:kind() == "spring" and #both.pins == 2,
          "chain kind = 'both': a stick and a spring per link (Lee ch. 4)")
end

-- How a chain is drawn: rings and edge-on links alternating with the same
-- parity as frame(i) (odd: a ring, even: turned a quarter turn), the
-- springs of kind = "both" hidden behind the sticks, the beads invisible;
-- `colors` cycles over the links. look = "line" keeps sticks and beads.
do
    local w = loom.world()
    local c = rope.chain(w, { segments = 4, kind = "both", colors = { "#ff0000", "#0000ff" } })
    local looks, springs_hidden = {}, true
    for _, link in ipairs(c.links) do
        if link:kind() == "stick" then looks[#looks + 1] = link:look()
        elseif link:look() ~= "hidden" then springs_hidden = false end
    end
    check(table.concat(looks, " ") == "chain chain_edge chain chain_edge",
          "chain look: odd links rings, even links edge-on")
    check(springs_hidden, "chain look: the springs of kind = 'both' are hidden")
    local _, r1, _, b1 = c.links[1]:look()
    local _, r2, _, b2 = c.links[3]:look()
    check(r1 == 1 and b1 == 0 and r2 == 0 and b2 == 1, "chain look: colors cycle over the links")
    local _, _, _, alpha = c.particles[2]:color()
    check(alpha == 0, "chain look: the beads are not drawn (transparent)")
    local f2 = c.frame(2)
    check(math.abs(f2.z[3]) < 1e-9 and looks[2] == "chain_edge",
          "the edge-on links are the frames turned a quarter turn")

    local r = rope.chain(w, { segments = 3, look = "rope", color = "#a0743c" })
    check(r.links[1]:look() == "rope" and r.links[3]:look() == "rope", "rope look: every stick a rope")

    local line = rope.chain(w, { segments = 2, kind = "both", look = "line", color = "#00ff00" })
    local _, g = line.particles[1]:color()
    check(line.links[1]:look() == "default" and line.links[2]:look() == "default" and g ~= nil and g > 0.4,
          "line look: plain sticks and springs, coloured beads, as before")

    local springs = rope.chain(w, { segments = 2, kind = "spring" })
    check(springs.links[1]:look() == "chain" and springs.links[2]:look() == "chain_edge",
          "springs alone carry the chain look themselves")
end

-- ----------------------------------------------------------------- plant --

-- The same side force bends a plant with support sticks less than one
-- without (measured at the tip, no gravity so only the push bends them).
do
    local function tip_deflection(support)
        local w = loom.world { gravity = { 0, 0, 0 }, substeps = 4, iterations = 2, damping = 0.05 }
        local p = plant.grow(w, { height = 1.5, segments = 6, support = support })
        local ps = p.particles
        w:force(function()
            for i = 1, #ps do ps[i]:add_force(0.5 * ps[i]:mass(), 0, 0) end
        end)
        w:step(120)
        local x = p.tip:pos()
        return math.abs(x), p
    end
    local braced, p = tip_deflection(true)
    local loose = tip_deflection(false)
    check(#p.supports == 6 and #p.sticks == 6, "plant: a stick per segment, a support per neighbour's neighbour")
    check(braced < 0.25 * loose,
          ("plant: support sticks cut the tip deflection (%.3f m vs %.3f m)"):format(braced, loose))

    local w = loom.world { substeps = 4, iterations = 2 }
    local bush = plant.grow(w, { height = 1.5, segments = 6, branches = { { at = 3, angle = 40, segments = 3 } } })
    w:step(120)
    local _, y = bush.tip:pos()
    check(y > 1.4, ("plant stands under gravity (tip at %.3f m of 1.5)"):format(y))
    check(#bush.branches == 1 and #bush.branches[1] == 3, "plant: branches list their own particles")
end

-- ------------------------------------------------------------------ goal --

do
    -- Converges to a static goal: after settling, every vertex within 1 mm.
    local w = loom.world { gravity = { 0, 0, 0 }, damping = 0.01 }
    local body = goal.body(w, { vertices = goal.coil { turns = 2, per_turn = 6 }, k = 60, damping = 0.05 })
    check(#body.particles == 13 and #body.goals == 13 and #body.springs == 13, "goal body: a goal and a spring per vertex")
    check_near(body.k[1], 30, 1e-12, "goal: first spring is gradient * k (Lee: k / 2)")
    check_near(body.k[13], 60, 1e-12, "goal: last spring is k")
    body.pose { translate = { 0.3, 0, 0 }, rotate = 30 }
    check(goal.error(body) > 0.2, "goal: moving the goal leaves the body behind at first")
    w:step(900)
    check(goal.error(body) < 1e-3, ("goal: converges to a static goal (%.2g m)"):format(goal.error(body)))

    -- Lags a moving goal, and the soft end lags more than the stiff end.
    -- (world damping needs a force to keep the body moving, and a softer
    -- spring needs a longer stretch to give it)
    local w2 = loom.world { gravity = { 0, 0, 0 }, damping = 0.02, substeps = 1 }
    local line = {}
    for i = 1, 5 do line[i] = { 0, i * 0.2, 0 } end
    local b2 = goal.body(w2, { vertices = line, k = 40, gradient = 0.25, damping = 1 })
    -- The goal is posed for the time at the start of each step (when the
    -- springs are evaluated) and moves at 1 m/s; the lag is measured against
    -- where the goal is at the end of the step: x_goal = time.
    for _ = 1, 240 do
        b2.pose { translate = { w2:time(), 0, 0 }, dt = 1 / 60 }
        w2:step()
    end
    local lag_soft = w2:time() - b2.particles[1]:pos()
    local lag_stiff = w2:time() - b2.particles[5]:pos()
    -- Steady state: the spring supplies the force that world damping d
    -- takes away, k lag = m v d / h, so lag = m v d / (h k) (h the sub-step).
    check_near(lag_soft, 0.2 * 1 * 0.02 * 60 / 10, 1e-3, "goal: steady lag of the soft end is m v d / (h k)")
    check_near(lag_stiff, 0.2 * 1 * 0.02 * 60 / 40, 1e-3, "goal: steady lag of the stiff end is m v d / (h k)")
    check(lag_soft > 1e-3 and lag_stiff > 1e-3, "goal: the body lags a moving goal")
    check(lag_soft > 3 * lag_stiff, ("goal: the soft end lags more (%.3f vs %.3f m)"):format(lag_soft, lag_stiff))
end

-- ----------------------------------------------------------------- cloth --

-- Bend links resist folding: a strip folded 90 degrees along a column (which
-- keeps every structural and shear length, so only bend links feel it) opens
-- out again with bend links and stays folded without them. No gravity.
do
    local function unfold(bend)
        local w = loom.world { gravity = { 0, 0, 0 }, iterations = 10, damping = 0.02 }
        local c = cloth.grid(w, { origin = { 0, 0, 0 }, u = { 1.2, 0, 0 }, v = { 0, 0, 0.4 }, nu = 7, nv = 3,
                                  bend = bend })
        -- Turn columns 5..7 a quarter turn up about the line of column 4 (x = 0.6).
        for i = 5, 7 do
            for j = 1, 3 do
                local x, _, z = c.at(i, j):pos()
                c.at(i, j):set_pos(0.6, x - 0.6, z)
            end
        end
        local before = distance(c.at(1, 2), c.at(7, 2))
        w:step(120)
        return before, distance(c.at(1, 2), c.at(7, 2))
    end
    local before, loose = unfold(false)
    local _, braced = unfold({ kind = "stick", stiffness = 0.5 })
    check_near(loose, before, 0.01, ("cloth without bend links stays folded (%.3f m to %.3f m)"):format(before, loose))
    check(braced > before + 0.15, ("cloth with bend links opens out (%.3f m to %.3f m, flat 1.2)"):format(before, braced))

    local w = loom.world()
    local c = cloth.grid(w, { nu = 4, nv = 3, bend = { kind = "spring", k = 5 }, shear = { kind = "both", stiffness = 0.5 } })
    check(#c.structural == 17 and #c.shear == 24 and #c.bend == 10, "grid: links listed by kind")
    check(c.bend[1]:kind() == "spring" and c.shear[1]:kind() == "stick" and c.shear[2]:kind() == "spring",
          "grid: each kind has its own link kind")
end

-- Mesh cloth: a particle per vertex, a stick per edge, a bend link per
-- edge shared by two triangles; hexagon counts 1 + 3n(n+1) and 6n^2.
do
    for n = 1, 3 do
        local hex = cloth.hexagon { rings = n }
        local V, F = #hex.vertices, #hex.triangles
        check(V == 1 + 3 * n * (n + 1) and F == 6 * n * n, ("hexagon(%d): %d vertices, %d triangles"):format(n, V, F))
        local w = loom.world()
        local m = cloth.mesh(w, { vertices = hex.vertices, triangles = hex.triangles, bend = true })
        -- A disc: V - E + F = 1, so E = V + F - 1; 6n edges on the rim.
        local E = V + F - 1
        check(#m.particles == V and #m.structural == E and m.edges == E,
              ("mesh(hexagon %d): %d particles, %d sticks"):format(n, V, E))
        check(#m.bend == E - 6 * n and m.hinges == E - 6 * n, ("mesh(hexagon %d): a bend link per inner edge"):format(n))
    end
    local hex = cloth.hexagon { radius = 2, rings = 2 }
    local x, y = table.unpack(hex.vertices[hex.corners[1]])
    check(math.abs(x - 2) < 1e-12 and math.abs(y) < 1e-12, "hexagon: corner 1 is radius along u")
    local w = loom.world()
    local quad = cloth.mesh(w, { vertices = { { 0, 0 }, { 1, 0 }, { 1, 1 }, { 0, 1 } },
                                 triangles = { { 1, 2, 3 }, { 1, 3, 4 } }, bend = { kind = "spring" }, pin = { 1, 2 } })
    check(#quad.structural == 5 and #quad.bend == 1 and #quad.pins == 2, "mesh: two triangles, 5 edges, 1 hinge")
    check_near(quad.bend[1]:particles() == quad.particles[2] and 1 or 0, 1, 0, "mesh: the hinge joins the far corners")
end

-- ---------------------------------------------------------------- errors --

local w = loom.world()
check_error(function() rope.chain(w, { segments = 0 }) end,
            "bad argument #2 to 'chain' (field 'segments' must be >= 1, got 0)", "chain: segments >= 1")
check_error(function() rope.chain(w, { segments = 1 / 0 }) end,
            "bad argument #2 to 'chain' (field 'segments' must be an integer, got inf)",
            "chain: an infinite count is not an integer")
check_error(function() rope.chain(w, { pin = { "middle" } }) end,
            "bad argument #2 to 'chain' (field 'pin': invalid option 'middle', expected one of: first, last)",
            "chain: pin names")
check_error(function() rope.chain(w, { kind = "rope" }) end,
            "bad argument #2 to 'chain' (field 'kind': invalid option 'rope', expected one of: stick, spring, both)",
            "chain: kind")
check_error(function() rope.chain(w, { look = "ring" }) end,
            "bad argument #2 to 'chain' (field 'look': invalid option 'ring', expected one of: chain, rope, line)",
            "chain: look")
check_error(function() rope.chain(w, { from = { 1, 1 }, to = { 1, 1 } }) end,
            "bad argument #2 to 'chain' (fields 'from' and 'to' must be different points)", "chain: zero length")
check_error(function() rope.chain(nil) end, "bad argument #1 to 'chain' (world expected, got nil)", "chain: world")
check_error(function() rope.chain(w, { lenght = 2 }) end, "bad argument #2 to 'chain' (unknown field 'lenght')",
            "chain: unknown field")
check_error(function() rope.chain(w, { stiffness = 0 }) end,
            "bad argument #2 to 'chain' (field 'stiffness' must be in (0, 1], got 0)", "chain: stiffness range")
check_error(function() plant.grow(w, { segments = 1 }) end,
            "bad argument #2 to 'grow' (field 'segments' must be >= 2, got 1)", "plant: segments")
check_error(function() plant.grow(w, { branches = { { at = 9 } } }) end,
            "bad argument #2 to 'grow' (field 'branches[1].at' must be a stem particle index in [2, 8], got 9)",
            "plant: branch position")
check_error(function() plant.grow(w, { height = -1 }) end,
            "bad argument #2 to 'grow' (field 'height' must be > 0, got -1)", "plant: height")
check_error(function() rigid.tetrahedron(w, { size = 0 / 0 }) end,
            "bad argument #2 to 'tetrahedron' (field 'size' must be a finite number, got nan)", "tetrahedron: size")
check_error(function() rigid.basis(w, { center = { 0, 0 } }) end,
            "bad argument #2 to 'basis' (unknown field 'center' (a basis has an 'origin'))", "basis: origin")
check_error(function() rigid.frame({}) end,
            "bad argument #1 to 'frame' (body expected (the table rigid.tetrahedron or rigid.basis returned))",
            "rigid.frame: body")
check_error(function() rigid.volume({ particles = { 1, 2, 3, 4 } }) end,
            "bad argument #1 to 'volume' (body expected (the table rigid.tetrahedron or rigid.basis returned))",
            "rigid.volume: not particles")
check_error(function() rigid.embed_box(w, rigid.tetrahedron(w), {}) end,
            "bad argument #3 to 'embed_box' (field 'half' is required)", "embed_box: half")
check_error(function() goal.body(w, { vertices = {} }) end,
            "bad argument #2 to 'body' (field 'vertices' must be a non-empty table of {x, y [, z]})", "goal: vertices")
check_error(function() goal.body(w, { vertices = { { 0, 0 } }, gradient = 2 }) end,
            "bad argument #2 to 'body' (field 'gradient' must be in [0, 1], got 2)", "goal: gradient")
check_error(function() cloth.mesh(w, { vertices = { { 0, 0 }, { 1, 0 }, { 0, 1 } }, triangles = { { 1, 2, 4 } } }) end,
            "bad argument #2 to 'mesh' (field 'triangles': triangle 1 must be three different vertex indices in [1, 3])",
            "mesh: triangle indices")
check_error(function() cloth.mesh(w, { triangles = {} }) end,
            "bad argument #2 to 'mesh' (field 'vertices' is required)", "mesh: vertices required")
check_error(function() cloth.grid(w, { bend = { k = -1 } }) end,
            "bad argument #2 to 'grid' (field 'bend.k' must be >= 0, got -1)", "grid: per-kind field")
check_error(function() cloth.grid(w, { shear = { size = 1 } }) end,
            "bad argument #2 to 'grid' (unknown field 'shear.size')", "grid: per-kind unknown field")
check_error(function() cloth.hexagon { rings = 0 } end,
            "bad argument #1 to 'hexagon' (field 'rings' must be >= 1, got 0)", "hexagon: rings")
check_error(function() rope.chain(w, { color = "fuschia" }) end,
            "bad argument #2 to 'chain' (field 'color': invalid color 'fuschia', expected \"#rrggbb\", "
            .. "\"#rrggbbaa\" or one of: black, white, gray, grey, red, green, blue, yellow, orange, cyan, "
            .. "magenta, purple, pink, brown)", "chain: a bad color is reported as the builder's")
check_error(function() rope.chain(w, { kind = "spring", color = "#12345" }) end,
            "bad argument #2 to 'chain' (field 'color': invalid color '#12345', expected \"#rrggbb\", "
            .. "\"#rrggbbaa\" or one of: black, white, gray, grey, red, green, blue, yellow, orange, cyan, "
            .. "magenta, purple, pink, brown)", "chain: a bad link color on springs is the builder's too")
check_error(function() plant.grow(w, { radius = -1 }) end,
            "bad argument #2 to 'grow' (field 'radius' must be >= 0, got -1)", "plant: a bad radius is the builder's")
check_error(function() rigid.embed(w, rigid.basis(w), { points = { { 0, 0 } }, edges = 3 }) end,
            "bad argument #3 to 'embed' (field 'edges' must be a table of {i, j} pairs, got number)", "embed: edges")
check_error(function() goal.error(nil) end,
            "bad argument #1 to 'error' (goal body expected (the table goal.body returned))", "goal.error: body")
local _, err = pcall(function() rope.chain(w, { segments = 0 }) end)
check(err:find("^tests/lua/test_bodies.lua:%d+: "), "a builder error points at the caller's line")
