-- test_defaults.lua - the classic constrained lessons give the textbook
-- answer with the settings a teacher does not touch: loom.world{} with
-- nothing but the integrator (no projection, substeps or iterations), 60
-- steps a second, every integrator. The collision lessons (bounces,
-- braking, a glancing hit, Newton's cradle) are in test_impacts.lua.
local t = require "harness"
local check = t.check

local INTEGRATORS = { "euler", "semi_implicit_euler", "verlet", "velocity_verlet", "midpoint",
                      "rk4" }
local G = 9.81

-- The defaults themselves: SHAKE, and the integrator's own sub-steps.
local settings = loom.world {}:settings()
check(settings.projection == "shake" and settings.substeps == 2 and settings.iterations == 10,
      "loom.world{} solves sticks exactly (shake) at 2 sub-steps and 10 iterations")
check(loom.world { integrator = "euler" }:settings().substeps == 4,
      "the Euler integrators take 4 sub-steps by default")

-- The exact period of a pendulum of length L released from rest at theta0:
-- 4 sqrt(L / g) K(sin(theta0 / 2)), K by the arithmetic-geometric mean.
local function exact_period(theta0)
    local a, b = 1, math.cos(theta0 / 2)
    for _ = 1, 30 do a, b = (a + b) / 2, math.sqrt(a * b) end
    return 4 * math.sqrt(1 / G) * math.pi / (2 * a)
end

-- README's first scene without its push: a 1 kg bob on a 1 m stick from a
-- fixed pivot, released at rest theta0 from straight down.
local function pendulum(integrator, theta0)
    local world = loom.world { integrator = integrator }
    local pivot = world:particle { pos = { 0, 0 }, mass = 0 }
    local bob = world:particle { pos = { math.sin(theta0), -math.cos(theta0) }, mass = 1 }
    world:stick(pivot, bob)
    return world, bob
end

for _, integrator in ipairs(INTEGRATORS) do
    -- energy over 60 s, released at 90 degrees: within 1% of m g L
    local world = pendulum(integrator, math.pi / 2)
    local e0, worst = world:energy().total, 0
    for _ = 1, 60 * 60 do
        world:step()
        worst = math.max(worst, math.abs(world:energy().total - e0) / G)
    end
    check(worst <= 0.01, string.format(
        "%s: README's pendulum keeps its energy within 1%% of m g L for 60 s (worst %.3f%%)",
        integrator, 100 * worst))

    -- periods: the mean of the first five, from the interpolated times at
    -- which the bob crosses the vertical moving the way it first did
    for _, case in ipairs { { 5, 0.01 }, { 90, 0.01 }, { 170, 0.02 } } do
        local degrees, tolerance = case[1], case[2]
        local w, bob = pendulum(integrator, math.rad(degrees))
        local crossings, x_before = {}, bob:pos()
        while #crossings < 6 and w:time() < 60 do
            w:step()
            local x = bob:pos()
            if x_before > 0 and x <= 0 then
                crossings[#crossings + 1] = w:time() - w:settings().dt * x / (x - x_before)
            end
            x_before = x
        end
        local period = (crossings[6] - crossings[1]) / 5
        local off = period / exact_period(math.rad(degrees)) - 1
        check(math.abs(off) <= tolerance, string.format(
            "%s: a pendulum released at %d degrees swings with the exact period %.4f s (%.4f s, %+.2f%%, %g%% allowed)",
            integrator, degrees, exact_period(math.rad(degrees)), period, 100 * off,
            100 * tolerance))
    end
end

local rigid = require "loom.rigid"

-- The worst 1-second mean of |E - E0| over 60 s, as a fraction of the
-- swing, for n 1 m sticks with 1 kg bobs released horizontal.
local function chain_swing(integrator, n)
    local world = loom.world { integrator = integrator }
    local last = world:particle { pos = { 0, 0 }, mass = 0 }
    for k = 1, n do
        local p = world:particle { pos = { k, 0 }, mass = 1 }
        world:stick(last, p)
        last = p
    end
    local e0, worst = world:energy().total, 0
    for _ = 1, 60 do
        local sum = 0
        for _ = 1, 60 do
            world:step()
            sum = sum + world:energy().total - e0
        end
        worst = math.max(worst, math.abs(sum / 60))
    end
    return worst / (G * n * (n + 1) / 2)
end

for _, integrator in ipairs(INTEGRATORS) do
    -- a ball whirled on a 1 m stick at 2 m/s, no gravity: 1% after 10 s
    local world = loom.world { integrator = integrator, gravity = { 0, 0, 0 } }
    local pivot = world:particle { pos = { 0, 0 }, mass = 0 }
    local ball = world:particle { pos = { 1, 0 }, vel = { 0, 2 } }
    world:stick(pivot, ball)
    world:step(600)
    local vx, vy = ball:vel()
    local speed = math.sqrt(vx * vx + vy * vy)
    check(math.abs(speed / 2 - 1) <= 0.01, string.format(
        "%s: a ball whirled on a stick at 2 m/s has %.4f m/s after 10 s (1%%)", integrator, speed))

    -- loom.rigid.tetrahedron spun at 7 rad/s in zero gravity: L and KE (2%)
    world = loom.world { integrator = integrator, gravity = { 0, 0, 0 } }
    rigid.tetrahedron(world, { center = { 0, 0, 0 }, size = 0.5, spin = { 0, 0, math.deg(7) } })
    local function spin()
        local cx, cy, cz = world:center_of_mass()
        local lx, ly, lz = world:angular_momentum(nil, { cx, cy, cz })
        return math.sqrt(lx * lx + ly * ly + lz * lz), world:energy().kinetic
    end
    local l0, k0 = spin()
    local worst_l, worst_k = 0, 0
    for _ = 1, 600 do
        world:step()
        local l, k = spin()
        worst_l = math.max(worst_l, math.abs(l / l0 - 1))
        worst_k = math.max(worst_k, math.abs(k / k0 - 1))
    end
    check(l0 > 0 and worst_l <= 0.02 and worst_k <= 0.02, string.format(
        "%s: a tetrahedron spun at 7 rad/s keeps L (%.2g) and KE (%.2g) within 2%% for 10 s",
        integrator, worst_l, worst_k))

    for n = 3, 4 do
        local off = chain_swing(integrator, n)
        check(off <= 0.02, string.format(
            "%s: a %d-link pendulum's worst 1 s mean of |E - E0| is %.3f%% of its swing over 60 s (2%%)",
            integrator, n, 100 * off))
    end
end

-- 60 links (3 m) between two pins 2 m apart, let fall from a V and damped
-- to rest: its length, and its shape against the catenary y = a cosh(x / a)
-- + c with 2 a sinh(1 / a) = 3.
do
    local world = loom.world { damping = 0.02 }
    local N, drop = 60, math.sqrt(1.5 ^ 2 - 1)
    local links, last = {}, nil
    for k = 0, N do
        local p = world:particle { pos = { -1 + 2 * k / N, -drop * (1 - math.abs(2 * k / N - 1)) },
                                   mass = (k == 0 or k == N) and 0 or 0.05 }
        links[#links + 1] = p
        if last then world:stick(last, p) end
        last = p
    end
    world:step(60 * 30)
    local function sinh(x) return (math.exp(x) - math.exp(-x)) / 2 end
    local function cosh(x) return (math.exp(x) + math.exp(-x)) / 2 end
    local lo, hi = 0.1, 10
    for _ = 1, 100 do
        local a = (lo + hi) / 2
        if 2 * a * sinh(1 / a) > 3 then lo = a else hi = a end
    end
    local a, length, worst = (lo + hi) / 2, 0, 0
    for k, p in ipairs(links) do
        local x, y = p:pos()
        worst = math.max(worst, math.abs(y - (a * cosh(x / a) - a * cosh(1 / a))))
        if k > 1 then
            local x0, y0 = links[k - 1]:pos()
            length = length + math.sqrt((x - x0) ^ 2 + (y - y0) ^ 2)
        end
    end
    check(math.abs(length / 3 - 1) <= 0.01 and worst <= 0.02, string.format(
        "a 60-link chain between two pins hangs at its length (%.2g m off 3 m, 1%%) and on the catenary (%.3f m off, 2 cm)",
        length - 3, worst))
end
