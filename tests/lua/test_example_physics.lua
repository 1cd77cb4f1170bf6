-- test_example_physics.lua - the physics the new examples teach, run from
-- the example files themselves.
local t = require "harness"
local check, check_near = t.check, t.check_near

-- collide_newton_cradle.lua: after the strike the last ball leaves with the
-- speed the first arrived with, the others nearly still.
do
    local world = assert(loadfile("examples/collide_newton_cradle.lua"))()
    local all = world:particles()
    local balls = {}
    for _, p in ipairs(all) do
        if p:mass() > 0 then balls[#balls + 1] = p end
    end
    check(#balls == 5, "the cradle has five balls")
    local arrival, best, others = 0, 0, 0
    for _ = 1, 45 do
        local vx = balls[1]:vel()
        arrival = math.max(arrival, vx)
        world:step()
        local last = balls[5]:vel()
        if last > best then
            best = last
            others = 0
            for i = 1, 4 do others = math.max(others, math.abs((balls[i]:vel()))) end
        end
    end
    local expected = math.sqrt(2 * 9.81 * (1 - math.cos(math.rad(40))))
    check_near(arrival, expected, 0.03 * expected, "the first ball arrives at sqrt(2 g L (1 - cos 40))")
    check_near(best, arrival, 0.05 * arrival, "the last ball leaves at the arrival speed (5%)")
    check(others < 0.1, "the other four stay nearly still (" .. others .. " m/s)")
end

-- constraints_double_pendulum_shake.lua: over 10 s the shake pendulum's
-- 1-second mean energy stays within 2% of the 29.4 J span of its start
-- (loom.update steps the hidden jakobsen world alongside, as in the window;
-- tests/engine_shake.c checks that one loses its energy).
do
    local world = assert(loadfile("examples/constraints_double_pendulum_shake.lua"))()
    local update = loom.update
    local worst, sum = 0, 0
    for s = 1, 600 do
        update(1 / 60)
        world:step()
        sum = sum + world:energy().total
        if s % 60 == 0 then
            worst = math.max(worst, math.abs(sum / 60))
            sum = 0
        end
    end
    check(worst < 0.02 * 3 * 9.81, ("shake: every 1 s mean energy within 2%% of the span (%.3f J)")
          :format(worst))
    local moving = {}
    for _, p in ipairs(world:particles()) do
        if p:mass() > 0 then moving[#moving + 1] = p end
    end
    check(#moving == 2, "the shown world holds the shake pendulum")
    loom.update = nil
end

-- spring_integrators.lua: the shown world is the RK4 one; over 5 s it stays
-- on x = A cos(omega t) to 1e-4 m (midpoint is off by 4e-3), while the worlds stepped by loom.update
-- keep pace with it (one step each per frame).
do
    local world = assert(loadfile("examples/spring_integrators.lua"))()
    local update = loom.update
    local bob
    for _, p in ipairs(world:particles()) do
        if p:mass() > 0 then bob = p end
    end
    local worst = 0
    for _ = 1, 300 do
        update(1 / 60)
        world:step()
        worst = math.max(worst, math.abs(bob:pos() - 0.5 * math.cos(math.sqrt(40) * world:time())))
    end
    check(worst < 1e-4, ("rk4 on the stiff spring: within 1e-4 m of the exact x for 5 s (%.2g m)")
          :format(worst))
    loom.update = nil
end

-- forces_medium_drag.lua: the shown ball (k = 2 kg/s, 1 kg, 4 m/s) follows
-- v = v0 exp(-k t / m) and ends at m v0 / k = 2 m, never past it.
do
    local world = assert(loadfile("examples/forces_medium_drag.lua"))()
    local update = loom.update
    local ball = world:particles()[1]
    local x0 = ball:pos()
    local farthest, at_one = -math.huge, nil
    for s = 1, 240 do
        update(1 / 60)
        world:step()
        farthest = math.max(farthest, ball:pos() - x0)
        if s == 60 then at_one = ball:vel() end
    end
    check_near(at_one, 4 * math.exp(-2), 0.02 * 4 * math.exp(-2), "after 1 s, v = v0 e^(-k t / m) (2%)")
    check(farthest <= 2 and farthest > 0.97 * 2, ("it stops within 3%% short of m v0 / k = 2 m, never past (%.4f m)")
          :format(farthest))
    loom.update = nil
end

-- constraints_sqrt_approx.lua: the approximate chain stretches no more than
-- the exact one (plus 0.1% of a link) at any time over 3 s, both under 5%.
do
    local world = assert(loadfile("examples/constraints_sqrt_approx.lua"))()
    local sticks = {}
    for _, p in ipairs(world:particles()) do sticks[#sticks + 1] = p end
    local update = loom.update
    local worst_gap, worst = 0, 0
    local function stretch(chain)
        local largest = 0
        for i = 2, #chain do
            local ax, ay = chain[i - 1]:pos()
            local bx, by = chain[i]:pos()
            largest = math.max(largest, math.abs(math.sqrt((ax - bx) ^ 2 + (ay - by) ^ 2) - 0.15) / 0.15)
        end
        return largest
    end
    local left, right = {}, {}
    for i = 1, 11 do left[i], right[i] = sticks[i], sticks[11 + i] end
    for _ = 1, 180 do
        world:step()
        update(1 / 60)
        local a, b = stretch(left), stretch(right)
        worst = math.max(worst, a, b)
        worst_gap = math.max(worst_gap, b - a)
    end
    check(worst < 0.05, ("both chains stay within 5%% of their links (%.4f)"):format(worst))
    check(worst_gap < 0.001, ("the approximation adds under 0.1%% of stretch (%.5f)"):format(worst_gap))
    loom.update = nil
end

-- constraints_adaptive_tolerance.lua: over 5 s the adaptive world (tolerance
-- 0.1 mm, at most 20 sweeps) sweeps at most a third as often as its fixed
-- twin, more on impact than at rest, and its sticks end within 1 mm of
-- their lengths (under 5 cm on impact; the fixed twin peaks at 3.3 cm).
do
    local world = assert(loadfile("examples/constraints_adaptive_tolerance.lua"))()
    local update = loom.update
    local adaptive, most, worst, at_rest = 0, 0, 0, nil
    for s = 1, 300 do
        update(1 / 60)
        world:step()
        local stats = world:stats()
        adaptive = adaptive + stats.sweeps
        most = math.max(most, stats.sweeps)
        worst = math.max(worst, stats.max_error)
        if s == 300 then at_rest = stats end
    end
    check(adaptive < 300 * 20 / 3, ("adaptive: %d sweeps in 5 s, under a third of 6000"):format(adaptive))
    check(most >= 2 * at_rest.sweeps and at_rest.sweeps >= 1,
          ("more sweeps on impact (%d) than at rest (%d)"):format(most, at_rest.sweeps))
    check(at_rest.max_error < 1e-3, ("at rest every stick within 1 mm (%.2g m)"):format(at_rest.max_error))
    check(worst < 0.05, ("the worst error on impact stays under 5 cm (%.3f m)"):format(worst))
    loom.update = nil
end
