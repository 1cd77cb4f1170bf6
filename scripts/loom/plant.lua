-- loom.plant - a plant: a stem and branches of sticks, stiffened by support
-- sticks (Jakobsen, "Advanced Character Physics", §4).
--
--   local plant = require "loom.plant"
--   local p = plant.grow(world, { root = {0, 0}, height = 2, segments = 8,
--                                 branches = { { at = 4, angle = 40 } } })
--
-- A chain of sticks from a fixed root has no bending stiffness at all: every
-- joint is a free hinge, so the "stem" just flops over like a rope. Jakobsen
-- makes it stand by "placing support sticks between strategically chosen
-- couples of vertices sharing a neighbor":
--
--        c            a stick a-b and a stick b-c meet at b, a free hinge.
--       /.            A support stick a-c (dotted) holds the distance a-c,
--      b .            so the angle at b cannot change without stretching
--       \.            it: the hinge now resists bending. Its stiffness
--        a            (< 1) decides how much: the plant sways, then springs back.
--
-- One catch: if a, b and c lie on a straight line, bending at b changes the
-- distance a-c only at second order (2L cos(angle)), so a dead straight
-- stem has no stiffness against small bends and buckles under its own
-- weight. The particles therefore zigzag a little from side to side
-- (`zigzag`, a fraction of a segment): every a, b, c is a real triangle, and
-- a chain of triangles with all sides held is stiff, like a truss.
--
-- Every particle is linked by a support stick to its neighbour's neighbour
-- along the stem and along each branch. Where a branch leaves the stem, its
-- first particle gets support sticks to the stem particles above and below
-- the junction, so the branch keeps its angle. The root is immovable, and a
-- second immovable particle below it (the roots, under the ground) anchors
-- the support stick of the first segment: without it the stem could still
-- pivot about the root.

local args = require "loom.args"
local frame = require "loom.frame"

local plant = {}

local fields = {
    root = true, direction = true, height = true, segments = true, branches = true,
    support = true, stiffness = true, support_stiffness = true, zigzag = true, mass = true,
    radius = true,
    color = true, leaf_color = true,
}
local branch_fields = { at = true, angle = true, length = true, segments = true }

-- Rotates v about the z axis by `degrees` (branches fan out in the plane of
-- the picture for a flat scene).
local function turn(v, degrees)
    local a = math.rad(degrees)
    local c, s = math.cos(a), math.sin(a)
    return { c * v[1] - s * v[2], s * v[1] + c * v[2], v[3] }
end

--- Grows a plant. Options (all optional):
--   root = {x, y, z} where it stands; direction = {0, 1, 0} which way is up;
--   height = 1.5 m and segments = 8 for the stem;
--   branches = { { at = stem particle index (2 .. segments), angle = degrees
--     from the stem (positive turns counter-clockwise about z), length = m,
--     segments = n }, ... };
--   support = true: add support sticks; support_stiffness = 1, in (0, 1]:
--   how stiffly they resist bending; stiffness = 1: the stem's own sticks;
--   zigzag = 0.3: sideways offset of alternate particles, as a fraction of
--   a segment (see above); mass = 1 kg in total; radius, color, leaf_color
--   (the tips).
-- Returns { particles = every movable particle, stem = {root, ...} (root
-- first), branches = { {first, ...}, ... }, sticks = {...}, supports = {...},
-- root = particle, anchor = particle (under the root), tip = top of the stem }.
function plant.grow(world, options)
    local check = args.checker("grow", plant.grow)
    check:world(world)
    options = check:options(options, fields)
    local root = check:vector(options, "root", { 0, 0, 0 })
    local up = frame.normalize(check:vector(options, "direction", { 0, 1, 0 }))
    if frame.length(up) == 0 then check:fail("field 'direction' must not be zero") end
    local height = check:number(options, "height", 1.5, 0, nil, true)
    local n = check:integer(options, "segments", 8, 2)
    local support = check:flag(options, "support", true)
    local stiffness = check:number(options, "stiffness", 1, 0, 1, true)
    local support_stiffness = check:number(options, "support_stiffness", 1, 0, 1, true)
    local zigzag = check:number(options, "zigzag", 0.3, 0, 1)
    local mass = check:number(options, "mass", 1, 0)
    local branches = options.branches or {}
    if type(branches) ~= "table" then
        check:fail("field 'branches' must be a table of branches, got " .. type(branches))
    end
    local specs = {}
    for b, spec in ipairs(branches) do
        if type(spec) ~= "table" then
            check:fail(("field 'branches': branch %d must be a table, got %s"):format(b, type(spec)))
        end
        for key in pairs(spec) do
            if not branch_fields[key] then
                check:fail(("field 'branches': branch %d has unknown field '%s'")
                           :format(b, tostring(key)))
            end
        end
        local flat = { ["branches[" .. b .. "].at"] = spec.at,
                       ["branches[" .. b .. "].angle"] = spec.angle,
                       ["branches[" .. b .. "].length"] = spec.length,
                       ["branches[" .. b .. "].segments"] = spec.segments }
        local prefix = "branches[" .. b .. "]."
        local at = check:integer(flat, prefix .. "at", nil, 2)
        if at == nil or at > n then
            check:fail(("field '%sat' must be a stem particle index in [2, %d], got %s")
                       :format(prefix, n, tostring(spec.at)))
        end
        specs[b] = { at = at,
                     angle = check:number(flat, prefix .. "angle", 45),
                     length = check:number(flat, prefix .. "length", height / 3, 0, nil, true),
                     segments = check:integer(flat, prefix .. "segments", 3, 1) }
    end

    local total = n
    for _, spec in ipairs(specs) do total = total + spec.segments end
    local function particle(pos, tip)
        return check:call(world.particle, world, { pos = pos, mass = mass / total, radius = options.radius,
                                                   color = tip and options.leaf_color or options.color })
    end

    -- The stem: the root and the anchor below it are immovable (mass 0).
    -- Particle k of a line from `base` along `dir`, pushed sideways by the
    -- zigzag on every odd k.
    local function along(base, dir, seg, k)
        -- Sideways: square to dir, in the xy plane when dir is (see frame.along).
        local side = frame.scale(frame.along({ 0, 0, 0 }, dir).y, (k % 2 == 1) and zigzag * seg or 0)
        return frame.add(frame.add(base, frame.scale(dir, k * seg)), side)
    end
    local step = height / n
    local anchor = world:particle { pos = along(root, up, step, -1), mass = 0 }
    local stem = { world:particle { pos = root, mass = 0 } }
    local particles = {}
    for i = 1, n do
        stem[i + 1] = particle(along(root, up, step, i), i == n)
        particles[#particles + 1] = stem[i + 1]
    end

    local sticks, supports = {}, {}
    local function stick(a, b) sticks[#sticks + 1] = world:stick(a, b, { stiffness = stiffness }) end
    local function brace(a, b)
        if support then
            supports[#supports + 1] = world:stick(a, b, { stiffness = support_stiffness })
        end
    end

    -- Along the stem: a stick to the next particle, a support stick to the
    -- one after (the anchor, under the root, braces the first segment).
    for i = 1, n do stick(stem[i], stem[i + 1]) end
    brace(anchor, stem[2])
    for i = 1, n - 1 do brace(stem[i], stem[i + 2]) end

    -- Each branch grows from stem particle `at` (stem[at + 1], as stem[1] is
    -- the root), turned by its angle from the stem's direction.
    local grown = {}
    for b, spec in ipairs(specs) do
        local base = stem[spec.at + 1]
        local dir = turn(up, spec.angle)
        local seg = spec.length / spec.segments
        local chain = { base }
        local x0, y0, z0 = base:pos()
        for k = 1, spec.segments do
            chain[k + 1] = particle(along({ x0, y0, z0 }, dir, seg, k), k == spec.segments)
            particles[#particles + 1] = chain[k + 1]
            stick(chain[k], chain[k + 1])
        end
        -- The junction: the branch's first particle braced to the stem
        -- particles below and above the one it grows from.
        brace(stem[spec.at], chain[2])
        if stem[spec.at + 2] then brace(stem[spec.at + 2], chain[2]) end
        for k = 1, spec.segments - 1 do brace(chain[k], chain[k + 2]) end
        table.remove(chain, 1) -- the stem particle is the stem's, not the branch's
        grown[b] = chain
    end

    return { particles = particles, stem = stem, branches = grown, sticks = sticks,
             supports = supports, root = stem[1], anchor = anchor, tip = stem[n + 1] }
end

return plant
