-- loom.goal - goal soft bodies (Lee, "Introduction to Soft Body Physics",
-- ch. 3: the slinky).
--
--   local goal = require "loom.goal"
--   local body = goal.body(world, { vertices = points, k = 40, damping = 0.5 })
--   function loom.update(dt)   -- before each step: pose the goal for world:time()
--     body.pose { translate = { math.sin(world:time()), 0, 0 }, rotate = 10, dt = dt }
--   end
--
-- Lee makes the same shape twice. One copy is the goal: immovable particles
-- (mass 0, "passive") that the script animates as it likes, rigidly or not.
-- The other copy is the soft body: movable particles, each joined to its own
-- goal particle by a damped spring of rest length 0. When the goal moves, the
-- springs drag the body after it; the body overshoots, wobbles and settles
-- back onto the goal. Nothing else holds the body together: its shape is
-- the goal's shape, followed loosely.
--
-- Lee varies the spring stiffness along the body, from half of k at the first
-- vertex to k at the last: the stiff end follows the goal closely while the
-- soft end lags and swings, which is what makes a cylinder read as a slinky.
-- `gradient` is that starting fraction (default 0.5, Lee's; 1 = uniform).

local args = require "loom.args"
local frame = require "loom.frame"

local goal = {}

local fields = {
    vertices = true, mass = true, k = true, damping = true, gradient = true, links = true,
    link_stiffness = true, radius = true, color = true, goal_color = true,
}

--- Builds a goal soft body on `vertices` ({ {x, y [, z]}, ... }, in order
-- from the soft end to the stiff end). Options: mass = 1 kg in total,
-- k = 50 N/m (the stiffest spring), damping = 0.5 N s/m, gradient = 0.5,
-- links = false: also join consecutive vertices by sticks of
-- link_stiffness (default 0.1) so the body is drawn as a line (a coil for
-- a slinky) and holds together a little; radius, color, goal_color.
-- Returns { particles = {...}, goals = {...}, springs = {...}, links = {...},
--           rest = the vertices as given, pose = function{translate, rotate,
--           axis, pivot} that moves the goal, k = {stiffness of each spring} }.
function goal.body(world, options)
    local check = args.checker("body", goal.body)
    check:world(world)
    options = check:options(options, fields)
    local vertices = options.vertices
    if type(vertices) ~= "table" or #vertices == 0 then
        check:fail("field 'vertices' must be a non-empty table of {x, y [, z]}")
    end
    local rest = {}
    for i, v in ipairs(vertices) do
        local ok = type(v) == "table" and (#v == 2 or #v == 3)
        for c = 1, ok and #v or 0 do
            ok = ok and type(v[c]) == "number" and v[c] == v[c] and math.abs(v[c]) ~= math.huge
        end
        if not ok then
            check:fail(("field 'vertices': vertex %d must be a table of 2 or 3 finite numbers"):format(i))
        end
        rest[i] = { v[1], v[2], v[3] or 0 }
    end
    local mass = check:number(options, "mass", 1, 0, nil, true)
    local k = check:number(options, "k", 50, 0)
    local damping = check:number(options, "damping", 0.5, 0)
    local gradient = check:number(options, "gradient", 0.5, 0, 1)
    local linked = check:flag(options, "links", false)
    local link_stiffness = check:number(options, "link_stiffness", 0.1, 0, 1, true)

    local n = #rest
    local particles, goals, springs, stiffness = {}, {}, {}, {}
    for i, p in ipairs(rest) do
        goals[i] = check:call(world.particle, world, { pos = p, mass = 0, color = options.goal_color })
        particles[i] = check:call(world.particle, world, { pos = p, mass = mass / n,
                                                           radius = options.radius, color = options.color })
    end
    -- The springs, softest first: k_i rises linearly from gradient k to k.
    for i = 1, n do
        local s = n > 1 and (i - 1) / (n - 1) or 1
        stiffness[i] = k * (gradient + (1 - gradient) * s)
        springs[i] = world:spring(particles[i], goals[i],
                                  { k = stiffness[i], damping = damping, rest = 0 })
    end
    local links = {}
    if linked then
        for i = 1, n - 1 do
            links[i] = world:stick(particles[i], particles[i + 1], { stiffness = link_stiffness })
        end
    end

    -- Moves the goal: every rest vertex turned by `rotate` degrees about
    -- `axis` (default z) through `pivot` (default the origin), then moved by
    -- `translate`. The goal particles are also given the velocity of that
    -- motion (over `dt` seconds, if given), so the springs' damping acts on
    -- the body's speed relative to the goal, not to the world.
    local previous = {}
    local function pose(options_)
        local pc = args.checker("pose", pose, 1)
        options_ = pc:options(options_, { translate = true, rotate = true, axis = true, pivot = true,
                                          dt = true })
        local t = pc:vector(options_, "translate", { 0, 0, 0 })
        local angle = math.rad(pc:number(options_, "rotate", 0))
        local axis = frame.normalize(pc:vector(options_, "axis", { 0, 0, 1 }))
        local pivot = pc:vector(options_, "pivot", { 0, 0, 0 })
        local dt = pc:number(options_, "dt", nil, 0, nil, true)
        local c, s = math.cos(angle), math.sin(angle)
        for i, p in ipairs(rest) do
            -- Rodrigues' rotation of r = p - pivot about the unit axis.
            local r = frame.sub(p, pivot)
            local turned = frame.add(frame.add(frame.scale(r, c), frame.scale(frame.cross(axis, r), s)),
                                     frame.scale(axis, frame.dot(axis, r) * (1 - c)))
            local q = frame.add(frame.add(pivot, turned), t)
            goals[i]:set_pos(q[1], q[2], q[3])
            if dt and previous[i] then
                local v = frame.scale(frame.sub(q, previous[i]), 1 / dt)
                goals[i]:set_vel(v[1], v[2], v[3])
            end
            previous[i] = q
        end
    end

    return { particles = particles, goals = goals, springs = springs, links = links, rest = rest,
             k = stiffness, pose = pose }
end

--- The largest distance from a body particle to its goal (m).
function goal.error(body)
    if type(body) ~= "table" or type(body.particles) ~= "table" or type(body.goals) ~= "table" then
        local check = args.checker("error", goal.error, 1)
        check:fail("goal body expected (the table goal.body returned)", 1)
    end
    local worst = 0
    for i, p in ipairs(body.particles) do
        local a, b = frame.position(p), frame.position(body.goals[i])
        worst = math.max(worst, frame.length(frame.sub(a, b)))
    end
    return worst
end

--- Vertices of a coil (a slinky): `turns` turns of radius `radius` around
-- the y axis from `base` up `height` metres, `per_turn` vertices per turn,
-- listed from the bottom up.
function goal.coil(options)
    local check = args.checker("coil", goal.coil, 1)
    options = check:options(options, { base = true, radius = true, height = true, turns = true,
                                       per_turn = true })
    local base = check:vector(options, "base", { 0, 0, 0 })
    local radius = check:number(options, "radius", 0.3, 0, nil, true)
    local height = check:number(options, "height", 1, 0, nil, true)
    local turns = check:integer(options, "turns", 8, 1)
    local per_turn = check:integer(options, "per_turn", 12, 3)
    local vertices = {}
    local count = turns * per_turn
    for i = 0, count do
        local a = 2 * math.pi * i / per_turn
        vertices[#vertices + 1] = { base[1] + radius * math.cos(a), base[2] + height * i / count,
                                    base[3] + radius * math.sin(a) }
    end
    return vertices
end

return goal
