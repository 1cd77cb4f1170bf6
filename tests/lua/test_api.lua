-- lua_runner: --trust (this test uses collectgarbage() and debug.getinfo)
-- test_api.lua - what the Lua API does: creating, reading and setting state,
-- stepping, constraints, forces, removal, handle identity and lifetime.
local t = require "harness"
local check, check_near = t.check, t.check_near

local function distance(a, b)
    local ax, ay, az = a:pos()
    local bx, by, bz = b:pos()
    return math.sqrt((ax - bx) ^ 2 + (ay - by) ^ 2 + (az - bz) ^ 2)
end

-- ---------------------------------------------------------------- module --
check(type(loom) == "table" and require("loom") == loom, "loom is a global and require 'loom'")
check(type(loom.version) == "string" and loom.version:match("^%d+%.%d+%.%d+$"),
      "loom.version is a version string")

-- -------------------------------------------------------------- settings --
do
    local s = loom.world():settings()
    check(s.gravity[1] == 0 and s.gravity[2] == -9.81 and s.gravity[3] == 0, "default gravity")
    check(s.integrator == "verlet", "default integrator is verlet")
    check(s.iterations == 10 and s.substeps == 2 and s.damping == 0, "default counts and damping")
    check(s.projection == "shake", "default projection is shake")
    check_near(s.dt, 1 / 60, 1e-15, "default dt is 1/60")
    check(math.type(s.iterations) == "integer", "iterations read back as an integer")

    local w = loom.world { gravity = { 0, -1.62 }, integrator = "rk4", iterations = 20,
                           substeps = 4, damping = 0.01, dt = 1 / 120 }
    s = w:settings()
    check(s.gravity[1] == 0 and s.gravity[2] == -1.62 and s.gravity[3] == 0,
          "gravity of 2 numbers gets z = 0")
    check(s.integrator == "rk4" and s.iterations == 20 and s.substeps == 4, "fields are kept")
    check(s.damping == 0.01 and s.dt == 1 / 120, "damping and dt are kept")

    local copy = loom.world(w:settings()):settings()
    local same = true
    for k, v in pairs(s) do
        if k == "gravity" then
            for i = 1, 3 do same = same and copy.gravity[i] == v[i] end
        else
            same = same and copy[k] == v
        end
    end
    check(same, "loom.world(w:settings()) reproduces the settings")

    w:set { integrator = "midpoint" }
    s = w:settings()
    check(s.integrator == "midpoint" and s.iterations == 20 and s.dt == 1 / 120,
          "world:set changes only the fields given")
    w:set {}
    check(w:settings().integrator == "midpoint", "world:set{} changes nothing")
end

-- ------------------------------------------------------------- particles --
do
    local w = loom.world()
    check(tostring(w) == "world (0 particles)", "tostring of an empty world")
    local a = w:particle { pos = { 0, 1, 0.5 }, vel = { 1, 2, 3 }, mass = 2, radius = 0.05,
                           color = "#ff8800", group = 7 }
    check(tostring(w) == "world (1 particle)", "tostring of a world with one particle")
    local x, y, z = a:pos()
    check(x == 0 and y == 1 and z == 0.5, "pos reads back")
    x, y, z = a:vel()
    check(x == 1 and y == 2 and z == 3, "vel reads back")
    check(a:mass() == 2 and a:radius() == 0.05, "mass and radius read back")
    local r, g, b, alpha = a:color()
    check(r == 1 and g == 0x88 / 255 and b == 0 and alpha == 1, "'#ff8800' reads back as 1, 0.53, 0, 1")
    check(tostring(a) == "particle#1", "tostring of a particle")

    local d = w:particle()
    x, y, z = d:pos()
    check(x == 0 and y == 0 and z == 0, "a particle defaults to the origin")
    check(d:mass() == 1 and d:radius() == 0, "default mass 1, radius 0")
    check(d:color() == nil, "default color reads as nil (the renderer's default)")
    check(select("#", d:vel()) == 3, "vel returns three numbers")

    local flat = w:particle { pos = { 1, 1 }, mass = 0 }
    x, y, z = flat:pos()
    check(x == 1 and y == 1 and z == 0, "pos of 2 numbers gets z = 0")
    check(flat:mass() == 0, "mass 0 (immovable) is allowed")

    a:set_pos(3, 4, 5)
    x, y, z = a:pos()
    check(x == 3 and y == 4 and z == 5, "set_pos")
    a:set_pos(6, 7)
    x, y, z = a:pos()
    check(x == 6 and y == 7 and z == 0, "set_pos(x, y) sets z = 0")
    a:set_vel(-1, 0.5)
    x, y, z = a:vel()
    check(x == -1 and y == 0.5 and z == 0, "set_vel")
    a:set_mass(0.25)
    check(a:mass() == 0.25, "set_mass")
    a:set_radius(0.5)
    check(a:radius() == 0.5, "set_radius")

    a:set_color("#11223344")
    r, g, b, alpha = a:color()
    check(r == 0x11 / 255 and g == 0x22 / 255 and b == 0x33 / 255 and alpha == 0x44 / 255,
          "set_color '#rrggbbaa'")
    a:set_color("red")
    r, g, b, alpha = a:color()
    check(r == 1 and g == 0 and b == 0 and alpha == 1, "set_color 'red'")
    a:set_color("gray")
    r = a:color()
    check(r == 128 / 255, "set_color 'gray' is CSS gray")
    a:set_color { 0, 0.5, 1 }
    r, g, b, alpha = a:color()
    check(r == 0 and g == 128 / 255 and b == 1 and alpha == 1, "set_color {r, g, b}")
    a:set_color { 1, 1, 1, 0.5 }
    alpha = select(4, a:color())
    check(alpha == 128 / 255, "set_color {r, g, b, a}")
    a:set_color(nil)
    check(a:color() == nil, "set_color(nil) goes back to the default")

    local all = w:particles()
    check(#all == 3 and rawequal(all[1], a) and rawequal(all[2], d) and rawequal(all[3], flat),
          "world:particles() lists the same userdata in slot order")
    check(a:valid() and d:valid(), "valid() of live particles")
end

-- -------------------------------------------------------------- stepping --
do
    local w = loom.world { integrator = "rk4" }
    local ball = w:particle { pos = { 0, 10, 0 } }
    local anchor = w:particle { pos = { 1, 10, 0 }, mass = 0 }
    w:step()
    check_near(w:time(), 1 / 60, 1e-15, "one step advances time by dt")
    w:step(59)
    check_near(w:time(), 1, 1e-12, "step(59) more makes one second")
    local _, y = ball:pos()
    check_near(y, 10 - 0.5 * 9.81, 1e-9, "free fall: y = y0 - g t^2 / 2 (rk4)")
    local _, vy = ball:vel()
    check_near(vy, -9.81, 1e-9, "free fall: v = -g t")
    local ax, ay, az = anchor:pos()
    check(ax == 1 and ay == 10 and az == 0, "an immovable particle does not move")
    w:step(0)
    check_near(w:time(), 1, 1e-12, "step(0) does nothing")

    local v = loom.world()
    local p = v:particle { pos = { 0, 0, 0 } }
    v:step(60)
    local _, vy2 = p:pos()
    check(vy2 < -4.5 and vy2 > -5.1, "free fall with verlet is close to g t^2 / 2")
end

-- ----------------------------------------------------------- constraints --
do
    local w = loom.world()
    local pivot = w:particle { pos = { 0, 2, 0 }, mass = 0 }
    local bob = w:particle { pos = { 1, 2, 0 } }
    local s = w:stick(pivot, bob)
    check(s:kind() == "stick", "stick kind")
    check_near(s:rest(), 1, 1e-15, "rest length defaults to the current distance")
    local a, b = s:particles()
    check(rawequal(a, pivot) and rawequal(b, bob), "stick:particles() returns the same userdata")
    check(tostring(s) == "stick#1", "tostring of a stick")
    w:step(120)
    check_near(distance(pivot, bob), 1, 1e-9, "a stick keeps its length (pendulum)")
    check_near(s:error(), 0, 1e-9, "stick error is |length - rest|")
    local _, y = bob:pos()
    check(y < 2, "the pendulum swings down")

    local c = w:particle { pos = { 2, 2, 0 } }
    local s2 = w:stick(bob, c, { rest = 0.5, stiffness = 0.8 })
    check(s2:rest() == 0.5, "explicit rest length")

    local chain = loom.world { iterations = 40 }
    local links, prev = {}, chain:particle { pos = { 0, 0, 0 }, mass = 0 }
    for i = 1, 5 do
        local p = chain:particle { pos = { i * 0.2, 0, 0 } }
        links[#links + 1] = chain:stick(prev, p)
        prev = p
    end
    chain:step(60)
    local worst = 0
    for _, link in ipairs(links) do worst = math.max(worst, link:error()) end
    check(worst < 1e-3, "a chain of sticks keeps its lengths (worst error " .. worst .. ")")

    local pw = loom.world()
    local q = pw:particle { pos = { 0, 1, 0 } }
    local pin = pw:pin(q)
    check(pin:kind() == "pin" and tostring(pin) == "pin#1", "pin kind and tostring")
    local tx, ty, tz = pin:target()
    check(tx == 0 and ty == 1 and tz == 0, "a pin holds its particle where it is")
    check(rawequal(pin:particles(), q) and select("#", pin:particles()) == 1,
          "pin:particles() returns its one particle")
    pw:step(30)
    local qx, qy = q:pos()
    check(qx == 0 and qy == 1, "a pinned particle stays despite gravity")
    pin:set_target(0.5, 2)
    tx, ty, tz = pin:target()
    check(tx == 0.5 and ty == 2 and tz == 0, "set_target(x, y) sets z = 0")
    pw:step()
    qx, qy = q:pos()
    check(qx == 0.5 and qy == 2, "moving a pin moves its particle")
    check_near(pin:error(), 0, 1e-12, "pin error is the distance to its target")
    local pin2 = pw:pin(pw:particle { pos = { 5, 5, 5 } }, { 1, 2, 3 })
    tx, ty, tz = pin2:target()
    check(tx == 1 and ty == 2 and tz == 3, "world:pin(p, {x, y, z})")
end

-- ---------------------------------------------------------------- forces --
do
    -- F = m a: 4 N along x on 2 kg from rest gives x = t^2 after t seconds.
    local w = loom.world { gravity = { 0, 0, 0 }, integrator = "rk4", substeps = 1 }
    local p = w:particle { mass = 2 }
    local seen_world, seen_times, seen_force = nil, {}, nil
    local f = w:force(function(world, time)
        seen_world = world
        seen_times[#seen_times + 1] = time
        p:add_force(4, 0)
        seen_force = seen_force or p:force()
    end)
    check(f:kind() == "callback" and tostring(f) == "callback#1", "callback force kind and tostring")
    check(select("#", f:particles()) == 0, "a callback force has no particles")
    w:step()
    check(rawequal(seen_world, w), "the callback receives the world")
    check(seen_force == 4, "p:force() shows the accumulated force inside a callback")
    local h = 1 / 60
    check(#seen_times == 4, "rk4 calls a force callback 4 times per step")
    check(seen_times[1] == 0 and seen_times[2] == h / 2 and seen_times[3] == h / 2
          and seen_times[4] == h, "rk4 stage times are t, t + h/2, t + h/2, t + h")
    w:step(59)
    local x = p:pos()
    check_near(x, 1, 1e-9, "a Lua force moves a particle as F = m a predicts")
    local vx = p:vel()
    check_near(vx, 2, 1e-9, "... and its velocity is a t")

    local expected = { euler = 1, semi_implicit_euler = 1, verlet = 1, velocity_verlet = 2,
                       midpoint = 2, rk4 = 4 }
    for name, count in pairs(expected) do
        local v = loom.world { integrator = name, substeps = 1 }
        local calls = 0
        v:particle()
        v:force(function() calls = calls + 1 end)
        v:step(3)
        check(calls == 3 * count, ("%s calls a force callback %d time(s) per step"):format(name, count))
    end

    -- Medium drag: v(t) = v0 exp(-k t / m).
    local dw = loom.world { gravity = { 0, 0, 0 }, integrator = "rk4" }
    local dp = dw:particle { vel = { 1, 0, 0 } }
    local drag = dw:force("drag", 0.5)
    check(drag:kind() == "drag" and tostring(drag) == "drag#1", "drag kind and tostring")
    dw:step(60)
    check_near((dp:vel()), math.exp(-0.5), 1e-6, "drag: v = v0 exp(-k t / m)")

    -- An extra uniform field adds to the world's gravity.
    local gw = loom.world { gravity = { 0, 0, 0 }, integrator = "rk4" }
    local gp = gw:particle()
    local moon = gw:force("gravity", { 0, -1.62, 0 })
    check(moon:kind() == "gravity", "gravity force kind")
    gw:step(60)
    check_near(select(2, gp:vel()), -1.62, 1e-9, "an extra gravity field accelerates by g")

    -- A spring: a quarter period after release, the bob passes its rest point.
    local sw = loom.world { gravity = { 0, 0, 0 }, integrator = "rk4", dt = 1 / 600 }
    local anchor = sw:particle { mass = 0 }
    local bob = sw:particle { pos = { 1.1, 0, 0 } }
    local spr = sw:spring(anchor, bob, { k = 40, rest = 1 })
    check(spr:kind() == "spring" and tostring(spr) == "spring#1", "spring kind and tostring")
    local sa, sb = spr:particles()
    check(rawequal(sa, anchor) and rawequal(sb, bob), "spring:particles() returns its particles")
    local quarter = (math.pi / 2) / math.sqrt(40)
    sw:step(math.floor(quarter * 600 + 0.5))
    check_near((bob:pos()), 1, 2e-3, "a spring's period is 2 pi sqrt(m / k)")

    local rw = loom.world { gravity = { 0, 0, 0 } }
    local r1, r2 = rw:particle(), rw:particle { pos = { 0.7, 0, 0 } }
    rw:spring(r1, r2, { k = 100 })
    rw:step(10)
    check(r2:pos() == 0.7, "a spring's rest length defaults to the current distance")
end

-- -------------------------------------------------------------- collider --
do
    local w = loom.world()
    local box = w:box { min = { -1, 0, -1 }, max = { 1, 2, 1 }, restitution = 0.5, friction = 0.1 }
    check(box:valid() and tostring(box) == "box#1", "box valid and tostring")
    local p = w:particle { pos = { 0, 1, 0 }, radius = 0.1 }
    w:step(120)
    local _, y = p:pos()
    check(y >= 0.1 - 1e-12, "a particle stays inside the world box")
    check(w:stats().colliders == 1, "stats count colliders")
end

-- ----------------------------------------------------------------- stats --
do
    local w = loom.world { iterations = 7, substeps = 2, projection = "jakobsen" }
    local a, b, c = w:particle(), w:particle { pos = { 1, 0, 0 } }, w:particle { pos = { 2, 0, 0 } }
    w:stick(a, b)
    w:stick(b, c)
    w:pin(a)
    w:spring(a, c)
    w:force("drag", 0.1)
    local s = w:stats()
    check(s.particles == 3 and s.constraints == 3 and s.forces == 2 and s.colliders == 0,
          "stats count particles, constraints and forces")
    check(s.projections == 0, "no projections before the first step")
    w:step()
    check(w:stats().projections == 3 * 7 * 2,
          "projections = constraints x iterations x substeps")
end

-- --------------------------------------------------------------- removal --
do
    local w = loom.world()
    local a, b, c = w:particle(), w:particle { pos = { 1, 0, 0 } }, w:particle { pos = { 2, 0, 0 } }
    local ab, bc = w:stick(a, b), w:stick(b, c)
    local spring = w:spring(a, b)
    local pin = w:pin(c)
    local drag = w:force("drag", 1)
    local box = w:box { min = { -5, -5, -5 }, max = { 5, 5, 5 } }

    w:remove(a)
    check(not a:valid() and tostring(a) == "removed particle", "a removed particle is invalid")
    check(not ab:valid() and bc:valid(), "removing a particle removes its sticks, only those")
    check(not spring:valid() and tostring(spring) == "removed force",
          "removing a particle removes its springs")
    check(tostring(ab) == "removed constraint", "tostring of a removed constraint")
    local s = w:stats()
    check(s.particles == 2 and s.constraints == 2 and s.forces == 1, "stats after removing a particle")
    check(#w:particles() == 2 and rawequal(w:particles()[1], b), "world:particles() skips removed ones")

    w:remove(pin)
    check(not pin:valid() and c:valid(), "removing a pin leaves its particle")
    w:remove(drag)
    check(not drag:valid() and w:stats().forces == 0, "removing a force")
    w:remove(box)
    check(not box:valid() and tostring(box) == "removed collider" and w:stats().colliders == 0,
          "removing a collider")
    w:remove(bc)
    check(not bc:valid() and w:stats().constraints == 0, "removing a stick")
    w:step()

    local d = w:particle()
    check(not rawequal(d, a) and not a:valid() and d:valid(),
          "a reused slot gives a new handle; the old one stays removed")
    check(a ~= d, "a stale handle is not equal to the new one in its slot")
end

-- ------------------------------------------------------ identity and gc --
do
    local w = loom.world()
    local a = w:particle()
    local keyed = { [a] = "a" }
    check(keyed[w:particles()[1]] == "a", "handles work as table keys")
    check(a == w:particles()[1], "== on the same particle")
    local s = w:stick(a, w:particle { pos = { 1, 0, 0 } })
    check(rawequal(select(1, s:particles()), a), "constraint:particles() gives the same userdata")

    local p = loom.world():particle { pos = { 1, 2, 3 } }
    collectgarbage()
    collectgarbage()
    local x, y, z = p:pos()
    check(x == 1 and y == 2 and z == 3 and p:valid(), "a handle keeps its world alive")

    -- A callback that captures its own world does not keep that world alive.
    local weak = setmetatable({}, { __mode = "k" })
    do
        local lost = loom.world()
        local q = lost:particle()
        local fn = function() q:add_force(0, 1, 0) end
        weak[fn] = true
        lost:force(fn)
        lost:step()
    end
    loom.world() -- the binding remembers the last world made; make it another
    collectgarbage()
    collectgarbage()
    check(next(weak) == nil, "a world and its callbacks are collected together")

    -- Removing a callback force lets its function go.
    local kept = loom.world()
    do
        local fn = function() end
        weak[fn] = true
        kept:remove(kept:force(fn))
    end
    collectgarbage()
    collectgarbage()
    check(next(weak) == nil, "removing a callback force releases its function")
end

-- ----------------------------------------------- callback errors and co --
do
    local w = loom.world()
    w:particle()
    local line
    local f = w:force(function() line = debug.getinfo(1, "l").currentline; error("boom") end)
    local ok, err = pcall(w.step, w)
    check(not ok and err == ("tests/lua/test_api.lua:%d: boom"):format(line),
          "an error in a force callback is the error of step, with the callback's file:line")
    check(w:time() == 0, "a failed step does not advance time")
    w:remove(f)
    w:step()
    check_near(w:time(), 1 / 60, 1e-15, "the world steps again once the callback is removed")

    local tw = loom.world()
    tw:force(function() error({ code = 42 }) end)
    local ok2, err2 = pcall(tw.step, tw)
    check(not ok2 and type(err2) == "table" and err2.code == 42, "a non-string error passes through")

    -- Stepping from a coroutine runs the callbacks on that coroutine.
    local cw = loom.world { gravity = { 0, 0, 0 } }
    local cp = cw:particle()
    local threads = {}
    cw:force(function() threads[#threads + 1] = coroutine.running(); cp:add_force(1, 0) end)
    local co = coroutine.create(function() cw:step() end)
    local resumed = coroutine.resume(co)
    check(resumed and threads[1] == co, "a callback runs on the thread that called step")

    -- A callback may step another world.
    local other = loom.world()
    local op = other:particle()
    local outer = loom.world()
    outer:force(function() other:step() end)
    outer:step()
    check(other:time() > 0 and select(2, op:pos()) < 0, "a callback can step a different world")
end

-- ---------------------------------------------------------------- camera --
do
    check(select("#", loom.camera { projection = "perspective", target = { 0, 1, 0 }, yaw = 30,
                                    pitch = 20, height = 4, fov = 40 }) == 0,
          "loom.camera accepts every field")
    loom.camera {}
    check(true, "loom.camera{} resets the request")
end
