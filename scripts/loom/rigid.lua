-- loom.rigid - rigid bodies made of particles and sticks (Jakobsen,
-- "Advanced Character Physics", §5).
--
--   local rigid = require "loom.rigid"
--   local body = rigid.tetrahedron(world, { center = {0, 1, 0}, size = 0.6 })
--   local f = rigid.frame(body)     -- where it is and which way it faces
--
-- A rigid body in 3D has six degrees of freedom. Four particles have twelve,
-- and six sticks (one per edge of a tetrahedron) take six away: 4 x 3 - 6 =
-- 6. So four particles and six sticks ARE a rigid body; Verlet moves the
-- particles, relaxation keeps the edges, and the body tumbles, spins and
-- lands with no inertia tensor, no quaternion and no torque anywhere.
--
-- The "coordinate basis" is the same idea arranged for reading: an origin
-- particle and three particles one unit along x, y and z, braced by six
-- sticks. The body's orientation is then simply where the axis particles are.
--
-- rigid.frame reads a frame (origin + three orthonormal axes, see
-- loom.frame) back from the particles, and rigid.embed hangs any shape on
-- it: a box drawn inside a tetrahedron (Jakobsen, figure 6).

local args = require "loom.args"
local frame = require "loom.frame"

local rigid = {}

local body_fields = {
    center = true, origin = true, size = true, mass = true, vel = true, spin = true,
    radius = true, color = true,
}

-- A tetrahedron also takes `faces`: its four faces collide (world:face).
local tetrahedron_fields = { faces = true }
for name in pairs(body_fields) do tetrahedron_fields[name] = true end

-- Velocity of a point of a body moving with `vel` and turning with `spin`
-- (degrees per second about each axis) about `center`: v + w x r.
local function point_velocity(vel, spin, center, p)
    local w = frame.scale(spin, math.pi / 180)
    return frame.add(vel, frame.cross(w, frame.sub(p, center)))
end

local function make_particles(world, check, options, points, center)
    local mass = check:number(options, "mass", 1, 0)
    local vel = check:vector(options, "vel", { 0, 0, 0 })
    local spin = check:vector(options, "spin", { 0, 0, 0 })
    local particles = {}
    for i, p in ipairs(points) do
        particles[i] = check:call(world.particle, world, {
            pos = p, vel = point_velocity(vel, spin, center, p), mass = mass / #points,
            radius = options.radius, color = options.color,
        })
    end
    return particles
end

-- Every pair of the four particles: the six edges of a tetrahedron.
local function brace_all(world, particles)
    local sticks = {}
    for i = 1, 4 do
        for j = i + 1, 4 do sticks[#sticks + 1] = world:stick(particles[i], particles[j]) end
    end
    return sticks
end

--- A regular tetrahedron with edges `size` m (default 0.5) centred on
-- `center`. mass (1 kg) is the total; vel (m/s) and spin (degrees per
-- second about x, y, z) set it moving. faces = true adds its four faces as
-- collision faces (world:face), so a collider thinner than the body cannot
-- pass between its corners (Jakobsen §5). Returns { particles = {4}, sticks =
-- {6}, kind = "tetrahedron" } (and faces = {4} with faces = true).
function rigid.tetrahedron(world, options)
    local check = args.checker("tetrahedron", rigid.tetrahedron)
    check:world(world)
    options = check:options(options, tetrahedron_fields)
    if options.origin ~= nil then check:fail("unknown field 'origin' (a tetrahedron has a 'center')") end
    local with_faces = check:flag(options, "faces", false)
    local center = check:vector(options, "center", { 0, 0, 0 })
    local size = check:number(options, "size", 0.5, 0, nil, true)
    -- Alternate corners of a cube of side s are a regular tetrahedron with
    -- edge s sqrt 2: (1, 1, 1), (1, -1, -1), (-1, 1, -1), (-1, -1, 1).
    local h = size / (2 * math.sqrt(2))
    local points = {}
    for i, c in ipairs { { 1, 1, 1 }, { 1, -1, -1 }, { -1, 1, -1 }, { -1, -1, 1 } } do
        points[i] = frame.add(center, frame.scale(c, h))
    end
    local particles = make_particles(world, check, options, points, center)
    local body = { particles = particles, sticks = brace_all(world, particles), kind = "tetrahedron" }
    if with_faces then
        body.faces = {}
        for i = 1, 4 do -- the face opposite corner i
            local a, b, c = i % 4 + 1, (i + 1) % 4 + 1, (i + 2) % 4 + 1
            body.faces[i] = world:face(particles[a], particles[b], particles[c])
        end
    end
    return body
end

--- The coordinate basis: an origin particle and three axis particles `size`
-- m (default 0.5) along x, y and z, each pair joined by a stick. Options as
-- for tetrahedron, with `origin` instead of `center`. Returns { particles =
-- {origin, x, y, z}, origin = ..., axes = {x, y, z}, sticks = {6},
-- kind = "basis" }.
function rigid.basis(world, options)
    local check = args.checker("basis", rigid.basis)
    check:world(world)
    options = check:options(options, body_fields)
    if options.center ~= nil then check:fail("unknown field 'center' (a basis has an 'origin')") end
    local origin = check:vector(options, "origin", { 0, 0, 0 })
    local size = check:number(options, "size", 0.5, 0, nil, true)
    local points = { origin }
    for axis = 1, 3 do
        local p = { origin[1], origin[2], origin[3] }
        p[axis] = p[axis] + size
        points[axis + 1] = p
    end
    -- Spin turns about the middle of the four particles, so a spinning
    -- basis does not drift off sideways.
    local middle = frame.scale(frame.add(frame.add(points[1], points[2]),
                                         frame.add(points[3], points[4])), 0.25)
    local particles = make_particles(world, check, options, points, middle)
    return { particles = particles, origin = particles[1],
             axes = { particles[2], particles[3], particles[4] },
             sticks = brace_all(world, particles), kind = "basis" }
end

local function check_body(check, body, arg)
    local ok = type(body) == "table" and type(body.particles) == "table" and #body.particles == 4
    if ok then
        for _, p in ipairs(body.particles) do ok = ok and type(p) == "userdata" and p:valid() end
    end
    if not ok then
        check:fail("body expected (the table rigid.tetrahedron or rigid.basis returned)", arg)
    end
end

-- The frame of a body from its particles' positions (each a {x, y, z}).
local function frame_of(body, points)
    if body.kind == "basis" then
        -- The axes are the body's axes: Gram-Schmidt on the first two, the
        -- third from their cross product (so it stays right-handed even if
        -- the z particle is a little off).
        return frame.from_points(points[1], points[2], points[3])
    end
    -- A tetrahedron: the origin at its centroid, the axes along its three
    -- bimedians (from the middle of one edge to the middle of the opposite
    -- edge). For the regular tetrahedron rigid.tetrahedron builds these are
    -- the axes of the cube whose alternate corners it occupies, so a box
    -- embedded along them sits square inside it.
    local p = points
    local c = frame.scale(frame.add(frame.add(p[1], p[2]), frame.add(p[3], p[4])), 0.25)
    local x = frame.sub(frame.add(p[1], p[2]), frame.add(p[3], p[4]))
    local y = frame.sub(frame.add(p[1], p[3]), frame.add(p[2], p[4]))
    return frame.from_points(c, frame.add(c, x), frame.add(c, y))
end

local function positions(body, ahead)
    local points = {}
    for i, p in ipairs(body.particles) do
        local x, y, z = p:pos()
        if ahead ~= 0 then
            local vx, vy, vz = p:vel()
            x, y, z = x + vx * ahead, y + vy * ahead, z + vz * ahead
        end
        points[i] = { x, y, z }
    end
    return points
end

--- The body's frame now: { origin, x, y, z } (see loom.frame). With
-- `ahead` seconds, where it will be if its particles keep their velocity
-- that long (see rigid.embed for why).
function rigid.frame(body, ahead)
    local check = args.checker("frame", rigid.frame, 1)
    check_body(check, body, 1)
    if ahead ~= nil and (type(ahead) ~= "number" or ahead ~= ahead or math.abs(ahead) == math.huge) then
        check:fail("ahead must be a finite number of seconds, got " .. tostring(ahead), 2)
    end
    return frame_of(body, positions(body, ahead or 0))
end

--- The signed volume of a tetrahedron or basis (m^3): det(p2 - p1, p3 - p1,
-- p4 - p1) / 6. It changes sign only if the body turns inside out, which a
-- rigid body never may.
function rigid.volume(body)
    local check = args.checker("volume", rigid.volume, 1)
    check_body(check, body, 1)
    local p = positions(body, 0)
    local a, b, c = frame.sub(p[2], p[1]), frame.sub(p[3], p[1]), frame.sub(p[4], p[1])
    return frame.dot(a, frame.cross(b, c)) / 6
end

local embed_fields = { points = true, edges = true, color = true, radius = true }

--- Rides a shape on a body (Jakobsen, figure 6: a box embedded in a
-- tetrahedron). `points` are world positions now; each gets an immovable
-- marker particle (mass 0), and `edges` ({i, j} pairs) sticks between
-- markers, for drawing only. Returns { markers = {...}, sticks = {...},
-- update = function(ahead) } and update puts every marker where the body's
-- frame carries it.
--
-- Why this does not disturb the physics: a marker has mass 0, so no force
-- and no constraint moves it, and a stick between two immovable particles is
-- skipped by the solver (there is nothing it may move). Nothing links a
-- marker to the body, so the body does not feel the markers at all. The
-- world box ignores immovable particles too. The markers move only when
-- update() sets them, from the body's frame.
--
-- Call update in loom.update. loom.update runs before the frame's step, so
-- markers set from where the body is now would be drawn one step behind it;
-- update(dt) sets them where the body will be after the step instead,
-- predicting each particle as x + v dt (the error is the step's own
-- acceleration, g dt^2 / 2 ~ 1.4 mm at 60 steps/s, plus collisions).
function rigid.embed(world, body, options)
    local check = args.checker("embed", rigid.embed, 3)
    check:world(world)
    check_body(check, body, 2)
    options = check:options(options, embed_fields)
    local points = options.points
    if type(points) ~= "table" or #points == 0 then
        check:fail("field 'points' must be a non-empty table of {x, y, z}")
    end
    local f = rigid.frame(body)
    local locals, markers = {}, {}
    for i, p in ipairs(points) do
        local ok = type(p) == "table" and (#p == 2 or #p == 3)
        for c = 1, ok and #p or 0 do
            ok = ok and type(p[c]) == "number" and p[c] == p[c] and math.abs(p[c]) ~= math.huge
        end
        if not ok then
            check:fail(("field 'points': point %d must be a table of 2 or 3 finite numbers"):format(i))
        end
        local q = { p[1], p[2], p[3] or 0 }
        locals[i] = frame.to_local(f, q)
        markers[i] = check:call(world.particle, world,
                                { pos = q, mass = 0, color = options.color, radius = options.radius })
    end
    local edges = options.edges or {}
    if type(edges) ~= "table" then
        check:fail("field 'edges' must be a table of {i, j} pairs, got " .. type(edges))
    end
    local sticks = {}
    for e, edge in ipairs(edges) do
        local i, j = type(edge) == "table" and edge[1], type(edge) == "table" and edge[2]
        if not (markers[i] and markers[j]) or i == j then
            check:fail(("field 'edges': edge %d must join two different points in [1, %d]")
                       :format(e, #points))
        end
        sticks[e] = world:stick(markers[i], markers[j])
    end
    local function update(ahead)
        local now = rigid.frame(body, ahead)
        for i, marker in ipairs(markers) do
            local q = frame.to_world(now, locals[i])
            marker:set_pos(q[1], q[2], q[3])
        end
    end
    return { markers = markers, sticks = sticks, update = update }
end

--- A box centred on the body's frame origin and aligned with its axes,
-- embedded as above: options { half = {hx, hy, hz} (required, m), color,
-- radius }. In a regular tetrahedron of edge a the box touches the faces
-- when hx + hy + hz = a / (2 sqrt 2): each face is a plane |x +- y +- z| =
-- a / (2 sqrt 2) in the bimedian frame. Returns what embed returns.
-- collide = true (a tetrahedron only) makes the box's corners collide with
-- the colliders, carried by the tetrahedron through their weights c1..c4
-- (Jakobsen §5, fig. 6); the markers still only show where they are.
function rigid.embed_box(world, body, options)
    local check = args.checker("embed_box", rigid.embed_box, 3)
    check:world(world)
    check_body(check, body, 2)
    options = check:options(options, { half = true, color = true, radius = true, collide = true })
    local collide = check:flag(options, "collide", false)
    if collide and body.kind ~= "tetrahedron" then
        check:fail("field 'collide' needs a tetrahedron (its corners carry the box)")
    end
    if options.half == nil then check:fail("field 'half' is required") end
    local half = check:vector(options, "half")
    local f = rigid.frame(body)
    local points = {}
    for i = 0, 7 do
        local l = { (i & 1 == 0) and -half[1] or half[1], (i & 2 == 0) and -half[2] or half[2],
                    (i & 4 == 0) and -half[3] or half[3] }
        points[i + 1] = frame.to_world(f, l)
    end
    -- The twelve edges: corners that differ in one coordinate.
    local edges = {}
    for i = 0, 7 do
        for _, bit in ipairs { 1, 2, 4 } do
            if i & bit == 0 then edges[#edges + 1] = { i + 1, (i | bit) + 1 } end
        end
    end
    local embedded = rigid.embed(world, body, { points = points, edges = edges,
                                                color = options.color, radius = options.radius })
    if collide then
        -- Jakobsen fig. 6: each corner is carried by the four particles with
        -- its barycentric weights c1..c4 (ratios of signed volumes), and
        -- collides through them (world:embed_point).
        local x = {}
        for i, p in ipairs(body.particles) do x[i] = { p:pos() } end
        local function volume(a, b, c, d)
            return frame.dot(frame.sub(b, a), frame.cross(frame.sub(c, a), frame.sub(d, a)))
        end
        local whole = volume(x[1], x[2], x[3], x[4])
        for _, q in ipairs(points) do
            local c = {
                volume(q, x[2], x[3], x[4]) / whole, volume(x[1], q, x[3], x[4]) / whole,
                volume(x[1], x[2], q, x[4]) / whole, volume(x[1], x[2], x[3], q) / whole,
            }
            world:embed_point(body.particles, c, options.radius or 0)
        end
    end
    return embedded
end

return rigid
