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

local args = require "loom.args"

local pressure = {}

local fields = { center = true, radius = true, n = true, mass = true, scale = true,
                 stiffness = true, skin = true, color = true, particle_radius = true }

--- Builds a ball of n particles (counter-clockwise) around center.
-- Options: center = {x, y} (default origin), radius (m, 0.5), n (>= 3, 24),
-- mass (kg, total, 1), scale (> 0: target area / area at creation, 1),
-- stiffness of the area constraint in (0, 1] (1), skin (stiffness of the
-- sticks, (0, 1], 1), color, particle_radius (m, drawn and collided, 0).
-- Returns { particles = {...}, skin = { sticks }, area = the area constraint }.
function pressure.ball(world, options)
    local check = args.checker("ball", pressure.ball)
    check:world(world)
    options = check:options(options, fields)
    local center = check:vector(options, "center", { 0, 0 })
    local radius = check:number(options, "radius", 0.5, 0, nil, true)
    local n = check:integer(options, "n", 24, 3, 100000)
    local mass = check:number(options, "mass", 1, 0, nil, true)
    local scale = check:number(options, "scale", 1, 0, nil, true)
    local stiffness = check:number(options, "stiffness", 1, 0, 1, true)
    local skin = check:number(options, "skin", 1, 0, 1, true)
    local particle_radius = options.particle_radius or 0

    local particles = {}
    for i = 1, n do
        local a = 2 * math.pi * (i - 1) / n
        particles[i] = check:call(world.particle, world, {
            pos = { center[1] + radius * math.cos(a), center[2] + radius * math.sin(a) },
            mass = mass / n, radius = particle_radius, color = options.color,
        })
    end
    local sticks = {}
    for i = 1, n do
        sticks[i] = world:stick(particles[i], particles[i % n + 1], { stiffness = skin })
    end
    local area = world:area(particles, { scale = scale, stiffness = stiffness })
    return { particles = particles, skin = sticks, area = area }
end

return pressure
