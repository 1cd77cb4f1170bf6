-- test_impacts.lua - collisions at the frame rate, as a teacher writes the
-- scenes from docs/lua-api.md: loom.world{} with nothing but the integrator
-- (and what the lesson needs), 60 steps a second, every integrator. Each
-- figure is the closed form the lesson compares with.
local t = require "harness"
local check, check_near = t.check, t.check_near

local INTEGRATORS = { "euler", "semi_implicit_euler", "verlet", "velocity_verlet", "midpoint",
                      "rk4" }
local R = 0.05

-- The heights of a ball's bottom at the top of each rebound (the highest
-- frame), dropped from 1 m on the surface made by `surface(world, e)`.
local function apexes(integrator, surface, e, count)
    local world = loom.world { integrator = integrator }
    surface(world, e)
    local ball = world:particle { pos = { 0, 1 + R }, radius = R }
    local list, highest, rising, previous = { 1 }, -1, false, 0
    for _ = 1, 60 * 20 do
        if #list > count then break end
        world:step()
        local _, y = ball:pos()
        local _, vy = ball:vel()
        rising = rising or vy > 0
        if rising then
            highest = math.max(highest, y - R)
            if vy <= 0 and previous > 0 then
                list[#list + 1], highest, rising = highest, -1, false
            end
        end
        previous = vy
    end
    return list
end

local surfaces = {
    ["a floor"] = function(world, e) world:plane { restitution = e } end,
    ["a large ball"] = function(world, e)
        world:sphere { center = { 0, -5 }, radius = 5, restitution = e }
    end,
}

for _, integrator in ipairs(INTEGRATORS) do
    for name, surface in pairs(surfaces) do
        for _, e in ipairs { 0.5, 0.8 } do
            local list, worst, n = apexes(integrator, surface, e, 4), 0, 0
            for i = 2, #list do
                if list[i] > 0.05 then
                    n = n + 1
                    worst = math.max(worst, math.abs(list[i] / list[i - 1] / (e * e) - 1))
                end
            end
            check(n >= 2 and worst <= 0.03, string.format(
                "%s, e = %g on %s: %d rebounds each at e^2 of the one before (worst %.2f%%, 3%%)",
                integrator, e, name, n, 100 * worst))
        end
        local list, worst = apexes(integrator, surface, 1, 6), 0
        for i = 3, #list do
            worst = math.max(worst, math.abs(list[i] / list[2] - 1))
        end
        check(#list == 7 and worst <= 0.03, string.format(
            "%s, e = 1 on %s: five rebounds within 3%% of the first (worst %.2f%%)", integrator,
            name, 100 * worst))
    end

    -- braking: a block sliding at 3 m/s on a floor with mu = 0.5
    local world = loom.world { integrator = integrator }
    world:plane { friction = 0.5 }
    local block = world:particle { pos = { 0, R }, vel = { 3, 0 }, radius = R }
    world:step(240)
    local expected = 3 ^ 2 / (2 * 0.5 * 9.81)
    check_near((block:pos()), expected, 0.01 * expected,
               integrator .. ": braking from 3 m/s with mu 0.5 stops at v^2 / (2 mu g) (1%)")

    -- glancing: pool balls from above, the second 0.8 of a diameter off the line
    world = loom.world { integrator = integrator, gravity = { 0, 0, 0 }, collide_particles = true }
    local a = world:particle { pos = { -0.5, 0 }, vel = { 2, 0 }, radius = 0.1 }
    local b = world:particle { pos = { 0, 0.16 }, radius = 0.1 }
    a:set_restitution(1)
    b:set_restitution(1)
    world:step(60)
    -- at the touch the line of centres is asin 0.8 = 53.13 degrees up: b
    -- leaves along it at 2 cos 53.13 = 1.2 m/s, a square to it at 1.6 m/s
    local up = math.deg(math.asin(0.8))
    local ax, ay = a:vel()
    local bx, by = b:vel()
    check(math.abs(math.deg(math.atan(by, bx)) - up) <= 2 and
          math.abs(math.deg(math.atan(ay, ax)) - (up - 90)) <= 2,
          integrator .. ": a glancing hit sends the balls off at 53.13 and -36.87 degrees (2 degrees)")
    check(math.abs(math.sqrt(bx * bx + by * by) / 1.2 - 1) <= 0.04 and
          math.abs(math.sqrt(ax * ax + ay * ay) / 1.6 - 1) <= 0.04,
          integrator .. ": ... at 1.2 and 1.6 m/s (4%)")
end

-- Newton's cradle: at every strike over 10 s the ball that leaves takes at
-- least 0.97 of the striking ball's speed, the others keep at most 0.03 of it.
local function strikes(world, balls, seconds)
    local n, worst_leave, worst_others, count = #balls, math.huge, 0, 0
    local before = {}
    for i = 1, n do before[i] = (balls[i]:vel()) end
    for _ = 1, 60 * seconds do
        world:step()
        local v = {}
        for i = 1, n do v[i] = (balls[i]:vel()) end
        local from, to, sign
        if before[1] > 0.2 and v[n] > 0.2 and before[n] < 0.05 then
            from, to, sign = 1, n, 1
        elseif before[n] < -0.2 and v[1] < -0.2 and before[1] > -0.05 then
            from, to, sign = n, 1, -1
        end
        if from then
            local arrived, others = sign * before[from], 0
            for i = 1, n do
                if i ~= to then others = math.max(others, math.abs(v[i])) end
            end
            count = count + 1
            worst_leave = math.min(worst_leave, sign * v[to] / arrived)
            worst_others = math.max(worst_others, others / arrived)
        end
        before = v
    end
    return count, worst_leave, worst_others
end

for _, integrator in ipairs(INTEGRATORS) do
    -- the plain one: five balls on 1 m sticks, the first pulled back 30 degrees
    local world = loom.world { integrator = integrator, collide_particles = true }
    local balls = {}
    for i = 1, 5 do
        local x = (i - 3) * 0.2
        local top = world:particle { pos = { x, 1 }, mass = 0 }
        local pos = { x, 0 }
        if i == 1 then pos = { x - math.sin(math.rad(30)), 1 - math.cos(math.rad(30)) } end
        balls[i] = world:particle { pos = pos, radius = 0.1 }
        balls[i]:set_restitution(1)
        world:stick(top, balls[i])
    end
    local count, leave, others = strikes(world, balls, 10)
    check(count >= 8 and leave >= 0.97 and others <= 0.03, string.format(
        "%s: a plain cradle, %d strikes in 10 s: the last ball leaves with >= 0.97 of the " ..
        "striker's speed (%.4f), the others <= 0.03 (%.4f)", integrator, count, leave, others))
end

do
    local world = assert(loadfile("examples/collide_newton_cradle.lua"))()
    local balls = {}
    for _, p in ipairs(world:particles()) do
        if p:mass() > 0 then balls[#balls + 1] = p end
    end
    local count, leave, others = strikes(world, balls, 10)
    check(count >= 8 and leave >= 0.97 and others <= 0.03, string.format(
        "collide_newton_cradle.lua, %d strikes in 10 s: the last ball leaves with >= 0.97 of " ..
        "the striker's speed (%.4f), the others <= 0.03 (%.4f)", count, leave, others))
end

-- collide_bounce_restitution.lua: after the first bounce the balls reach
-- 81%, 56%, 25% and 6% of the 2.5 m drop (their bottoms, 2.38 m up), and
-- each next bounce e^2 of the one before while it is over 5 cm.
do
    local world = assert(loadfile("examples/collide_bounce_restitution.lua"))()
    local es, drop = { 0.9, 0.75, 0.5, 0.25 }, 2.5 - 0.12
    local balls, state = world:particles(), {}
    for i = 1, #balls do state[i] = { peaks = { drop }, high = -1, rising = false, previous = 0 } end
    for _ = 1, 60 * 6 do
        world:step()
        for i, ball in ipairs(balls) do
            local s, _, y = state[i], ball:pos()
            local _, vy = ball:vel()
            s.rising = s.rising or vy > 0
            if s.rising then
                s.high = math.max(s.high, y - 0.12)
                if vy <= 0 and s.previous > 0 then
                    s.peaks[#s.peaks + 1], s.high, s.rising = s.high, -1, false
                end
            end
            s.previous = vy
        end
    end
    for i, e in ipairs(es) do
        local peaks, worst = state[i].peaks, 0
        for k = 2, #peaks do
            if peaks[k] > 0.05 then
                worst = math.max(worst, math.abs(peaks[k] / peaks[k - 1] / (e * e) - 1))
            end
        end
        check(#peaks >= 2 and math.abs(peaks[2] / drop / (e * e) - 1) <= 0.01 and worst <= 0.01,
              string.format("collide_bounce_restitution.lua, e = %g: the first bounce reaches " ..
                            "%.0f%% of the drop, each next e^2 of the last (1%%; worst %.2f%%)",
                            e, 100 * e * e, 100 * worst))
    end
end

-- collide_slide_friction.lua: on the 30 degree ramps the blocks slide down
-- at g (sin 30 - mu cos 30), 2.36 m/s^2 for mu = 0.3 and 0.49 for 0.52 (the
-- header's figures, 0.1%), and the one on mu = 0.8 holds (under 1 mm).
do
    local world = assert(loadfile("examples/collide_slide_friction.lua"))()
    local blocks, start = world:particles(), {}
    for i, block in ipairs(blocks) do start[i] = { block:pos() } end
    world:step(60)
    local function moved(i)
        local x, y = blocks[i]:pos()
        return math.sqrt((x - start[i][1]) ^ 2 + (y - start[i][2]) ^ 2)
    end
    for i, mu in ipairs { 0.3, 0.52 } do
        local expected = 9.81 * (math.sin(math.rad(30)) - mu * math.cos(math.rad(30)))
        check_near(2 * moved(i), expected, 0.001 * expected, string.format(
            "collide_slide_friction.lua: mu = %g slides at g (sin 30 - mu cos 30) = %.2f m/s^2",
            mu, expected))
    end
    check(moved(3) < 1e-3, "collide_slide_friction.lua: mu = 0.8 holds its block")
end

-- particles_box.lua: with restitution 0.8 the particles lose 1 - 0.8^2 =
-- 36% of their height above the floor on every bounce (3%), the walls
-- turning only their horizontal speed around (rebounds that touched the
-- ceiling are left out).
do
    local world = assert(loadfile("examples/particles_box.lua"))()
    local particles, state = world:particles(), {}
    for i = 1, #particles do state[i] = { peaks = {}, high = -1, rising = false, previous = 0 } end
    for _ = 1, 60 * 8 do
        world:step()
        for i, p in ipairs(particles) do
            local s, _, y = state[i], p:pos()
            local _, vy = p:vel()
            s.rising = s.rising or vy > 0
            if s.rising then
                s.high = math.max(s.high, y - p:radius())
                if vy <= 0 and s.previous > 0 then
                    s.peaks[#s.peaks + 1], s.high, s.rising = s.high, -1, false
                end
            end
            s.previous = vy
        end
    end
    local worst, count = 0, 0
    for i, p in ipairs(particles) do
        local peaks, ceiling = state[i].peaks, 3 - 2 * p:radius() - 1e-3
        for k = 2, #peaks do
            if peaks[k] > 0.05 and peaks[k - 1] < ceiling then
                count = count + 1
                worst = math.max(worst, math.abs(peaks[k] / peaks[k - 1] / 0.64 - 1))
            end
        end
    end
    check(count >= 20 and worst <= 0.03, string.format(
        "particles_box.lua: %d bounces, each to 0.8^2 = 64%% of the height before (3%%; worst %.2f%%)",
        count, 100 * worst))
end
