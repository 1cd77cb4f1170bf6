-- loom.pressure - a pressurised ball: a ring of particles with a skin of
-- sticks and an area constraint inside.
--
--   local pressure = require "loom.pressure"
--   local b = pressure.ball(world, { center = {0, 1}, radius = 0.5, n = 24 })
--
-- A ring of sticks alone is a loop of chain: it keeps its perimeter but not
-- its shape, and collapses into a heap. A gas inside pushes the skin outwards
-- until the enclosed area is right. Here the gas is one constraint over all
-- the particles (world:area): when the ball is squashed, every particle is
-- moved along the outward normal of the polygon, in proportion to its inverse
-- mass, until the area is back to scale x the area at creation. scale > 1
-- inflates the ball (more pressure), stiffness < 1 makes it softer and
-- bouncier. The ball lies in the xy-plane.

local pressure = {}

local fields = { center = true, radius = true, n = true, mass = true, scale = true,
                 stiffness = true, skin = true, color = true, particle_radius = true }

local function fail(message, arg)
    error(("bad argument #%d to 'ball' (%s)"):format(arg or 2, message), 3)
end

local function number(options, name, default, low, high)
    local x = options[name]
    if x == nil then return default end
    if type(x) ~= "number" then
        fail(("field '%s' must be a finite number, got %s"):format(name, type(x)))
    elseif x ~= x or x == math.huge or x == -math.huge then
        fail(("field '%s' must be a finite number, got %s"):format(name, tostring(x)))
    elseif x <= low or (high and x > high) then
        local rule = high and ("in (%s, %s]"):format(low, high) or ("> %s"):format(low)
        fail(("field '%s' must be %s, got %s"):format(name, rule, tostring(x)))
    end
    return x
end

--- Builds a ball of n particles (counter-clockwise) around center.
-- Options: center = {x, y} (default origin), radius (m, 0.5), n (>= 3, 24),
-- mass (kg, total, 1), scale (> 0: target area / area at creation, 1),
-- stiffness of the area constraint in (0, 1] (1), skin (stiffness of the
-- sticks, (0, 1], 1), color, particle_radius (m, drawn and collided, 0).
-- Returns { particles = {...}, skin = { sticks }, area = the area constraint }.
function pressure.ball(world, options)
    local mt = getmetatable(world)
    if type(world) ~= "userdata" or not mt or mt.__name ~= "world" then
        fail("world expected, got " .. (mt and mt.__name or type(world)), 1)
    end
    options = options or {}
    if type(options) ~= "table" then fail("table expected, got " .. type(options)) end
    for key in pairs(options) do
        if not fields[key] then fail(("unknown field '%s'"):format(tostring(key))) end
    end
    local center = options.center or { 0, 0 }
    if type(center) ~= "table" or type(center[1]) ~= "number" or type(center[2]) ~= "number" then
        fail("field 'center' must be a table of 2 numbers")
    end
    local radius = number(options, "radius", 0.5, 0)
    local n = options.n or 24
    if type(n) ~= "number" or not math.tointeger(n) then
        fail(("field 'n' must be an integer, got %s"):format(tostring(n)))
    elseif n < 3 or n > 100000 then
        fail(("field 'n' must be in [3, 100000], got %d"):format(n))
    end
    n = math.tointeger(n)
    local mass = number(options, "mass", 1, 0)
    local scale = number(options, "scale", 1, 0)
    local stiffness = number(options, "stiffness", 1, 0, 1)
    local skin = number(options, "skin", 1, 0, 1)
    local particle_radius = options.particle_radius or 0

    local particles = {}
    for i = 1, n do
        local a = 2 * math.pi * (i - 1) / n
        particles[i] = world:particle {
            pos = { center[1] + radius * math.cos(a), center[2] + radius * math.sin(a) },
            mass = mass / n, radius = particle_radius, color = options.color,
        }
    end
    local sticks = {}
    for i = 1, n do
        sticks[i] = world:stick(particles[i], particles[i % n + 1], { stiffness = skin })
    end
    local area = world:area(particles, { scale = scale, stiffness = stiffness })
    return { particles = particles, skin = sticks, area = area }
end

return pressure
