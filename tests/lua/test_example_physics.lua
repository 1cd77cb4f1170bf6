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
