-- test_example_figures.lua - the figures example headers state, checked
-- against a headless run of the example file itself with its own settings
-- (issue 20: every number a header gives is measured by a test). More are
-- in test_example_physics.lua, test_impacts.lua and test_defaults.lua.
local t = require "harness"
local check = t.check

-- draw_projectile_energy.lua: the plotted total (world:energy(), from the
-- floor up) stays within 1e-10 J through each of the first three flights
-- (11.155 J on the first; the fourth ends on a wall), and each apex is e^2 =
-- 64% as high above the floor as the one before (within 1%).
do
    local world = assert(loadfile("examples/draw_projectile_energy.lua"))()
    local update = loom.update
    local ball = world:particles()[1]
    local M, G, R = 0.5, 9.81, 0.1
    local function total() return world:energy().total - M * G * R end
    local flights, e0, worst = 0, nil, 0
    local apexes, high, bounced, before = {}, -1, true, 1
    for _ = 1, 60 * 4 do
        world:step()
        update(1 / 60)
        local _, y = ball:pos()
        local _, vy = ball:vel()
        if y - R > 0.05 and flights < 3 then
            e0 = e0 or total()
            worst = math.max(worst, math.abs(total() - e0))
        elseif e0 and y - R <= 0.05 then
            flights, e0 = flights + 1, nil
        end
        if bounced then high = math.max(high, y - R) end
        if bounced and before > 0 and vy <= 0 then
            apexes[#apexes + 1], high, bounced = high, -1, false
        end
        if before < 0 and vy > 0 then bounced = true end
        before = vy
    end
    check(flights == 3 and worst < 1e-10, ("draw_projectile_energy: the total stays flat in %d flights "
          .. "(within %.2g J, 1e-10 allowed)"):format(flights, worst))
    check(math.abs(apexes[1] + R - 2.225) < 0.01, ("the first apex is h + v^2 sin^2(a) / 2g (%.4f m above the floor)")
          :format(apexes[1]))
    local off = 0
    for k = 2, #apexes do off = math.max(off, math.abs(apexes[k] / apexes[k - 1] / 0.64 - 1)) end
    check(#apexes >= 4 and off < 0.01, ("each of %d apexes is 64%% of the one before (worst %.2f%% off, 1%% allowed)")
          :format(#apexes, 100 * off))
    loom.update = nil
end

-- rigid_tetrahedron.lua: its 0.7 m edges stay within 1 mm through every
-- impact, and it is at rest (kinetic energy under 0.1 mJ) 1.3 s after the
-- throw; with Jakobsen's one sweep at one sub-step they stretch about 5 cm.
do
    local function run(jakobsen)
        local world = assert(loadfile("examples/rigid_tetrahedron.lua"))()
        if jakobsen then world:set { projection = "jakobsen", substeps = 1, iterations = 1 } end
        local worst, rest = 0, nil
        for s = 1, 60 * 3 do
            world:step()
            worst = math.max(worst, world:stats().max_error)
            if not rest and s > 60 and world:energy().kinetic < 1e-4 then rest = s / 60 end
        end
        return worst, rest
    end
    local worst, rest = run(false)
    check(worst < 1e-3, ("rigid_tetrahedron: edges within 1 mm through every impact (%.3f mm)"):format(1e3 * worst))
    check(rest and rest >= 1.2 and rest <= 1.45, ("at rest 1.3 s after the throw (%s s)"):format(rest))
    local stretched = run(true)
    check(stretched > 0.04 and stretched < 0.06,
          ("with one Jakobsen sweep the edges stretch about 5 cm (%.1f cm)"):format(100 * stretched))
end

-- spring_pendulum.lua: the swing takes 2.68 s at first and 2.53 s after
-- 20 s (the bob crossing below the anchor the same way, interpolated); with
-- RK4 the energy never rises from a frame to the next and falls 3.7 J in
-- 10 s; with euler it ends 20 s above where it started.
do
    local function run(integrator)
        local world = assert(loadfile("examples/spring_pendulum.lua"))()
        if integrator then world:set { integrator = integrator } end
        local bob = world:particles()[2]
        local e0 = world:energy().total
        local last, rise, e10, crossings, x_before = e0, 0, nil, {}, bob:pos()
        for s = 1, 60 * 20 do
            world:step()
            local e = world:energy().total
            rise, last = math.max(rise, e - last), e
            if s == 600 then e10 = e end
            local x = bob:pos()
            if x_before > 0 and x <= 0 then crossings[#crossings + 1] = s / 60 - x / (x - x_before) / 60 end
            x_before = x
        end
        return crossings, rise, e0 - e10, last - e0
    end
    local crossings, rise, lost = run(nil)
    local first, late = crossings[2] - crossings[1], crossings[#crossings] - crossings[#crossings - 1]
    check(math.abs(first - 2.68) < 0.01 and math.abs(late - 2.53) < 0.01,
          ("spring_pendulum: the swing takes 2.68 s, then 2.53 s after 20 s (%.3f s, %.3f s)"):format(first, late))
    check(rise == 0 and math.abs(lost - 3.7) < 0.05,
          ("rk4: the energy never rises (largest rise %.2g J) and falls 3.7 J in 10 s (%.3f J)"):format(rise, lost))
    local _, _, _, gained = run("euler")
    check(gained > 0, ("euler: 20 s later the energy is above its start (%+.3f J)"):format(gained))
end

-- constraints_xpbd_vs_stiffness.lua: after 10 s the XPBD chains' ends hang
-- alpha m g (9 + 8 + ... + 1) = 0.2207 m below the unstretched line at 4
-- and at 32 iterations (0.1 mm), the stiffness-0.1 chains 13 cm and 1.6 cm.
do
    local _, chains = assert(loadfile("examples/constraints_xpbd_vs_stiffness.lua"))()
    chains.w4:step(600)
    chains.w32:step(600)
    local function drop(chain)
        local _, y = chain[#chain]:pos()
        return (2 - 9 * 0.15) - y
    end
    local xpbd = 2e-3 * 0.25 * 9.81 * 45
    local x4, x32 = drop(chains.xpbd4), drop(chains.xpbd32)
    check(math.abs(x4 - xpbd) < 1e-4 and math.abs(x32 - xpbd) < 1e-4,
          ("xpbd: both ends %.4f m below the line at 4 and 32 iterations (%.5f m, %.5f m)"):format(xpbd, x4, x32))
    local p4, p32 = drop(chains.plain4), drop(chains.plain32)
    check(math.abs(p4 - 0.13) < 0.005 and math.abs(p32 - 0.016) < 0.001,
          ("stiffness 0.1: 13 cm at 4 iterations, 1.6 cm at 32 (%.2f cm, %.2f cm)"):format(100 * p4, 100 * p32))
end

-- collide_stick_bump.lua: after 10 s the sticks over the round bumps lie
-- level on their tops (18 and 16 cm up), the one over the sharp block has
-- tipped off it (one end on the floor, 4 cm up, the other leaning higher);
-- with collide_edges = false every end lies on the floor.
do
    local function ends(edges)
        local world = assert(loadfile("examples/collide_stick_bump.lua"))()
        world:set { collide_edges = edges }
        world:step(600)
        local ps, heights = world:particles(), {}
        for i, p in ipairs(ps) do
            local _, y = p:pos()
            heights[i] = y
        end
        return heights
    end
    local h = ends(true)
    check(math.abs(h[1] - 0.18) < 0.002 and math.abs(h[2] - 0.18) < 0.002,
          ("collide_stick_bump: the stick on the ball lies level on its top, 18 cm up (%.4f, %.4f m)")
          :format(h[1], h[2]))
    check(math.abs(h[3] - 0.16) < 0.002 and math.abs(h[4] - 0.16) < 0.002,
          ("the stick on the capsule lies level on its top, 16 cm up (%.4f, %.4f m)"):format(h[3], h[4]))
    check(math.abs(math.min(h[5], h[6]) - 0.04) < 0.002 and math.max(h[5], h[6]) > 0.2,
          ("the stick on the sharp block tipped off: one end on the floor (%.4f m), one leaning (%.3f m)")
          :format(math.min(h[5], h[6]), math.max(h[5], h[6])))
    local worst = 0
    for _, y in ipairs(ends(false)) do worst = math.max(worst, math.abs(y - 0.04)) end
    check(worst < 0.002, ("without collide_edges every end falls to the floor, 4 cm up (%.4f m off)"):format(worst))
end

-- goal_slinky.lua: from 2 s to 10 s the top vertex stays within 2.3 cm of
-- its goal (0.9 cm root mean square), the bottom one lags up to 9.6 cm
-- (2.5 cm) (each within 0.2 cm).
do
    local world = assert(loadfile("examples/goal_slinky.lua"))()
    local update = loom.update
    local goals, body = {}, {}
    for _, p in ipairs(world:particles()) do
        local list = p:mass() == 0 and goals or body
        list[#list + 1] = p
    end
    local function lag(i)
        local ax, ay, az = body[i]:pos()
        local bx, by, bz = goals[i]:pos()
        return math.sqrt((ax - bx) ^ 2 + (ay - by) ^ 2 + (az - bz) ^ 2)
    end
    check(#goals == #body and #body > 1 and lag(1) == 0 and lag(#body) == 0,
          "goal_slinky: each body vertex starts on its goal")
    local sum_bottom, sum_top, most_bottom, most_top, n = 0, 0, 0, 0, 0
    for s = 1, 600 do
        update(1 / 60)
        world:step()
        if s > 120 then
            local bottom, top = lag(1), lag(#body)
            sum_bottom, sum_top, n = sum_bottom + bottom * bottom, sum_top + top * top, n + 1
            most_bottom, most_top = math.max(most_bottom, bottom), math.max(most_top, top)
        end
    end
    local rms_bottom, rms_top = math.sqrt(sum_bottom / n), math.sqrt(sum_top / n)
    check(math.abs(most_top - 0.023) < 0.002 and math.abs(rms_top - 0.009) < 0.002,
          ("the stiff top lags up to 2.3 cm, 0.9 cm rms (%.2f cm, %.2f cm)"):format(100 * most_top, 100 * rms_top))
    check(math.abs(most_bottom - 0.096) < 0.002 and math.abs(rms_bottom - 0.025) < 0.002,
          ("the soft bottom lags up to 9.6 cm, 2.5 cm rms (%.2f cm, %.2f cm)")
          :format(100 * most_bottom, 100 * rms_bottom))
    loom.update = nil
end

-- pressure_ball.lua: the gas keeps the ball's area within 0.5% of 1.2 x
-- the ring's built area, pressed or not; pressed it is at most 0.93 m tall
-- and 1.74 m wide (1 cm), from 3.5 s on 1.16 to 1.20 m tall and 1.39 to
-- 1.43 m wide; the ring without gas lies flat.
do
    local world, ball = assert(loadfile("examples/pressure_ball.lua"))()
    local update = loom.update
    local particles = world:particles()
    local ring = {}
    for i = 33, 64 do ring[#ring + 1] = particles[i] end
    local function area(list)
        local a = 0
        for i, p in ipairs(list) do
            local x1, y1 = p:pos()
            local x2, y2 = list[i % #list + 1]:pos()
            a = a + x1 * y2 - x2 * y1
        end
        return math.abs(a) / 2
    end
    local function extent()
        local low, high, left, right = math.huge, -math.huge, math.huge, -math.huge
        for _, p in ipairs(ball.particles) do
            local x, y = p:pos()
            low, high = math.min(low, y), math.max(high, y)
            left, right = math.min(left, x), math.max(right, x)
        end
        return high - low, right - left
    end
    local target = 1.2 * area(ball.particles)
    local area_off, pressed_h, pressed_w, late_h, late_w = 0, math.huge, 0, {}, {}
    for s = 1, 600 do
        world:step()
        update(1 / 60)
        area_off = math.max(area_off, math.abs(area(ball.particles) / target - 1))
        local h, w = extent()
        if s <= 120 then
            pressed_h, pressed_w = math.min(pressed_h, h), math.max(pressed_w, w)
        elseif s >= 210 then
            late_h[#late_h + 1], late_w[#late_w + 1] = h, w
        end
    end
    check(math.abs(target - 1.348) < 0.001 and area_off < 0.005,
          ("pressure_ball: its area stays within 0.5%% of %.4f m^2 (worst %.2f%%)"):format(target, 100 * area_off))
    check(math.abs(pressed_h - 0.93) < 0.01 and math.abs(pressed_w - 1.74) < 0.01,
          ("pressed, 0.93 m tall and 1.74 m wide (%.3f m, %.3f m)"):format(pressed_h, pressed_w))
    local h_low, h_high = math.min(table.unpack(late_h)), math.max(table.unpack(late_h))
    local w_low, w_high = math.min(table.unpack(late_w)), math.max(table.unpack(late_w))
    check(h_low > 1.155 and h_high < 1.205 and w_low > 1.385 and w_high < 1.435,
          ("from 3.5 s, 1.16 to 1.20 m tall and 1.39 to 1.43 m wide (%.3f-%.3f m, %.3f-%.3f m)")
          :format(h_low, h_high, w_low, w_high))
    check(area(ring) < 1e-3, ("the ring without gas lies flat (%.2g m^2)"):format(area(ring)))
    loom.update = nil
end

-- cloth_bend_links.lua: the flap folded up to 120 degrees (the angle of its
-- tip's row seen from the fold, in the x-y plane) lies shut at 180 degrees
-- after 1 s without bend links; with them it is at 138 degrees at 1 s and
-- flat (0 degrees) at 3 s.
do
    local world = assert(loadfile("examples/cloth_bend_links.lua"))()
    local fold_x = -0.8 + 1.6 * 6 / 12
    local function sheet(z0) -- a row across the sheet's middle: its fold particle and its tip
        local tip, fold
        for _, p in ipairs(world:particles()) do
            local x, y, z = p:pos()
            if math.abs(z - (z0 + 0.28)) < 0.01 then
                if not tip or y > select(2, tip:pos()) then tip = p end
                if math.abs(x - fold_x) < 1e-9 then fold = p end
            end
        end
        return function()
            local tx, ty = tip:pos()
            local fx, fy = fold:pos()
            return math.deg(math.atan(ty - fy, tx - fx))
        end
    end
    local plain, bent = sheet(0.2), sheet(-0.9)
    check(math.abs(plain() - 120) < 1e-9 and math.abs(bent() - 120) < 1e-9,
          "cloth_bend_links: both flaps start at 120 degrees")
    world:step(60)
    local plain_1, bent_1 = plain(), bent()
    world:step(120)
    check(plain_1 > 179.9, ("without bend links the flap lies shut after 1 s (%.2f degrees)"):format(plain_1))
    check(math.abs(bent_1 - 138) < 1 and math.abs(bent()) < 0.1,
          ("with them it is at 138 degrees at 1 s and flat at 3 s (%.1f, %.2f degrees)"):format(bent_1, bent()))
end

-- cloth_hanging.lua: relaxed, a structural stick stretches up to 14% while
-- the cloth falls and 8% from 5 to 10 s, a shear stick 4% then (0.5%).
do
    local world, sheet = assert(loadfile("examples/cloth_hanging.lua"))()
    local function stretch(list)
        local most = 0
        for _, c in ipairs(list) do most = math.max(most, c:value() / c:rest() - 1) end
        return most
    end
    local falling, hanging, shear = 0, 0, 0
    for s = 1, 600 do
        world:step()
        local structural = stretch(sheet.structural)
        falling = math.max(falling, structural)
        if s > 300 then
            hanging, shear = math.max(hanging, structural), math.max(shear, stretch(sheet.shear))
        end
    end
    check(math.abs(falling - 0.14) < 0.005 and math.abs(hanging - 0.08) < 0.005 and math.abs(shear - 0.04) < 0.005,
          ("cloth_hanging: sticks stretch 14%% falling, 8%% hanging, shear 4%% (%.1f%%, %.1f%%, %.1f%%)")
          :format(100 * falling, 100 * hanging, 100 * shear))
end

-- collide_ball_pile.lua: after 20 s the 300 balls are at rest (kinetic
-- energy under 1e-9 J), no two overlap by more than 3 mm, and the heavy
-- ones' centres lie 0.56 m up on average, the light ones' 0.77 m (1 cm).
do
    local world = assert(loadfile("examples/collide_ball_pile.lua"))()
    local update = loom.update
    for _ = 1, 60 * 20 do
        update(1 / 60)
        world:step()
    end
    local balls = world:particles()
    local heavy, light, overlap = {}, {}, 0
    for i, p in ipairs(balls) do
        local x, y, z = p:pos()
        local list = p:mass() == 4 and heavy or light
        list[#list + 1] = y
        for j = i + 1, #balls do
            local bx, by, bz = balls[j]:pos()
            local d = math.sqrt((x - bx) ^ 2 + (y - by) ^ 2 + (z - bz) ^ 2)
            overlap = math.max(overlap, p:radius() + balls[j]:radius() - d)
        end
    end
    local function mean(list)
        local sum = 0
        for _, v in ipairs(list) do sum = sum + v end
        return sum / #list
    end
    check(#balls == 300 and world:energy().kinetic < 1e-9,
          ("collide_ball_pile: all %d balls at rest after 20 s (%.2g J)"):format(#balls, world:energy().kinetic))
    check(overlap < 0.003, ("no two overlap by more than 3 mm (%.2f mm)"):format(1e3 * overlap))
    check(math.abs(mean(heavy) - 0.56) < 0.01 and math.abs(mean(light) - 0.77) < 0.01,
          ("heavy balls sink: their centres 0.56 m up on average, the light ones' 0.77 m (%.3f m, %.3f m)")
          :format(mean(heavy), mean(light)))
    loom.update = nil
end

-- cloth_tearing.lua: the first thread breaks at 0.55 s, the sheet is in two
-- parts (joined by no unbroken stick) at 0.88 s, and 49 threads have broken
-- by 3 s, none after 0.88 s.
do
    local world = assert(loadfile("examples/cloth_tearing.lua"))()
    local update = loom.update
    local particles, index, broken = world:particles(), {}, {}
    for i, p in ipairs(particles) do index[p] = i end
    local W, H = 22, 16
    local function key(a, b) return math.min(a, b) * 1000 + math.max(a, b) end
    local function parts() -- connected pieces through unbroken sticks (the example's own pattern)
        local parent = {}
        for i = 1, #particles do parent[i] = i end
        local function find(x)
            while parent[x] ~= x do x = parent[x] end
            return x
        end
        local function join(a, b)
            if not broken[key(a, b)] then parent[find(a)] = find(b) end
        end
        local function at(i, j) return (i - 1) * H + j end
        for i = 1, W do
            for j = 1, H do
                if i < W then join(at(i, j), at(i + 1, j)) end
                if j < H then join(at(i, j), at(i, j + 1)) end
                if i < W and j < H then
                    join(at(i, j), at(i + 1, j + 1))
                    join(at(i + 1, j), at(i, j + 1))
                end
            end
        end
        local roots, n = {}, 0
        for i = 1, #particles do
            local r = find(i)
            if not roots[r] then roots[r], n = true, n + 1 end
        end
        return n
    end
    local first, split, count, late = nil, nil, 0, 0
    for _ = 1, 60 * 3 do
        world:step()
        for _, c in ipairs(world:broken()) do
            local a, b = c:particles()
            broken[key(index[a], index[b])] = true
            count, first = count + 1, first or world:time()
            if split then late = late + 1 end
        end
        update(1 / 60)
        if not split and parts() >= 2 then split = world:time() end
    end
    check(first and math.abs(first - 0.55) < 1e-9 and split and math.abs(split - 0.8833) < 1e-3,
          ("cloth_tearing: the first thread breaks at 0.55 s, two parts at 0.88 s (%s s, %s s)")
          :format(first, split))
    check(count == 49 and late == 0 and parts() == 2,
          ("49 threads broken, none after the split, two parts (%d, %d, %d)"):format(count, late, parts()))
    loom.update = nil
end

-- plant_wind.lua: from 2 to 10 s the bush's stem tip sways between x =
-- -0.37 and 0.05 m above 1.96 m, the reed's between 1.89 and 1.99 m above
-- 2.19 m (5 mm), and the unsupported plant lies flat (every particle 3 cm up).
do
    local world = assert(loadfile("examples/plant_wind.lua"))()
    local particles = world:particles() -- floppy 1-10, bush 11-29, reed 30-39, as grown
    local range = {}
    for _, tip in ipairs { 20, 39 } do range[tip] = { math.huge, -math.huge, math.huge } end
    local floppy_top = -math.huge
    for s = 1, 600 do
        world:step()
        if s > 120 then
            for tip, r in pairs(range) do
                local x, y = particles[tip]:pos()
                r[1], r[2], r[3] = math.min(r[1], x), math.max(r[2], x), math.min(r[3], y)
            end
            for i = 1, 10 do floppy_top = math.max(floppy_top, (select(2, particles[i]:pos()))) end
        end
    end
    local function near(r, low, high, above)
        return math.abs(r[1] - low) < 0.005 and math.abs(r[2] - high) < 0.005 and math.abs(r[3] - above) < 0.005
    end
    check(near(range[20], -0.37, 0.05, 1.96), ("plant_wind: the bush's tip sways from %.3f to %.3f m, above %.3f m")
          :format(range[20][1], range[20][2], range[20][3]))
    check(near(range[39], 1.89, 1.99, 2.19), ("the reed's tip sways from %.3f to %.3f m, above %.3f m")
          :format(range[39][1], range[39][2], range[39][3]))
    check(math.abs(floppy_top - 0.03) < 1e-3, ("the plant without supports lies flat (top %.4f m)"):format(floppy_top))
end

-- ragdoll_fall.lua: over 6 s the knees and elbows of the figure with joint
-- limits stay within their ranges but for 1 degree (measured from the
-- particles, as the signed angle world:angle keeps), the other's bend up
-- to 104 degrees past them.
do
    local world = assert(loadfile("examples/ragdoll_fall.lua"))()
    local update = loom.update
    local particles = world:particles() -- two figures of 11 particles, in ragdoll.lua's order
    local function signed(a, b, c)
        local ax, ay = a:pos()
        local bx, by = b:pos()
        local cx, cy = c:pos()
        local ux, uy, vx, vy = ax - bx, ay - by, cx - bx, cy - by
        return math.deg(math.atan(ux * vy - uy * vx, ux * vx + uy * vy))
    end
    local function outside(angle, min, max) -- degrees past the range from min counter-clockwise to max
        local span, off = (max - min) % 360, (angle - min) % 360
        return off <= span and 0 or math.min(360 - off, off - span)
    end
    -- knees (pelvis, knee, foot: 30 to 180) and elbows (neck, elbow, hand: 175 to -30)
    local joints = { { 3, 8, 9, 30, 180 }, { 3, 10, 11, 30, 180 }, { 2, 4, 5, 175, -30 }, { 2, 6, 7, 175, -30 } }
    local worst = { 0, 0 }
    for _ = 1, 60 * 6 do
        world:step()
        update(1 / 60)
        for figure = 1, 2 do
            local o = 11 * (figure - 1)
            for _, j in ipairs(joints) do
                local angle = signed(particles[o + j[1]], particles[o + j[2]], particles[o + j[3]])
                worst[figure] = math.max(worst[figure], outside(angle, j[4], j[5]))
            end
        end
    end
    check(worst[1] < 1.5, ("ragdoll_fall: with limits, knees and elbows within 1 degree of their ranges (%.2f)")
          :format(worst[1]))
    check(math.abs(worst[2] - 104) < 2, ("without, they bend 104 degrees past them (%.1f)"):format(worst[2]))
    loom.update = nil
end

-- rope_chain.lua: after 30 s the slack rope (1.7 m between pins 1.3 m
-- apart) hangs as deep as the catenary a (cosh(d / 2a) - 1), 2a sinh(d / 2a)
-- = L, within 0.1 mm (48.66 cm).
do
    local world = assert(loadfile("examples/rope_chain.lua"))()
    world:step(60 * 30)
    local particles, low = world:particles(), math.huge
    for i = #particles - 16, #particles do -- the rope's 17 particles come last
        local _, y = particles[i]:pos()
        low = math.min(low, y)
    end
    local function sinh(x) return (math.exp(x) - math.exp(-x)) / 2 end
    local function cosh(x) return (math.exp(x) + math.exp(-x)) / 2 end
    local d, L, lo, hi = 1.3, 1.7, 0.01, 10
    for _ = 1, 200 do
        local a = (lo + hi) / 2
        if 2 * a * sinh(d / (2 * a)) > L then lo = a else hi = a end
    end
    local a = (lo + hi) / 2
    local sag = a * (cosh(d / (2 * a)) - 1)
    check(math.abs((1.6 - low) - sag) < 1e-4 and math.abs(sag - 0.4866) < 1e-4,
          ("rope_chain: the rope hangs %.2f cm deep, the catenary's %.2f cm (0.1 mm)"):format(100 * (1.6 - low), 100 * sag))
end

-- rigid_embedded_box.lua: over 10 s no corner of the box comes nearer than
-- 3.4 cm to a wall of the world box (1 mm), and every distance between two
-- corners stays what it was to 1e-12 m.
do
    local world = assert(loadfile("examples/rigid_embedded_box.lua"))()
    local update = loom.update
    local corners = {}
    for _, p in ipairs(world:particles()) do
        if p:mass() == 0 then corners[#corners + 1] = p end
    end
    local function distances()
        local list = {}
        for i = 1, #corners do
            local ax, ay, az = corners[i]:pos()
            for j = i + 1, #corners do
                local bx, by, bz = corners[j]:pos()
                list[#list + 1] = math.sqrt((ax - bx) ^ 2 + (ay - by) ^ 2 + (az - bz) ^ 2)
            end
        end
        return list
    end
    local start, margin, shape = distances(), math.huge, 0
    for _ = 1, 600 do
        world:step()
        update(1 / 60)
        for _, c in ipairs(corners) do
            local x, y, z = c:pos()
            margin = math.min(margin, x + 1.5, 1.5 - x, y, 2 - y, z + 1, 1 - z)
        end
        for k, d in ipairs(distances()) do shape = math.max(shape, math.abs(d - start[k])) end
    end
    check(#corners == 8 and math.abs(margin - 0.034) < 0.001,
          ("rigid_embedded_box: no corner nearer than 3.4 cm to a wall (%.2f cm)"):format(100 * margin))
    check(shape < 1e-12, ("the box keeps its shape (%.2g m)"):format(shape))
    loom.update = nil
end

-- collide_tablecloth.lua: after 10 s the cloth is at rest (under 1 mJ), 160
-- of its 576 particles lie on the table top, none inside the table, and its
-- lowest point hangs 0.25 m above the floor (5 mm).
do
    local world = assert(loadfile("examples/collide_tablecloth.lua"))()
    world:step(600)
    local particles = world:particles()
    local on_top, inside, low = 0, 0, math.huge
    for _, p in ipairs(particles) do
        local x, y, z = p:pos()
        if math.abs(x) < 0.6 and math.abs(z) < 0.4 then
            if y > 0.74 then on_top = on_top + 1 end
            if y < 0.75 - 1e-6 then inside = inside + 1 end
        end
        low = math.min(low, y)
    end
    check(#particles == 576 and on_top == 160 and inside == 0,
          ("collide_tablecloth: %d of %d particles on the table top, %d inside it"):format(on_top, #particles, inside))
    check(math.abs(low - 0.25) < 0.005 and world:energy().kinetic < 1e-3,
          ("it hangs 0.25 m above the floor at rest (%.3f m, %.2g J)"):format(low, world:energy().kinetic))
end

-- collide_cloth_pole.lua: after 10 s the cloth with faces hangs from the
-- tip (its highest point 0.915 m up, 1 mm), the one without lies on the
-- floor (every particle at its 1 cm radius).
do
    local world = assert(loadfile("examples/collide_cloth_pole.lua"))()
    world:step(600)
    local high = { -math.huge, -math.huge }
    for i, p in ipairs(world:particles()) do -- 256 particles each, faces first
        local _, y = p:pos()
        local c = i <= 256 and 1 or 2
        high[c] = math.max(high[c], y)
    end
    check(math.abs(high[1] - 0.915) < 0.001,
          ("collide_cloth_pole: with faces the cloth hangs on the tip, 0.915 m up (%.4f m)"):format(high[1]))
    check(math.abs(high[2] - 0.01) < 1e-6, ("without, it lies on the floor (highest %.4f m)"):format(high[2]))
end

-- collide_cloth_spheres.lua: over 10 s no cloth particle comes nearer to a
-- hip than its 1 cm radius (the last collider pass of every step leaves a
-- touching particle on the surface: rounding only, 1e-9 m allowed; pinned
-- where a rising hip reached them, the waist's particles were 2.8 cm inside
-- it), from 2 s on 7 to 35 of the 484 particles rest on each hip (within
-- 1 mm of its surface; 2 either way, as a particle near 1 mm is counted or
-- not), and the hem's lowest point swings between 0.24 and 0.38 m up (5 mm).
-- The hips' poses are the example's: a step ends where loom.update put
-- them before it.
do
    local world = assert(loadfile("examples/collide_cloth_spheres.lua"))()
    local update = loom.update
    local particles = world:particles()
    local RADIUS, SPACING, HEIGHT = 0.32, 0.36, 1.0
    local least, resting, low = math.huge, { { math.huge, 0 }, { math.huge, 0 } }, { math.huge, -math.huge }
    for s = 1, 600 do
        world:step()
        update(1 / 60)
        local phase = 2 * math.pi * 0.8 * (s - 1) / 60
        local hips = { { -SPACING, HEIGHT + 0.08 * math.sin(phase), 0.12 * math.cos(phase) },
                       { SPACING, HEIGHT - 0.08 * math.sin(phase), -0.12 * math.cos(phase) } }
        local on, lowest = { 0, 0 }, math.huge
        for _, p in ipairs(particles) do
            local x, y, z = p:pos()
            for k, c in ipairs(hips) do
                local gap = math.sqrt((x - c[1]) ^ 2 + (y - c[2]) ^ 2 + (z - c[3]) ^ 2) - RADIUS - p:radius()
                least = math.min(least, gap)
                if gap < 0.001 then on[k] = on[k] + 1 end
            end
            lowest = math.min(lowest, y)
        end
        if s > 120 then
            for k = 1, 2 do
                resting[k][1], resting[k][2] = math.min(resting[k][1], on[k]), math.max(resting[k][2], on[k])
            end
            low[1], low[2] = math.min(low[1], lowest), math.max(low[2], lowest)
        end
    end
    check(#particles == 484 and least > -1e-9,
          ("collide_cloth_spheres: no particle nearer to a hip than its radius (%.3g m)"):format(least))
    for k, side in ipairs { "left", "right" } do
        check(math.abs(resting[k][1] - 7) <= 2 and math.abs(resting[k][2] - 35) <= 2,
              ("7 to 35 particles rest on the %s hip (%d to %d)"):format(side, resting[k][1], resting[k][2]))
    end
    check(math.abs(low[1] - 0.24) < 0.005 and math.abs(low[2] - 0.38) < 0.005,
          ("the hem's lowest point swings between 0.24 and 0.38 m up (%.3f to %.3f m)"):format(low[1], low[2]))
    loom.update = nil
end
