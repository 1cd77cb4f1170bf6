-- test_measure.lua - world:energy, world:momentum, world:center_of_mass and
-- the projection option: values against closed forms, and their errors.
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

-- Free fall: under Verlet the energy query pairs the velocity with the
-- position (1.5 v - 0.5 v_before), so the total stays put from the second
-- step on (the first step after a velocity is set is off by m a h v / 4);
-- the raw half-step velocity would be off by m g h v / 2 all along.
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

-- ------------------------------------------------------------ projection --
do
    check(loom.world():settings().projection == "jakobsen", "projection defaults to jakobsen")
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
