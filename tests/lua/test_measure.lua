-- test_measure.lua - world:energy, world:momentum, world:angular_momentum,
-- world:center_of_mass and the projection option: values against closed
-- forms, and their errors.
local t = require "harness"
local check, check_near, check_error = t.check, t.check_near, t.check_error

-- ---------------------------------------------------------------- energy --
do
    local w = loom.world { gravity = { 0, -10 } }
    local a = w:particle { pos = { 0, 2 }, vel = { 3, 0 } }
    local b = w:particle { pos = { 1, 2 }, mass = 2 }
    w:particle { pos = { 5, 5 }, mass = 0 } -- immovable: no energy, mass or momentum
    w:spring(a, b, { k = 100, rest = 0.5 })
    local e = w:energy()
    check_near(e.kinetic, 0.5 * 1 * 9, 1e-12, "kinetic: m v^2 / 2")
    check_near(e.potential, 10 * 2 + 2 * 10 * 2, 1e-12, "potential: m g y, from y = 0")
    check_near(e.elastic, 0.5 * 100 * 0.25, 1e-12, "elastic: k (length - rest)^2 / 2")
    check_near(e.total, e.kinetic + e.potential + e.elastic, 1e-12, "total is the sum")
    local only_a = w:energy { a }
    check(only_a.elastic == 0 and only_a.kinetic == 4.5,
          "a list measures its particles, and springs with both ends listed")
    local px, py, pz = w:momentum()
    check(px == 3 and py == 0 and pz == 0, "momentum: sum m v")
    local x, y = w:center_of_mass()
    check_near(x, 2 / 3, 1e-12, "centre of mass x: sum m x / sum m")
    check_near(y, 2, 1e-12, "centre of mass y")
    check(select("#", w:center_of_mass { b }) == 3, "centre of mass of a list")
    local lone = loom.world()
    check(lone:center_of_mass() == nil, "no mass: center_of_mass gives nil")
    check_error(function() w:energy { 1 } end,
                "bad argument #1 to 'energy' (element [1] must be a particle, got number)",
                "a list holds particles")
    check_error(function() w:momentum(5) end,
                "bad argument #1 to 'momentum' (table expected, got number)",
                "the list is a table")
    check_error(function() w:center_of_mass {} end,
                "bad argument #1 to 'center_of_mass' (needs at least 1 particles, got 0)",
                "an empty list is refused")
    local other = loom.world():particle {}
    check_error(function() w:energy { other } end,
                "bad argument #1 to 'energy' (element [1] belongs to another world)",
                "particles of another world are refused")
end

-- Free fall: under Verlet the energy query measures one sub-step back with
-- the centred velocity (v + v_before) / 2, so the total stays put from the
-- second step on; the raw half-step velocity would be off by m g h v / 2 all
-- along.
for _, integrator in ipairs { "verlet", "velocity_verlet", "rk4" } do
    local w = loom.world { integrator = integrator }
    local p = w:particle { pos = { 0, 10 }, vel = { 1, 2 } }
    local exact = 0.5 * 5 + 9.81 * 10
    w:step()
    w:step()
    local start = w:energy().total
    check_near(start, exact, 1e-9, integrator .. ": measured energy = the exact 100.6 J")
    local worst, raw = 0, 0
    for _ = 1, 58 do
        w:step()
        local e = w:energy()
        worst = math.max(worst, math.abs(e.total - start))
        local vx, vy = p:vel()
        raw = math.max(raw, math.abs(0.5 * (vx * vx + vy * vy) + e.potential - start))
    end
    check(worst < 1e-9, integrator .. ": free fall keeps the measured total energy (" .. worst
                            .. " J)")
    if integrator == "verlet" then
        check(raw > 0.05, "verlet: p:vel() is the half-step velocity (energy off by " .. raw .. " J)")
    end
end

-- A mass on a spring, no gravity: the measured energy oscillates by O(h^2) only.
do
    local w = loom.world { gravity = { 0, 0 } }
    local anchor = w:particle { mass = 0 }
    local bob = w:particle { pos = { 1.2, 0 } }
    w:spring(anchor, bob, { k = 40, rest = 1 })
    local start = w:energy().total
    local worst = 0
    for _ = 1, 600 do
        w:step()
        worst = math.max(worst, math.abs(w:energy().total - start))
    end
    check(worst < 0.02 * start, "verlet spring: measured energy within 2% over 10 s")
end

-- ------------------------------------------------- potentials of fields --
do
    local w = loom.world { gravity = { 0, 0, 0 } }
    local p = w:particle { pos = { 3, 4 }, mass = 2 }
    local q = w:particle { pos = { 0.05, 0 }, mass = 1 }
    local field = w:field("attractor", { strength = 1.5, particles = { p } })
    check_near(w:energy().potential, -1.5 * 2 / 5, 1e-12,
               "attractor, falloff 2: -strength m / r, zero far away")
    w:remove(field)
    field = w:field("attractor", { strength = 1.5, falloff = 1, radius = 0.5, particles = { p } })
    check_near(w:energy().potential, 1.5 * 2 * math.log(5 / 0.5), 1e-12,
               "falloff 1: strength m ln(r / radius)")
    w:remove(field)
    field = w:field("attractor", { strength = 1.5, falloff = 0.5, radius = 1, particles = { p } })
    check_near(w:energy().potential, 1.5 * 2 * (5 ^ 0.5 - 1) / 0.5, 1e-12,
               "falloff 0.5: strength m (r^(1 - f) - R^(1 - f)) / (1 - f), zero at the radius")
    w:remove(field)
    field = w:field("attractor", { strength = -2, radius = 0.1, particles = { q } })
    check_near(w:energy().potential, 2 * 1 / 0.1 + -2 * (0.05 ^ 2 - 0.01) / (2 * 0.1 ^ 3), 1e-9,
               "a repeller inside its radius: continuous with the outside, quadratic in r")
    w:remove(field)
    w:field("uniform", { accel = { 0, -2, 0 }, force = { 1, 0, 0 } })
    check_near(w:energy().potential, -(2 * -2 * 4 + 1 * 3) - (1 * -2 * 0 + 0.05), 1e-12,
               "uniform: -(m accel + force) . x over the particles it acts on")
    local v = loom.world { gravity = { 0, 0, 0 } }
    v:particle { pos = { 1, 0 } }
    v:field("vortex", { strength = 3 })
    v:field("wind", { velocity = { 1, 0 } })
    v:field("drag", { linear = 1 })
    check(v:energy().potential == 0, "vortex, wind and drag have no potential energy")
end

-- The potential is the force's: a particle on an eccentric orbit round an
-- attractor, and one that falls through the attractor's radius and out the
-- other side, keep the total energy to the integrator's accuracy.
local function attracted(falloff, pos, vel, substeps)
    local w = loom.world { gravity = { 0, 0, 0 }, integrator = "rk4", substeps = substeps }
    w:field("attractor", { strength = 1, falloff = falloff, radius = 0.2 })
    w:particle { pos = pos, vel = vel }
    local e0, worst = w:energy().total, 0
    for _ = 1, 600 do
        w:step()
        worst = math.max(worst, math.abs(w:energy().total - e0))
    end
    return worst / math.abs(e0)
end
do
    local orbit = attracted(2, { 1, 0 }, { 0, 0.6 }, 8)
    check(orbit < 1e-4, ("attractor: an orbit keeps its total energy (%.2g)"):format(orbit))
    -- through the radius, where the force's slope jumps: first order there,
    -- so the error falls with the sub-step instead of vanishing
    local coarse = attracted(3, { 0.3, 0 }, { 0, 0 }, 8)
    local fine = attracted(3, { 0.3, 0 }, { 0, 0 }, 128)
    check(fine < 0.05 * coarse and fine < 1e-4,
          ("falling through its radius and out: the error falls with h (%.2g, %.2g)")
          :format(coarse, fine))
end

-- Verlet's measure is one sub-step back, centred: a Kepler orbit reads the
-- same under verlet as under velocity_verlet (the same positions), where the
-- half-step velocity made its energy jump at perihelion.
do
    local function orbit(integrator)
        local w = loom.world { gravity = { 0, 0, 0 }, integrator = integrator, substeps = 1 }
        w:field("attractor", { strength = 1, radius = 0.01 })
        local p = w:particle { pos = { 1, 0 }, vel = { 0, 0.6 } }
        local e0, worst = w:energy().total, 0
        for _ = 1, 1200 do
            w:step()
            worst = math.max(worst, math.abs(w:energy().total / e0 - 1))
        end
        local _, _, lz = w:angular_momentum()
        return worst, lz, p
    end
    local verlet, lz = orbit("verlet")
    local velocity_verlet = orbit("velocity_verlet")
    check(math.abs(verlet - velocity_verlet) < 1e-6 * velocity_verlet and verlet < 0.02,
          ("verlet's Kepler energy reads as velocity Verlet's (%.3f%%, %.3f%%)")
          :format(100 * verlet, 100 * velocity_verlet))
    check_near(lz, 0.6, 1e-9, "and its angular momentum about the attractor is kept: m r v")
end

-- A Lua field with a potential: a spring to the origin written in Lua keeps
-- its total energy; an error in the potential raises from world:energy().
do
    local w = loom.world { gravity = { 0, 0, 0 } }
    local p = w:particle { pos = { 1, 0 }, mass = 2 }
    w:field(function(x, y) return -4 * x, -4 * y, 0 end,
            { potential = function(x, y) return 2 * (x * x + y * y) end })
    local e0 = w:energy()
    check(e0.potential == 2 and e0.total == 2, "a Lua field's potential counts in potential")
    local worst = 0
    for _ = 1, 600 do
        w:step()
        worst = math.max(worst, math.abs(w:energy().total - 2))
    end
    check(worst < 1e-3, ("and its total is kept over 10 s (%.2g J)"):format(worst))
    check(select("#", p:pos()) == 3, "the particle is untouched by measuring")
    local bad = loom.world()
    bad:particle {}
    bad:field(function() return 0, 0, 0 end, { potential = function() return "high" end })
    local ok, message = pcall(bad.energy, bad)
    check(not ok and message:match("^tests/lua/test_measure%.lua:%d+: potential function must "
                                   .. "return a finite number %(J%), got string for particle#1$"),
          "a potential that returns no number is named with its line: " .. tostring(message))
    local failing = loom.world()
    failing:particle {}
    failing:field(function() return 0, 0, 0 end, { potential = function() error("no potential") end })
    ok, message = pcall(failing.energy, failing)
    check(not ok and message:find("no potential", 1, true) ~= nil,
          "an error in the potential raises from world:energy()")
    failing:step()
    check(failing:time() > 0, "world:step is not stopped by it")
    check_error(function() w:field(function() end, { potential = 3 }) end,
                "bad argument #2 to 'field' (field 'potential' must be a function, got number)",
                "potential is a function")
    check_error(function() w:field("wind", { potential = function() end }) end,
                "bad argument #2 to 'field' (unknown field 'potential')",
                "only a function field takes a potential")
end

-- A spring to an anchor that is not listed still stores energy in the
-- listed body, when the anchor is held still (immovable or pinned).
do
    local w = loom.world { gravity = { 0, 0, 0 } }
    local anchor = w:particle { mass = 0 }
    local bob = w:particle { pos = { 0, -1.5 } }
    w:spring(anchor, bob, { k = 10, rest = 1 })
    check_near(w:energy({ bob }).elastic, 0.5 * 10 * 0.25, 1e-12,
               "a spring to an immovable anchor counts for the body on it")
    local held = w:particle { pos = { 3, 0 } }
    local other = w:particle { pos = { 5, 0 } }
    w:pin(held)
    w:spring(held, other, { k = 4, rest = 1 })
    check_near(w:energy({ other }).elastic, 0.5 * 10 * 0.25 * 0 + 0.5 * 4 * 1, 1e-12,
               "and to a pinned one")
    local free = w:particle { pos = { 8, 0 } }
    local loose = w:particle { pos = { 10, 0 } }
    w:spring(free, loose, { k = 4, rest = 1 })
    check_near(w:energy({ loose }).elastic, 0, 0, "a spring to a free particle not listed does not")
end

-- Angular momentum: about the origin and about a point, of a list.
do
    local w = loom.world { gravity = { 0, 0, 0 } }
    local a = w:particle { pos = { 1, 0, 0 }, vel = { 0, 2, 0 }, mass = 3 }
    local b = w:particle { pos = { 0, 0, 1 }, vel = { 1, 0, 0 } }
    w:particle { pos = { 4, 4 }, vel = { 1, 1 }, mass = 0 }
    local lx, ly, lz = w:angular_momentum()
    check(lx == 0 and ly == 1 and lz == 6, "sum m x × v about the origin")
    lx, ly, lz = w:angular_momentum({ a }, { 1, -1, 0 })
    check(lx == 0 and ly == 0 and lz == 0, "about a point on its line of motion: none")
    local _, only_b = w:angular_momentum({ b }, { 0, 0, 0 })
    check(only_b == 1, "of the listed particles only")
    check_error(function() w:angular_momentum(nil, 5) end,
                "bad argument #2 to 'angular_momentum' (about must be a table of 2 or 3 numbers)",
                "about is a vector")
    check_error(function() w:angular_momentum({}) end,
                "bad argument #1 to 'angular_momentum' (needs at least 1 particles, got 0)",
                "the list is checked as energy's")
end

-- ------------------------------------------------------------ projection --
do
    check(loom.world():settings().projection == "shake", "projection defaults to shake")
    local w = loom.world { projection = "shake" }
    check(w:settings().projection == "shake", "projection = \"shake\" reads back")
    w:set { projection = "jakobsen" }
    check(w:settings().projection == "jakobsen", "world:set changes the projection")
    check_error(function() loom.world { projection = "shook" } end,
                "bad argument #1 to 'world' (field 'projection': invalid option 'shook', "
                    .. "expected one of: jakobsen, shake)",
                "a wrong projection lists the valid ones")
end

-- The double pendulum of the docs, measured with world:energy().
do
    local function drift(projection)
        local w = loom.world { projection = projection }
        local pivot = w:particle { mass = 0 }
        local b1 = w:particle { pos = { 1, 0 } }
        local b2 = w:particle { pos = { 2, 0 } }
        w:stick(pivot, b1)
        w:stick(b1, b2)
        local worst, sum = 0, 0
        for s = 1, 60 * 20 do
            w:step()
            sum = sum + w:energy().total
            if s % 60 == 0 then
                worst = math.max(worst, math.abs(sum / 60))
                sum = 0
            end
        end
        return worst
    end
    local span = 3 * 9.81
    check(drift("shake") < 0.02 * span, "shake: 1 s mean energy within 2% of the span for 20 s")
    check(drift("jakobsen") > 0.1 * span, "jakobsen: the same pendulum loses over 10% of it")
end
