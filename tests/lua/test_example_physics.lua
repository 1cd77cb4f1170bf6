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

-- constraints_double_pendulum_shake.lua returns its two worlds, which
-- loom steps side by side (here, as the host does, each once a frame):
-- over 60 s the shake pendulum's 1-second mean energy stays within 0.01 J
-- of its start and every frame's within 0.1 J, as its header says, while
-- the jakobsen one loses 18.8 J of its 29.4 J swing in 10 s and 28.8 J in
-- a minute.
do
    local jakobsen, shake = assert(loadfile("examples/constraints_double_pendulum_shake.lua"))()
    check(jakobsen:settings().name == "jakobsen" and shake:settings().name == "shake",
          "the scene returns both worlds, jakobsen first")
    check(jakobsen:settings().projection == "jakobsen" and shake:settings().projection == "shake",
          "each world projects its own way")
    local update = loom.update
    local worst, sum, every, lost, lost_10 = 0, 0, 0, 0, nil
    for s = 1, 3600 do
        update(1 / 60)
        jakobsen:step()
        shake:step()
        local e = shake:energy().total
        every = math.max(every, math.abs(e))
        sum = sum + e
        lost = -jakobsen:energy().total
        if s == 600 then lost_10 = lost end
        if s % 60 == 0 then
            worst = math.max(worst, math.abs(sum / 60))
            sum = 0
        end
    end
    check(worst < 0.01, ("shake: every 1 s mean energy within 0.01 J for 60 s (%.3f J)"):format(worst))
    check(every < 0.1, ("shake: every frame within 0.1 J (%.3f J)"):format(every))
    check(math.abs(lost_10 - 18.8) < 0.5 and math.abs(lost - 28.8) < 0.5,
          ("jakobsen loses 18.8 J in 10 s and 28.8 J in 60 s (%.2f J, %.2f J)"):format(lost_10, lost))
    check(jakobsen:time() == shake:time(), "both at the same time")
    loom.update = nil
end

-- spring_integrators.lua shows its six worlds overlaid (loom.show); stepped
-- once a frame each, as loom steps them: the figures of its header, the
-- worst distance of each integrator from x = A cos(omega t) over 10 s (read
-- from the plot it draws), within 10%: Euler 9.8 m, semi-implicit Euler
-- 4.1 cm, the Verlets 1.4 cm, midpoint 5.7 cm (farther than the Verlets),
-- RK4 32 um.
do
    local plot, worst = loom.plot, {}
    rawset(loom, "plot", function(name, value, options)
        worst[name] = math.max(worst[name] or 0, value)
        return plot(name, value, options)
    end)
    local _, scene = assert(loadfile("examples/spring_integrators.lua"))()
    check(#scene.worlds == 6, "six worlds, one per integrator")
    local update = loom.update
    for _ = 1, 600 do
        update(1 / 60)
        for _, w in ipairs(scene.worlds) do w:step() end
    end
    rawset(loom, "plot", plot)
    loom.update = nil
    local header = { euler = 9.8, semi_implicit_euler = 0.041, verlet = 0.014,
                     velocity_verlet = 0.014, midpoint = 0.057, rk4 = 32e-6 }
    for name, figure in pairs(header) do
        check(worst[name] and math.abs(worst[name] / figure - 1) <= 0.1,
              ("spring_integrators: %s is %.3g m off at worst over 10 s (header: %g)")
                  :format(name, worst[name] or -1, figure))
    end
    check(worst.midpoint > 3 * worst.verlet, "spring_integrators: midpoint is farther off than Verlet")
end

-- constraints_xpbd_vs_stiffness.lua shows a world of 4 iterations and one
-- of 32 side by side. After 4 s the stiffness-0.1 chain stretches far more
-- at 4 iterations than at 32; the XPBD chain's end is within 1 cm of
-- alpha m g (9 + ... + 1) = 0.22 m below rest (its links' stretch
-- summed), at 4 and at 32 iterations alike.
do
    local _, scene = assert(loadfile("examples/constraints_xpbd_vs_stiffness.lua"))()
    for _ = 1, 240 do
        scene.w4:step()
        scene.w32:step()
    end
    local function stretch(chain)
        return 0.15 * 9 - (2 - select(2, chain[#chain]:pos()))
    end
    local plain4, plain32 = -stretch(scene.plain4), -stretch(scene.plain32)
    local xpbd4, xpbd32 = -stretch(scene.xpbd4), -stretch(scene.xpbd32)
    check(plain4 > 2 * plain32, ("stiffness 0.1: %.3f m at 4 iterations, %.3f m at 32"):format(plain4, plain32))
    local expected = 2e-3 * 0.25 * 9.81 * 45
    check(math.abs(xpbd4 - expected) < 0.01 and math.abs(xpbd32 - expected) < 0.01,
          ("XPBD: %.3f m at 4 iterations, %.3f m at 32 (expected %.3f)"):format(xpbd4, xpbd32, expected))
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

-- cloth_springs_midpoint_rk4.lua: Lander's spring cloth at the builder's
-- stable springs (k = 100 N/m at 8 sub-steps) stays bounded with both:
-- over 5 s the energy never rises more than 0.1 J above where it was 0.5 s
-- before (it falls 3 J as the cloth settles; the largest rises are 0.03 J
-- for midpoint and 0.05 J for RK4, in the first fall), the cloth hangs about its
-- own length (the lowest particle between 0.6 and 1.2 m down: at 1
-- sub-step the builder's floppy springs let it hang 5 m) and no structural
-- spring stretches past 40%.
do
    local _, cloths = assert(loadfile("examples/cloth_springs_midpoint_rk4.lua"))()
    local update = loom.update
    local energy = { midpoint = {}, rk4 = {} }
    for s = 1, 300 do
        update(1 / 60)
        for name, c in pairs(cloths) do
            c.world:step() -- loom steps both shown worlds once a frame
            energy[name][s] = c.world:energy().total
        end
    end
    for _, name in ipairs { "midpoint", "rk4" } do
        local c, e = cloths[name], energy[name]
        local rise = 0
        for s = 31, 300 do rise = math.max(rise, e[s] - e[s - 30]) end
        check(rise < 0.1, ("%s: the spring cloth never gains energy (largest rise in 0.5 s %.3f J)")
              :format(name, rise))
        check(e[300] < -2.5, ("%s: it settles, losing what it fell (%.2f J)"):format(name, e[300]))
        local lowest, stretch = 0, 0
        for _, p in ipairs(c.world:particles()) do lowest = math.min(lowest, (select(2, p:pos()))) end
        for _, spring in ipairs(c.sheet.structural) do
            local a, b = spring:particles()
            local ax, ay, az = a:pos()
            local bx, by, bz = b:pos()
            stretch = math.max(stretch, math.sqrt((ax - bx) ^ 2 + (ay - by) ^ 2 + (az - bz) ^ 2) * 11 - 1)
        end
        check(lowest < -0.6 and lowest > -1.2, ("%s: it hangs about its length (lowest %.3f m)")
              :format(name, lowest))
        check(stretch < 0.4, ("%s: no thread stretched past 40%% (%.1f%%)"):format(name, 100 * stretch))
    end
    loom.update = nil
end

-- loom.cloth's default springs are stable under every integrator but
-- explicit Euler, at 1 and at 8 sub-steps: a cloth dropped for 2 s stays
-- within 3 m of its pins (tests/cli_springs.sh: and world:spring says
-- nothing about them: midpoint's limit grows with their damping).
do
    local cloth = require "loom.cloth"
    for _, integrator in ipairs { "semi_implicit_euler", "verlet", "velocity_verlet", "midpoint", "rk4" } do
        for _, substeps in ipairs { 1, 8 } do
            local w = loom.world { integrator = integrator, substeps = substeps }
            cloth.grid(w, { nu = 8, nv = 8, kind = "spring", pin = { "top_left", "top_right" } })
            w:step(120)
            local lowest = 0
            for _, p in ipairs(w:particles()) do lowest = math.min(lowest, (select(2, p:pos()))) end
            check(lowest > -3 and lowest == lowest,
                  ("%s at %d sub-steps: the default spring cloth stays bounded (lowest %.2f m)")
                      :format(integrator, substeps, lowest))
        end
    end
end

-- collide_stacked_tetrahedra.lua: six faced tetrahedra dropped into a bin
-- pile up with no corner ever inside another body, no two centroids nearer
-- than twice a body's inradius (0.204 m: they cannot overlap by an edge
-- either), at least one resting on others (its centroid higher than one
-- alone on the floor could be) and all at rest after 10 s.
do
    local world, scene = assert(loadfile("examples/collide_stacked_tetrahedra.lua"))()
    local bodies = scene.bodies
    local update = loom.update
    local function centroid(body)
        local c = { 0, 0, 0 }
        for _, p in ipairs(body.particles) do
            local x, y, z = p:pos()
            c[1], c[2], c[3] = c[1] + x / 4, c[2] + y / 4, c[3] + z / 4
        end
        return c
    end
    local nearest = math.huge
    for _ = 1, 600 do
        world:step()
        update(1 / 60)
        for i = 1, #bodies do
            for j = i + 1, #bodies do
                local a, b = centroid(bodies[i]), centroid(bodies[j])
                nearest = math.min(nearest, math.sqrt((a[1] - b[1]) ^ 2 + (a[2] - b[2]) ^ 2 + (a[3] - b[3]) ^ 2))
            end
        end
    end
    local found = scene.found()
    check(found == 0, ("no corner of a tetrahedron is ever inside another (%d found)"):format(found))
    check(nearest > 2 * 0.5 / (2 * math.sqrt(6)), ("no two overlap: centroids at least 0.204 m apart (%.3f m)")
          :format(nearest))
    local highest, lowest = 0, math.huge
    for _, body in ipairs(bodies) do
        highest = math.max(highest, centroid(body)[2])
        for _, p in ipairs(body.particles) do lowest = math.min(lowest, (select(2, p:pos()))) end
    end
    check(highest > 0.2, ("they pile: one rests on others, its centroid %.3f m up (alone on the floor "
                          .. "0.10 m face down, 0.18 m edge down)"):format(highest))
    check(lowest > -1e-3, ("none is pushed into the floor (lowest corner %.4f m)"):format(lowest))
    check(world:energy().kinetic < 0.01, ("and come to rest (%.4f J kinetic)"):format(world:energy().kinetic))
    loom.update = nil
end
