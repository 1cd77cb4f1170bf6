-- test_colliders.lua - colliders from Lua: shapes, poses, materials, masks,
-- contact queries, and the exact message of every argument rule.
local t = require "harness"
local check, check_near, check_error = t.check, t.check_near, t.check_error

-- ------------------------------------------------------------- shapes --
do
    local w = loom.world()
    local plane = w:plane { point = { 0, 0 }, normal = { 0, 1 }, friction = 0.5 }
    local sphere = w:sphere { center = { 3, 1 }, radius = 0.5 }
    local obb = w:obb { center = { -3, 0 }, size = { 2, 1, 1 }, angle = 30 }
    local capsule = w:capsule { a = { 5, 0 }, b = { 7, 0 }, radius = 0.25, container = false }
    local box = w:box { min = { -10, -10, -10 }, max = { 10, 10, 10 } }
    check(plane:kind() == "plane" and sphere:kind() == "sphere" and obb:kind() == "obb" and
          capsule:kind() == "capsule" and box:kind() == "box", "kinds by name")
    check(tostring(plane) == "plane#1" and tostring(capsule) == "capsule#4" and
          tostring(box) == "box#5", "tostring names the kind and slot")
    check(w:stats().colliders == 5, "stats count every collider")
    check_near(sphere:distance(3, 2), 0.5, 1e-12, "sphere:distance")
    check_near(capsule:distance(6, 1), 0.75, 1e-12, "capsule:distance beside the segment")
    check_near(plane:distance(4, -2), -2, 1e-12, "plane:distance is negative in the solid")
    check_near(box:distance(0, 9.5, 0), 0.5, 1e-12, "world box distance is positive inside")
    local x, y, z = obb:pos()
    check(x == -3 and y == 0 and z == 0, "obb:pos()")
    local angle, ax, ay, az = obb:angle()
    check_near(angle, 30, 1e-9, "obb:angle() in degrees")
    check(ax == 0 and ay == 0 and math.abs(az - 1) < 1e-12, "about z by default")
    obb:set_angle(90, { 1, 0, 0 })
    angle, ax = obb:angle()
    check_near(angle, 90, 1e-9, "set_angle with an axis")
    check_near(ax, 1, 1e-12, "the axis comes back")
    obb:set_pos(1, 2, 3)
    x, y, z = obb:pos()
    check(x == 1 and y == 2 and z == 3, "set_pos moves it")
    local m = plane:get()
    check(m.friction == 0.5 and m.static_friction == 0.5 and m.restitution == 0 and
          #m.mask == 32 and m.container == false, "get() reports the material")
    plane:set { restitution = 0.25, static_friction = 0.8, mask = { 0, 2 } }
    m = plane:get()
    check(m.restitution == 0.25 and m.static_friction == 0.8 and m.friction == 0.5 and
          #m.mask == 2 and m.mask[2] == 2, "set{} changes only what it names")
    capsule:remove()
    check(not capsule:valid() and tostring(capsule) == "removed collider" and
          w:stats().colliders == 4, "collider:remove()")
    w:remove(sphere)
    check(not sphere:valid(), "world:remove(collider)")
end

-- ------------------------------------------------------------ contact --
do
    local w = loom.world()
    local floor = w:plane {}
    local p = w:particle { pos = { 0, 1 }, radius = 0.1 }
    check(p:contact() == nil, "no contact before any step")
    w:step(120)
    local _, y = p:pos()
    check_near(y, 0.1, 1e-9, "a particle comes to rest on the plane at its radius")
    local c, nx, ny, nz = p:contact()
    check(c == floor and nx == 0 and ny == 1 and nz == 0, "p:contact() gives the plane and +y")
    local list = floor:contacts()
    check(#list == 1 and list[1] == p, "floor:contacts() lists the particle")

    p:set_mask {}
    w:step(30)
    _, y = p:pos()
    check(y < 0, "a particle whose mask is empty falls through")
    check(#p:mask() == 0, "p:mask() is empty")
    p:set_mask(nil)
    check(#p:mask() == 32, "set_mask(nil) restores every group")
end

-- The world box reports its contacts too, with the normal of the face.
do
    local w = loom.world()
    local box = w:box { min = { -1, 0, -1 }, max = { 1, 2, 1 } }
    local p = w:particle { pos = { 0.5, 1 }, vel = { 3, 0 }, radius = 0.1 }
    local c, nx, ny, nz
    for _ = 1, 20 do
        w:step()
        c, nx, ny, nz = p:contact()
        if c then break end
    end
    check(c == box and nx == -1 and ny == 0 and nz == 0, "a world box wall's normal points inwards")
    check(#box:contacts() == 1, "the world box lists its contacts")
end

-- ------------------------------------------------ friction, restitution --
do
    local w = loom.world { substeps = 4 }
    w:plane { friction = 0.6 }
    local p = w:particle { pos = { 0, 0.05 }, vel = { 3, 0 }, radius = 0.05 }
    check(p:friction() == nil and p:restitution() == nil, "no material of its own by default")
    p:set_friction(0.15)
    check(p:friction() == 0.15, "p:friction() reads back")
    w:step(300)
    local x = p:pos()
    local expected = 9 / (2 * 0.3 * 9.81)
    check_near(x, expected, 0.05 * expected, "friction sqrt(0.6 * 0.15) = 0.3 stops it in v^2/(2 mu g)")
    p:set_friction(nil)
    p:set_restitution(0.5)
    check(p:friction() == nil and p:restitution() == 0.5, "set_friction(nil) unsets only friction")
end

-- ---------------------------------------------------------- kinematic --
do
    local w = loom.world { substeps = 2 }
    local table_top = w:obb { center = { 0, 0 }, size = { 6, 0.2, 2 }, friction = 0.8 }
    local p = w:particle { pos = { 0, 0.15 }, radius = 0.05 }
    w:step(30)
    for i = 1, 60 do
        table_top:set_pos(0.5 * i / 60, 0)
        w:step()
    end
    local vx = p:vel()
    check_near(vx, 0.5, 0.025, "a moving box carries a resting particle through friction")
end

-- ------------------------------------------------------ world settings --
do
    local w = loom.world { collide_particles = true, collide_edges = true }
    local s = w:settings()
    check(s.collide_particles == true and s.collide_edges == true, "settings report the flags")
    w:set { collide_particles = false }
    check(w:settings().collide_particles == false, "world:set changes them")
    check(loom.world():settings().collide_particles == false, "off by default")

    -- Two balls dropped on one another stack instead of passing through.
    w = loom.world { collide_particles = true }
    w:plane {}
    local low = w:particle { pos = { 0, 0.1 }, radius = 0.1 }
    local high = w:particle { pos = { 0, 0.5 }, radius = 0.1 }
    w:step(120)
    local _, y1 = low:pos()
    local _, y2 = high:pos()
    check(y2 - y1 > 0.2 - 1e-3, "balls collide with each other when collide_particles is on")
end

-- -------------------------------------------------------------- errors --
local w = loom.world()
local makers = {
    sphere = function(o) return w:sphere(o) end,
    plane = function(o) return w:plane(o) end,
    obb = function(o) return w:obb(o) end,
    capsule = function(o) return w:capsule(o) end,
}
local function shape_error(method, options, message)
    check_error(function() makers[method](options) end,
                "bad argument #1 to '" .. method .. "' (" .. message .. ")", method .. ": " .. message)
end

check_error(function() w:sphere() end, "bad argument #1 to 'sphere' (table expected, got no value)",
            "sphere()")
check_error(function() w:plane(5) end, "bad argument #1 to 'plane' (table expected, got number)",
            "plane(5)")
shape_error("sphere", { radius = 1 }, "field 'center' is required")
shape_error("sphere", { center = { 0, 0 } }, "field 'radius' is required")
shape_error("sphere", { center = { 0, 0 }, radius = 0 }, "field 'radius' must be > 0, got 0")
shape_error("sphere", { center = { 0, 0 }, radius = 0 / 0 },
            "field 'radius' must be a finite number, got nan")
shape_error("sphere", { centre = { 0, 0 }, radius = 1 }, "unknown field 'centre' (did you mean 'center'?)")
shape_error("sphere", { center = { 0 }, radius = 1 }, "field 'center' must be a table of 2 or 3 numbers")
shape_error("sphere", { center = { 0, 0 }, radius = 1, friction = -1 },
            "field 'friction' must be >= 0, got -1")
shape_error("sphere", { center = { 0, 0 }, radius = 1, static_friction = -0.5 },
            "field 'static_friction' must be >= 0, got -0.5")
shape_error("sphere", { center = { 0, 0 }, radius = 1, restitution = 1.5 },
            "field 'restitution' must be in [0, 1], got 1.5")
shape_error("sphere", { center = { 0, 0 }, radius = 1, group = 32 },
            "field 'group' must be in [0, 31], got 32")
shape_error("sphere", { center = { 0, 0 }, radius = 1, group = 1.5 },
            "field 'group' must be an integer, got 1.5")
shape_error("sphere", { center = { 0, 0 }, radius = 1, mask = 3 },
            "field 'mask' must be a table of groups (integers in [0, 31])")
shape_error("sphere", { center = { 0, 0 }, radius = 1, mask = { 40 } },
            "field 'mask' must be a table of groups (integers in [0, 31])")
shape_error("sphere", { center = { 0, 0 }, radius = 1, container = 1 },
            "field 'container' must be a boolean, got number")
shape_error("sphere", { center = { 0, 0 }, radius = 1, axis = { 0, 0, 0 } },
            "field 'axis' must not be zero")
shape_error("sphere", { center = { 0, 0 }, radius = 1, angle = "x" },
            "field 'angle' must be a finite number, got string")
shape_error("sphere", { center = { 0, 0 }, radius = 1, color = "fuschia" },
            "field 'color': invalid color 'fuschia', expected \"#rrggbb\", \"#rrggbbaa\" or one of: "
            .. "black, white, gray, grey, red, green, blue, yellow, orange, cyan, magenta, purple, "
            .. "pink, brown")
shape_error("plane", { normal = { 0, 0 } }, "field 'normal' must not be zero")
shape_error("plane", { point = { 0, 0 }, size = 1 }, "unknown field 'size'")
shape_error("obb", { center = { 0, 0 } }, "field 'size' is required")
shape_error("obb", { center = { 0, 0 }, size = { 1, 1 } },
            "field 'size' must be > 0 on every axis (give z in a flat scene too, e.g. size = {2, 1, 1})")
shape_error("capsule", { a = { 0, 0 }, radius = 1 }, "field 'b' is required")
shape_error("capsule", { a = { 0, 0 }, b = { 1, 0 }, radius = -1 }, "field 'radius' must be > 0, got -1")

local s = w:sphere { center = { 0, 0 }, radius = 1 }
local box = w:box { min = { -5, -5, -5 }, max = { 5, 5, 5 } }
check_error(function() s:set_pos(0 / 0, 0) end,
            "bad argument #1 to 'set_pos' (x must be a finite number, got nan)", "set_pos(nan)")
check_error(function() s:set_pos(1) end, "bad argument #2 to 'set_pos' (number expected, got no value)",
            "set_pos(1)")
check_error(function() s:set_angle() end,
            "bad argument #1 to 'set_angle' (number expected, got no value)", "set_angle()")
check_error(function() s:set_angle(10, { 0, 0, 0 }) end,
            "bad argument #2 to 'set_angle' (axis must not be zero)", "set_angle with a zero axis")
check_error(function() s:set_angle(10, 5) end,
            "bad argument #2 to 'set_angle' (axis must be a table of 2 or 3 numbers)",
            "set_angle with a number axis")
check_error(function() box:set_pos(0, 0) end,
            "calling 'set_pos' on bad self (the world box cannot move (remove it and make another))",
            "the world box cannot move")
check_error(function() box:angle() end,
            "calling 'angle' on bad self (the world box cannot move (remove it and make another))",
            "the world box has no angle")
check_error(function() s:set { radius = 2 } end, "bad argument #1 to 'set' (unknown field 'radius')",
            "set{} takes material fields only")
check_error(function() box:set { friction = 2 } end,
            "bad argument #1 to 'set' (field 'friction' must be in [0, 1], got 2)",
            "a world box's friction stays a fraction")
check_error(function() s:distance(0) end,
            "bad argument #2 to 'distance' (number expected, got no value)", "distance(0)")
check_error(function() s.contacts(5) end, "bad argument #1 to 'contacts' (collider expected, got number)",
            "contacts on a number")
w:remove(s)
check_error(function() s:set_pos(0, 0) end,
            "calling 'set_pos' on bad self (attempt to use a removed collider)", "removed collider")
check_error(function() s:contacts() end,
            "calling 'contacts' on bad self (attempt to use a removed collider)", "contacts of removed")
check_error(function() s:remove() end,
            "calling 'remove' on bad self (attempt to use a removed collider)", "remove twice")

local p = w:particle {}
check_error(function() p:set_friction(-1) end,
            "bad argument #1 to 'set_friction' (friction must be >= 0, got -1)", "set_friction(-1)")
check_error(function() p:set_friction("a") end,
            "bad argument #1 to 'set_friction' (number expected, got string)", "set_friction('a')")
check_error(function() p:set_restitution(2) end,
            "bad argument #1 to 'set_restitution' (restitution must be in [0, 1], got 2)",
            "set_restitution(2)")
check_error(function() p:set_mask(3) end,
            "bad argument #1 to 'set_mask' (mask must be a table of groups (integers in [0, 31]))",
            "set_mask(3)")
check_error(function() p:set_mask { -1 } end,
            "bad argument #1 to 'set_mask' (mask must be a table of groups (integers in [0, 31]))",
            "set_mask{-1}")
check_error(function() loom.world { collide_particles = 1 } end,
            "bad argument #1 to 'world' (field 'collide_particles' must be a boolean, got number)",
            "collide_particles must be a boolean")
check_error(function() w:set { collide_edges = "yes" } end,
            "bad argument #1 to 'set' (field 'collide_edges' must be a boolean, got string)",
            "collide_edges must be a boolean")
w:remove(p)
check_error(function() p:contact() end,
            "calling 'contact' on bad self (attempt to use a removed particle)", "contact of removed")

local inside = false
w:force(function(world)
    if not inside then
        inside = true
        local ok, err = pcall(function() world:sphere { center = { 0, 0 }, radius = 1 } end)
        check(not ok and t.strip_position(err) ==
              "cannot add to a world from inside its own force callback", "no new colliders mid-step")
        ok, err = pcall(function() box:remove() end)
        check(not ok and t.strip_position(err) ==
              "cannot remove from a world from inside its own force callback",
              "no removing colliders mid-step")
    end
end)
w:step()

return t
