-- test_errors.lua - the exact error message of every rule of the Lua API.
-- These messages are what a learner reads; docs/lua-api.md lists them.
local t = require "harness"
local check, check_error = t.check, t.check_error

local colors = 'expected "#rrggbb", "#rrggbbaa" or one of: black, white, gray, grey, red, '
    .. 'green, blue, yellow, orange, cyan, magenta, purple, pink, brown'

-- ------------------------------------------------------------ loom.world --
local function world_error(options, message)
    check_error(function() loom.world(options) end, "bad argument #1 to 'world' (" .. message .. ")",
                "loom.world: " .. message)
end

check_error(function() loom.world(5) end, "bad argument #1 to 'world' (table expected, got number)",
            "loom.world(5)")
world_error({ gravty = { 0, -1, 0 } }, "unknown field 'gravty' (did you mean 'gravity'?)")
world_error({ 2 }, "unknown field [1]")
world_error({ gravity = { 0 } }, "field 'gravity' must be a table of 2 or 3 numbers")
world_error({ gravity = { 0, 0, 0, 0 } }, "field 'gravity' must be a table of 2 or 3 numbers")
world_error({ gravity = "down" }, "field 'gravity' must be a table of 2 or 3 numbers")
world_error({ gravity = { 0, "a" } }, "field 'gravity' must be a table of 2 or 3 numbers")
world_error({ gravity = { 0, 0 / 0 } }, "field 'gravity' must contain finite numbers, got nan")
world_error({ gravity = { 0, -1 / 0 } }, "field 'gravity' must contain finite numbers, got -inf")
world_error({ integrator = "foo" }, "field 'integrator': invalid option 'foo', expected one of: "
            .. "euler, semi_implicit_euler, verlet, velocity_verlet, midpoint, rk4")
world_error({ integrator = 4 }, "field 'integrator' must be a string, got number")
world_error({ iterations = 0 }, "field 'iterations' must be in [1, 10000], got 0")
world_error({ iterations = 10001 }, "field 'iterations' must be in [1, 10000], got 10001")
world_error({ iterations = 2.5 }, "field 'iterations' must be an integer, got 2.5")
world_error({ iterations = "10" }, "field 'iterations' must be an integer, got string")
world_error({ substeps = 0 }, "field 'substeps' must be in [1, 1000], got 0")
world_error({ substeps = 1001 }, "field 'substeps' must be in [1, 1000], got 1001")
world_error({ dt = 0 }, "field 'dt' must be in (0, 1], got 0")
world_error({ dt = 2 }, "field 'dt' must be in (0, 1], got 2")
world_error({ dt = 1 / 0 }, "field 'dt' must be a finite number, got inf")
world_error({ damping = 1 }, "field 'damping' must be in [0, 1), got 1")
world_error({ damping = -0.1 }, "field 'damping' must be in [0, 1), got -0.1")
check(pcall(loom.world, { iterations = 10.0, dt = 1, damping = 0 }),
      "iterations = 10.0, dt = 1 and damping = 0 are accepted")

local w = loom.world()
check_error(function() w:set() end, "bad argument #1 to 'set' (table expected, got no value)",
            "world:set()")
check_error(function() w:set { iterations = 0 } end,
            "bad argument #1 to 'set' (field 'iterations' must be in [1, 10000], got 0)",
            "world:set checks like loom.world")
check_error(function() w:set { gravty = 1 } end, "bad argument #1 to 'set' (unknown field 'gravty' (did you mean 'gravity'?))",
            "world:set rejects unknown fields")
check_error(function() w.step(5) end, "bad argument #1 to 'step' (world expected, got number)",
            "w.step(5)")
check_error(function() w.time() end, "bad argument #1 to 'time' (world expected, got no value)",
            "w.time()")

-- --------------------------------------------------------------- step --
check_error(function() w:step(-1) end, "bad argument #1 to 'step' (step count must be >= 0, got -1)",
            "step(-1)")
check_error(function() w:step(1.5) end,
            "bad argument #1 to 'step' (number has no integer representation)", "step(1.5)")
check_error(function() w:step("x") end, "bad argument #1 to 'step' (number expected, got string)",
            "step('x')")

-- ------------------------------------------------------------ particle --
local function particle_error(options, message)
    check_error(function() w:particle(options) end,
                "bad argument #1 to 'particle' (" .. message .. ")", "particle: " .. message)
end

check_error(function() w:particle(5) end, "bad argument #1 to 'particle' (table expected, got number)",
            "particle(5)")
particle_error({ position = { 0, 0 } }, "unknown field 'position'")
particle_error({ mass = 0 / 0 }, "field 'mass' must be a finite number, got nan")
particle_error({ mass = 1 / 0 }, "field 'mass' must be a finite number, got inf")
particle_error({ mass = "1" }, "field 'mass' must be a finite number, got string")
particle_error({ mass = -1 }, "field 'mass' must be >= 0, got -1")
particle_error({ radius = -0.5 }, "field 'radius' must be >= 0, got -0.5")
particle_error({ pos = { 1 } }, "field 'pos' must be a table of 2 or 3 numbers")
particle_error({ pos = 5 }, "field 'pos' must be a table of 2 or 3 numbers")
particle_error({ vel = { 0 / 0, 0 } }, "field 'vel' must contain finite numbers, got nan")
particle_error({ color = "fuschia" }, "field 'color': invalid color 'fuschia', " .. colors)
particle_error({ color = "#12345" }, "field 'color': invalid color '#12345', " .. colors)
particle_error({ color = "#12345g" }, "field 'color': invalid color '#12345g', " .. colors)
particle_error({ color = { 1, 0 } }, "field 'color' must be a table of 3 or 4 numbers in [0, 1]")
particle_error({ color = { 2, 0, 0 } }, "field 'color' must be a table of 3 or 4 numbers in [0, 1]")
particle_error({ color = { 0 / 0, 0, 0 } },
               "field 'color' must be a table of 3 or 4 numbers in [0, 1]")
particle_error({ color = 5 },
               "field 'color' must be a color string or a table {r, g, b[, a]}, got number")
particle_error({ group = -1 }, "field 'group' must be in [0, 4294967295], got -1")
particle_error({ group = 1.5 }, "field 'group' must be an integer, got 1.5")

local a = w:particle()
local b = w:particle { pos = { 1, 0, 0 } }
local other = loom.world():particle()

check_error(function() a:set_pos(0 / 0, 0) end,
            "bad argument #1 to 'set_pos' (x must be a finite number, got nan)", "set_pos(nan, 0)")
check_error(function() a:set_pos(1) end,
            "bad argument #2 to 'set_pos' (number expected, got no value)", "set_pos(1)")
check_error(function() a:set_pos(1, "2") end,
            "bad argument #2 to 'set_pos' (number expected, got string)", "set_pos(1, '2')")
check_error(function() a:set_pos(1, 2, 1 / 0) end,
            "bad argument #3 to 'set_pos' (z must be a finite number, got inf)", "set_pos(1, 2, inf)")
check_error(function() a:set_vel(0, 0 / 0) end,
            "bad argument #2 to 'set_vel' (y must be a finite number, got nan)", "set_vel(0, nan)")
check_error(function() a:set_mass(-1) end,
            "bad argument #1 to 'set_mass' (mass must be >= 0, got -1)", "set_mass(-1)")
check_error(function() a:set_mass(0 / 0) end,
            "bad argument #1 to 'set_mass' (mass must be a finite number, got nan)", "set_mass(nan)")
check_error(function() a:set_radius(-2) end,
            "bad argument #1 to 'set_radius' (radius must be >= 0, got -2)", "set_radius(-2)")
check_error(function() a:set_color("nope") end,
            "bad argument #1 to 'set_color' (invalid color 'nope', " .. colors .. ")",
            "set_color('nope')")
check_error(function() a:set_color({}) end,
            "bad argument #1 to 'set_color' (color must be a table of 3 or 4 numbers in [0, 1])",
            "set_color({})")
check_error(function() a:set_color(true) end,
            "bad argument #1 to 'set_color' "
            .. "(color must be a color string or a table {r, g, b[, a]}, got boolean)",
            "set_color(true)")
check_error(function() a:add_force(1, 0) end,
            "add_force only works inside a force callback: use world:force(function(w, t) ... end)",
            "add_force outside a force callback")
check_error(function() a.pos(5) end, "bad argument #1 to 'pos' (particle expected, got number)",
            "a.pos(5)")
check_error(function() a.pos(w) end, "bad argument #1 to 'pos' (particle expected, got world)",
            "a.pos(world)")

-- ------------------------------------------------------------- handles --
local removed = w:particle()
w:remove(removed)
check_error(function() removed:pos() end,
            "calling 'pos' on bad self (attempt to use a removed particle)", "removed:pos()")
check_error(function() removed:set_mass(1) end,
            "calling 'set_mass' on bad self (attempt to use a removed particle)", "removed:set_mass(1)")
check(removed:valid() == false, "removed:valid() is false, not an error")
check_error(function() a.valid(5) end,
            "bad argument #1 to 'valid' (particle, constraint, force or collider expected, got number)",
            "a.valid(5)")

-- --------------------------------------------------------------- stick --
check_error(function() w:stick(a, nil) end, "bad argument #2 to 'stick' (particle expected, got nil)",
            "stick(a, nil)")
check_error(function() w:stick(nil, a) end, "bad argument #1 to 'stick' (particle expected, got nil)",
            "stick(nil, a)")
check_error(function() w:stick(removed, b) end,
            "bad argument #1 to 'stick' (attempt to use a removed particle)", "stick(removed, b)")
check_error(function() w:stick(a, other) end,
            "bad argument #2 to 'stick' (particle belongs to another world)", "stick(a, other world's)")
check_error(function() w:stick(a, a) end,
            "bad argument #2 to 'stick' (a stick needs two different particles)", "stick(a, a)")
check_error(function() w:stick(a, b, 5) end, "bad argument #3 to 'stick' (table expected, got number)",
            "stick(a, b, 5)")
check_error(function() w:stick(a, b, { rest = -1 }) end,
            "bad argument #3 to 'stick' (field 'rest' must be >= 0, got -1)", "stick rest -1")
check_error(function() w:stick(a, b, { stiffness = 0 }) end,
            "bad argument #3 to 'stick' (field 'stiffness' must be in (0, 1], got 0)", "stick stiffness 0")
check_error(function() w:stick(a, b, { stiffness = 1.5 }) end,
            "bad argument #3 to 'stick' (field 'stiffness' must be in (0, 1], got 1.5)",
            "stick stiffness 1.5")
check_error(function() w:stick(a, b, { stifness = 1 }) end,
            "bad argument #3 to 'stick' (unknown field 'stifness' (did you mean 'stiffness'?))", "stick typo")

-- ----------------------------------------------------------------- pin --
local stick = w:stick(a, b)
local pin = w:pin(a)
check_error(function() w:pin(nil) end, "bad argument #1 to 'pin' (particle expected, got nil)",
            "pin(nil)")
check_error(function() w:pin(other) end, "bad argument #1 to 'pin' (particle belongs to another world)",
            "pin(other world's)")
check_error(function() w:pin(a, { 1 }) end,
            "bad argument #2 to 'pin' (target must be a table of 2 or 3 numbers)", "pin(a, {1})")
check_error(function() w:pin(a, { 1, 1 / 0 }) end,
            "bad argument #2 to 'pin' (target must contain finite numbers, got inf)", "pin(a, {1, inf})")
check_error(function() pin:set_target(0 / 0, 1) end,
            "bad argument #1 to 'set_target' (x must be a finite number, got nan)", "set_target(nan, 1)")
check_error(function() stick:target() end, "calling 'target' on bad self (pin expected, got stick)",
            "stick:target()")
check_error(function() stick:set_target(1, 2) end,
            "calling 'set_target' on bad self (pin expected, got stick)", "stick:set_target()")
check_error(function() pin:rest() end, "calling 'rest' on bad self (stick expected, got pin)",
            "pin:rest()")
check_error(function() stick.kind(a) end, "bad argument #1 to 'kind' (constraint expected, got particle)",
            "stick.kind(a particle)")
w:remove(stick)
check_error(function() stick:error() end,
            "calling 'error' on bad self (attempt to use a removed constraint)", "removed stick:error()")

-- -------------------------------------------------------------- spring --
check_error(function() w:spring(a, a) end,
            "bad argument #2 to 'spring' (a spring needs two different particles)", "spring(a, a)")
check_error(function() w:spring(a, b, { k = -1 }) end,
            "bad argument #3 to 'spring' (field 'k' must be >= 0, got -1)", "spring k -1")
check_error(function() w:spring(a, b, { damping = -1 }) end,
            "bad argument #3 to 'spring' (field 'damping' must be >= 0, got -1)", "spring damping -1")
check_error(function() w:spring(a, b, { rest = -1 }) end,
            "bad argument #3 to 'spring' (field 'rest' must be >= 0, got -1)", "spring rest -1")
check_error(function() w:spring(a, b, { stiffness = 10 }) end,
            "bad argument #3 to 'spring' (unknown field 'stiffness')", "spring stiffness is called k")

-- --------------------------------------------------------------- force --
check_error(function() w:force() end,
            "bad argument #1 to 'force' (function or string expected, got no value)", "force()")
check_error(function() w:force("spring") end,
            "bad argument #1 to 'force' (invalid option 'spring', expected one of: gravity, drag)",
            "force('spring')")
check_error(function() w:force("drag") end, "bad argument #2 to 'force' (number expected, got no value)",
            "force('drag')")
check_error(function() w:force("drag", -1) end,
            "bad argument #2 to 'force' (drag coefficient must be >= 0, got -1)", "force('drag', -1)")
check_error(function() w:force("drag", 0 / 0) end,
            "bad argument #2 to 'force' (drag coefficient must be a finite number, got nan)",
            "force('drag', nan)")
check_error(function() w:force("gravity", 5) end,
            "bad argument #2 to 'force' (gravity must be a table of 2 or 3 numbers)", "force('gravity', 5)")
local drag = w:force("drag", 1)
w:remove(drag)
check_error(function() drag:kind() end, "calling 'kind' on bad self (attempt to use a removed force)",
            "removed force:kind()")

-- ----------------------------------------------------------------- box --
local function box_error(options, message)
    check_error(function() w:box(options) end, "bad argument #1 to 'box' (" .. message .. ")",
                "box: " .. message)
end
local min_max = "field 'min' must be less than field 'max' on every axis "
    .. "(give z for both, e.g. min = {-1, 0, -1}, max = {1, 2, 1})"
check_error(function() w:box() end, "bad argument #1 to 'box' (table expected, got no value)", "box()")
box_error({ max = { 1, 1, 1 } }, "field 'min' is required")
box_error({ min = { 0, 0, 0 } }, "field 'max' is required")
box_error({ min = { 1, 0, 0 }, max = { 0, 1, 1 } }, min_max)
box_error({ min = { -1, 0 }, max = { 1, 2 } }, min_max)
box_error({ min = { -1, -1, -1 }, max = { 1, 1, 1 }, restitution = 1.5 },
          "field 'restitution' must be in [0, 1], got 1.5")
box_error({ min = { -1, -1, -1 }, max = { 1, 1, 1 }, friction = -0.1 },
          "field 'friction' must be in [0, 1], got -0.1")
box_error({ min = { -1, -1, -1 }, max = { 1, 1, 1 }, bounce = 1 }, "unknown field 'bounce'")

-- -------------------------------------------------------------- remove --
check_error(function() w:remove(5) end,
            "bad argument #1 to 'remove' (particle, constraint, force or collider expected, got number)",
            "remove(5)")
check_error(function() w:remove(w) end,
            "bad argument #1 to 'remove' (particle, constraint, force or collider expected, got world)",
            "remove(world)")
check_error(function() w:remove(removed) end,
            "bad argument #1 to 'remove' (attempt to use a removed particle)", "remove twice")
check_error(function() w:remove(other) end,
            "bad argument #1 to 'remove' (particle belongs to another world)", "remove other world's")

-- ------------------------------------------- inside a force callback --
local function inside_callback(action, message, name)
    local cw = loom.world()
    local p, q = cw:particle(), cw:particle { pos = { 1, 0, 0 } }
    local f = cw:force(function(world) action(world, p, q) end)
    check_error(function() cw:step() end, message, name)
    cw:remove(f)
    check(pcall(cw.step, cw), name .. ": the world steps again afterwards")
end

inside_callback(function(world) world:step() end,
                "cannot step a world from inside its own force callback", "step inside a callback")
inside_callback(function(world, p) world:remove(p) end,
                "cannot remove from a world from inside its own force callback",
                "remove inside a callback")
inside_callback(function(world) world:particle() end,
                "cannot add to a world from inside its own force callback", "particle inside a callback")
inside_callback(function(world, p, q) world:stick(p, q) end,
                "cannot add to a world from inside its own force callback", "stick inside a callback")
inside_callback(function(world) world:force("drag", 1) end,
                "cannot add to a world from inside its own force callback", "force inside a callback")
inside_callback(function(world) world:box { min = { 0, 0, 0 }, max = { 1, 1, 1 } } end,
                "cannot add to a world from inside its own force callback", "box inside a callback")
inside_callback(function(world) world:set { iterations = 2 } end,
                "cannot change a world's settings from inside its own force callback",
                "set inside a callback")
inside_callback(function(world, p) p:add_force(0 / 0, 0) end,
                "bad argument #1 to 'add_force' (x must be a finite number, got nan)",
                "add_force(nan) inside a callback")

-- --------------------------------------------------------------- camera --
local function camera_error(options, message)
    check_error(function() loom.camera(options) end, "bad argument #1 to 'camera' (" .. message .. ")",
                "camera: " .. message)
end
check_error(function() loom.camera() end, "bad argument #1 to 'camera' (table expected, got no value)",
            "camera()")
camera_error({ zoom = 2 }, "unknown field 'zoom'")
camera_error({ projection = "fisheye" },
             "field 'projection': invalid option 'fisheye', expected one of: auto, orthographic, perspective")
camera_error({ height = 0 }, "field 'height' must be > 0, got 0")
camera_error({ fov = 180 }, "field 'fov' must be in (0, 180), got 180")
camera_error({ pitch = 91 }, "field 'pitch' must be in [-90, 90], got 91")
camera_error({ yaw = 0 / 0 }, "field 'yaw' must be a finite number, got nan")
camera_error({ target = { 0 } }, "field 'target' must be a table of 2 or 3 numbers")
