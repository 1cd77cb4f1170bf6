-- loom.cloth - cloth woven from particles and links: a grid, or any triangle mesh.
--
--   local cloth = require "loom.cloth"
--   local c = cloth.grid(world, { nu = 20, nv = 20, pin = {"top_left", "top_right"} })
--   c.at(1, 1)  -- the particle at the origin corner
--
-- A cloth is a grid of particles; what makes it behave like cloth is which
-- pairs are linked (Lee, "Introduction to Soft Body Physics", ch. 2; Lander,
-- "Devil in the Blue Faceted Dress"):
--
--   structural  each particle to its neighbour along u and along v.    o--o
--               These are the threads: they stop the cloth stretching.  |  |
--                                                                       o--o
--   shear       both diagonals of every cell. Without them the square    o  o
--               cells fold flat into diamonds and the cloth collapses.    \/
--                                                                         /\
--                                                                        o  o
--   bend        each particle to the one two cells away, along u and    o--.--o
--               along v. They resist folding: stiff bend links give
--               leather, weak or no bend links give silk.
--
-- A link is a stick (Jakobsen: holds its length exactly, by projection), a
-- spring (Lee ch. 1, Lander: pulls back with k times the stretch, so the
-- cloth is elastic and can oscillate), or both (Lee's recipe: springs give the
-- motion, sticks stop the springs from stretching too far).

-- Each kind of link can be set on its own: structural = true | false | a
-- table { kind, stiffness, k, damping } whose fields override the top-level
-- ones for that kind only. So a cloth can have stiff structural sticks and
-- soft bend springs: bend = { kind = "spring", k = 20 }.
--
-- cloth.mesh builds a cloth from any triangle mesh (Jakobsen §4: "a hexagonal
-- mesh of triangles ... for each edge a stick"), and cloth.hexagon makes such
-- a mesh: a hexagon cut from a triangular lattice.

local args = require "loom.args"

local cloth = {}

local grid_fields = {
    origin = true, u = true, v = true, nu = true, nv = true, mass = true,
    structural = true, shear = true, bend = true, kind = true, stiffness = true, k = true,
    damping = true, pin = true, radius = true, color = true, faces = true,
}

local link_kinds = { "stick", "spring", "both" }
local link_fields = { kind = true, stiffness = true, k = true, damping = true }

-- The link settings every kind starts from: the top-level fields.
local function base_links(check, options)
    return {
        kind = check:option(options, "kind", "stick", link_kinds),
        stiffness = check:number(options, "stiffness", 1, 0, 1, true),
        k = check:number(options, "k", nil, 0), -- nil: stable_spring below
        damping = check:number(options, "damping", nil, 0),
    }
end

-- The settings of one kind of link ("bend", ...): nil when it is off.
-- A table's fields are checked as 'bend.k' and so on, so a message names them.
local function links_of(check, options, name, default_on, base)
    local value = options[name]
    if value == nil then value = default_on end
    if value == false then return nil end
    if value == true then return base end
    if type(value) ~= "table" then
        check:fail(("field '%s' must be a boolean or a table, got %s"):format(name, type(value)))
    end
    local flat = {}
    for key, x in pairs(value) do
        if not link_fields[key] then
            check:fail(("unknown field '%s.%s'"):format(name, tostring(key)))
        end
        flat[name .. "." .. key] = x
    end
    return {
        kind = check:option(flat, name .. ".kind", base.kind, link_kinds),
        stiffness = check:number(flat, name .. ".stiffness", base.stiffness, 0, 1, true),
        k = check:number(flat, name .. ".k", base.k, 0),
        damping = check:number(flat, name .. ".damping", base.damping, 0),
    }
end

-- The default spring between a and b: as stiff as the step allows. A node
-- of a cloth has up to 8 springs (structural, shear, bend); its highest
-- frequency is about omega^2 = 16 k / m, and k = m / (16 h^2) keeps
-- omega h <= 1, half of Verlet's limit of 2 (world:spring warns past it).
-- The damping is bounded the same way (c (1/m_a + 1/m_b) h <= 1 / 8, an
-- explicit damping force past that adds energy instead of removing it).
-- Heavy particles or small steps get Lander's k = 200, damping 1.
-- The midpoint method amplifies an undamped spring every step; this damping
-- takes that back (world:spring's limit for midpoint grows with the damping
-- ratio, about 0.6 at a cloth's node: omega h 1 is within its 1.7).
local function stable_spring(world, settings, a, b)
    local k, damping = settings.k, settings.damping
    if k and damping then return k, damping end
    local s = world:settings()
    local h = s.dt / s.substeps
    local m = math.huge
    for _, p in ipairs { a, b } do
        if p:mass() > 0 then m = math.min(m, p:mass()) end
    end
    if m == math.huge then return k or 200, damping or 1 end
    return k or math.min(200, m / (16 * h * h)), damping or math.min(1, m / (16 * h))
end

-- Links a and b as the settings say, appending the handles to both lists.
-- A stick of stiffness 1 is made without options: the same as before
-- per-kind settings existed, so old scenes give the same bits.
local function make_link(world, settings, a, b, all, mine)
    if settings.kind ~= "spring" then
        local stick
        if settings.stiffness == 1 then
            stick = world:stick(a, b)
        else
            stick = world:stick(a, b, { stiffness = settings.stiffness })
        end
        all[#all + 1] = stick
        mine[#mine + 1] = stick
    end
    if settings.kind ~= "stick" then
        local k, damping = stable_spring(world, settings, a, b)
        local spring = world:spring(a, b, { k = k, damping = damping })
        all[#all + 1] = spring
        mine[#mine + 1] = spring
    end
end

-- Which corners or edges "pin" names. With v pointing down (the default),
-- j = 1 is the top row and i = 1 the left column.
local pin_names = {
    top_left = function(i, j, nu, nv) return i == 1 and j == 1 end,
    top_right = function(i, j, nu, nv) return i == nu and j == 1 end,
    bottom_left = function(i, j, nu, nv) return i == 1 and j == nv end,
    bottom_right = function(i, j, nu, nv) return i == nu and j == nv end,
    top = function(i, j, nu, nv) return j == 1 end,
    bottom = function(i, j, nu, nv) return j == nv end,
    left = function(i, j, nu, nv) return i == 1 end,
    right = function(i, j, nu, nv) return i == nu end,
}

-- A function(i, j) -> bool telling which particles to pin.
local function pin_rule(check, pin, nu, nv)
    if pin == nil then
        return function() return false end
    elseif type(pin) == "function" then
        return pin
    elseif type(pin) == "string" then
        pin = { pin } -- one name stands for a list of one
    elseif type(pin) ~= "table" then
        check:fail("field 'pin' must be a name, a table of names or a function(i, j), got " .. type(pin))
    end
    local rules = {}
    for _, name in ipairs(pin) do
        local rule = pin_names[name]
        if not rule then
            local closest = type(name) == "string" and args.closest(name, pin_names)
            check:fail(("field 'pin': invalid option '%s', expected one of: top_left, top_right, "
                        .. "bottom_left, bottom_right, top, bottom, left, right%s")
                       :format(tostring(name), closest and (" (did you mean '" .. closest .. "'?)") or ""))
        end
        rules[#rules + 1] = rule
    end
    return function(i, j)
        for _, rule in ipairs(rules) do
            if rule(i, j, nu, nv) then return true end
        end
        return false
    end
end

--- Builds a grid of nu x nv particles spanning origin .. origin + u + v.
-- Returns { particles = grid (grid[i][j], i along u, j along v, 1-based),
--           links = every stick and spring made, in creation order,
--           structural = ..., shear = ..., bend = ... (the same handles by kind),
--           pins = every pin made, at = function(i, j) -> particle,
--           faces = the collision faces, with faces = true: two per cell }.
-- faces = true makes every cell two collision faces (world:face), so a
-- collider smaller than a cell cannot pass between the threads.
function cloth.grid(world, options)
    local check = args.checker("grid", cloth.grid)
    check:world(world)
    options = check:options(options, grid_fields)
    local origin = check:vector(options, "origin", { 0, 0, 0 })
    local u = check:vector(options, "u", { 1, 0, 0 })
    local v = check:vector(options, "v", { 0, -1, 0 })
    local nu = check:integer(options, "nu", 10, 2)
    local nv = check:integer(options, "nv", 10, 2)
    local mass = check:number(options, "mass", 1, 0)
    local base = base_links(check, options)
    local structural = links_of(check, options, "structural", true, base)
    local shear = links_of(check, options, "shear", true, base)
    local bend = links_of(check, options, "bend", false, base)
    local pinned = pin_rule(check, options.pin, nu, nv)
    local with_faces = check:flag(options, "faces", false)

    -- The particles: the total mass shared out evenly. The lists are
    -- loom.handles(): they keep 9 bytes per handle (a 256 x 256 cloth's
    -- 326,000 handles would take 30 MB as userdata in tables) and make each
    -- handle when it is read.
    local grid = {}
    for i = 1, nu do
        grid[i] = loom.handles()
        local s = (i - 1) / (nu - 1)
        for j = 1, nv do
            local t = (j - 1) / (nv - 1)
            grid[i][j] = check:call(world.particle, world, {
                pos = { origin[1] + s * u[1] + t * v[1],
                        origin[2] + s * u[2] + t * v[2],
                        origin[3] + s * u[3] + t * v[3] },
                mass = mass / (nu * nv),
                radius = options.radius,
                color = options.color,
            })
        end
    end

    -- The links, each at its rest length (the distance it was made at).
    local links = loom.handles()
    local by_kind = { structural = loom.handles(), shear = loom.handles(), bend = loom.handles() }
    local function link(settings, list, i1, j1, i2, j2)
        make_link(world, settings, grid[i1][j1], grid[i2][j2], links, list)
    end
    for i = 1, nu do
        for j = 1, nv do
            if structural then
                if i < nu then link(structural, by_kind.structural, i, j, i + 1, j) end
                if j < nv then link(structural, by_kind.structural, i, j, i, j + 1) end
            end
            if shear and i < nu and j < nv then
                link(shear, by_kind.shear, i, j, i + 1, j + 1)
                link(shear, by_kind.shear, i + 1, j, i, j + 1)
            end
            if bend then
                if i + 2 <= nu then link(bend, by_kind.bend, i, j, i + 2, j) end
                if j + 2 <= nv then link(bend, by_kind.bend, i, j, i, j + 2) end
            end
        end
    end

    -- The pins hold chosen particles where they are.
    local pins = {}
    for i = 1, nu do
        for j = 1, nv do
            if pinned(i, j) then pins[#pins + 1] = world:pin(grid[i][j]) end
        end
    end

    -- Collision faces (Jakobsen §5): two triangles per cell, made after
    -- every link so the links' order (and so the solver's) is unchanged.
    local faces = nil
    if with_faces then
        faces = loom.handles()
        for i = 1, nu - 1 do
            for j = 1, nv - 1 do
                faces[#faces + 1] = world:face(grid[i][j], grid[i + 1][j], grid[i + 1][j + 1])
                faces[#faces + 1] = world:face(grid[i][j], grid[i + 1][j + 1], grid[i][j + 1])
            end
        end
    end

    local function at(i, j)
        local column = grid[i]
        local p = column and column[j]
        if not p then
            error(("no particle at (%s, %s): the cloth is %d x %d"):format(
                tostring(i), tostring(j), nu, nv), 2)
        end
        return p
    end

    return { particles = grid, links = links, structural = by_kind.structural,
             shear = by_kind.shear, bend = by_kind.bend, pins = pins, at = at, faces = faces }
end

-- ------------------------------------------------------------------ mesh --

local mesh_fields = {
    vertices = true, triangles = true, mass = true, structural = true, bend = true,
    kind = true, stiffness = true, k = true, damping = true, pin = true, radius = true,
    color = true, faces = true,
}

local function check_vertices(check, vertices)
    if type(vertices) ~= "table" or #vertices == 0 then
        check:fail("field 'vertices' must be a non-empty table of {x, y [, z]}")
    end
    local points = {}
    for i, v in ipairs(vertices) do
        local ok = type(v) == "table" and (#v == 2 or #v == 3)
        for c = 1, ok and #v or 0 do
            ok = ok and type(v[c]) == "number" and v[c] == v[c]
                 and v[c] ~= math.huge and v[c] ~= -math.huge
        end
        if not ok then
            check:fail(("field 'vertices': vertex %d must be a table of 2 or 3 finite numbers"):format(i))
        end
        points[i] = { v[1], v[2], v[3] or 0 }
    end
    return points
end

local function check_triangles(check, triangles, n)
    if type(triangles) ~= "table" or #triangles == 0 then
        check:fail("field 'triangles' must be a non-empty table of {a, b, c}")
    end
    for t, tri in ipairs(triangles) do
        local ok = type(tri) == "table" and #tri == 3
        for c = 1, ok and 3 or 0 do
            local i = tri[c]
            ok = ok and math.type(i) == "integer" and i >= 1 and i <= n
        end
        ok = ok and tri[1] ~= tri[2] and tri[2] ~= tri[3] and tri[1] ~= tri[3]
        if not ok then
            check:fail(("field 'triangles': triangle %d must be three different vertex "
                        .. "indices in [1, %d]"):format(t, n))
        end
    end
end

--- Builds a cloth from a triangle mesh: a particle per vertex, a structural
-- link per edge (shared edges once), and optionally a bend link across every
-- edge shared by two triangles, between the two vertices opposite it (it
-- resists folding along that edge, as a grid's bend links do). A triangle
-- cannot shear, so there are no shear links.
-- Returns { particles = {...} (one per vertex, same order), links = every
--           stick and spring in creation order, structural = ..., bend = ...,
--           pins = {...}, edges = number of edges, hinges = edges with two
--           triangles, faces = a collision face per triangle with faces = true }.
function cloth.mesh(world, options)
    local check = args.checker("mesh", cloth.mesh)
    check:world(world)
    options = check:options(options, mesh_fields)
    if options.vertices == nil then check:fail("field 'vertices' is required") end
    if options.triangles == nil then check:fail("field 'triangles' is required") end
    local points = check_vertices(check, options.vertices)
    check_triangles(check, options.triangles, #points)
    local mass = check:number(options, "mass", 1, 0)
    local base = base_links(check, options)
    local structural = links_of(check, options, "structural", true, base)
    local bend = links_of(check, options, "bend", false, base)
    local with_faces = check:flag(options, "faces", false)
    local pin = options.pin
    if pin ~= nil and type(pin) ~= "table" and type(pin) ~= "function" then
        check:fail("field 'pin' must be a table of vertex indices or a function(i, x, y, z), got "
                   .. type(pin))
    end
    if type(pin) == "table" then
        for _, i in ipairs(pin) do
            if math.type(i) ~= "integer" or i < 1 or i > #points then
                check:fail(("field 'pin': vertex index must be an integer in [1, %d], got %s")
                           :format(#points, tostring(i)))
            end
        end
    end

    local particles = loom.handles()
    for i, p in ipairs(points) do
        particles[i] = check:call(world.particle, world, { pos = p, mass = mass / #points,
                                                          radius = options.radius, color = options.color })
    end

    -- Every edge once, in the order the triangles first use them; and for
    -- every edge the vertices opposite it (one per triangle using it).
    local edges, opposite = {}, {}
    for _, tri in ipairs(options.triangles) do
        for c = 1, 3 do
            local a, b, o = tri[c], tri[c % 3 + 1], tri[(c + 1) % 3 + 1]
            local key = math.min(a, b) * (#points + 1) + math.max(a, b)
            if not opposite[key] then
                opposite[key] = {}
                edges[#edges + 1] = { a, b, key }
            end
            local list = opposite[key]
            list[#list + 1] = o
        end
    end

    local links, by_kind = loom.handles(), { structural = loom.handles(), bend = loom.handles() }
    local hinges = 0
    if structural then
        for _, e in ipairs(edges) do
            make_link(world, structural, particles[e[1]], particles[e[2]], links, by_kind.structural)
        end
    end
    for _, e in ipairs(edges) do
        local o = opposite[e[3]]
        if #o == 2 then
            hinges = hinges + 1
            if bend and o[1] ~= o[2] then
                make_link(world, bend, particles[o[1]], particles[o[2]], links, by_kind.bend)
            end
        end
    end

    local pins = {}
    if type(pin) == "table" then
        for _, i in ipairs(pin) do pins[#pins + 1] = world:pin(particles[i]) end
    elseif pin then
        for i, p in ipairs(points) do
            if pin(i, p[1], p[2], p[3]) then pins[#pins + 1] = world:pin(particles[i]) end
        end
    end

    local faces = nil
    if with_faces then -- one collision face per triangle, after every link
        faces = loom.handles()
        for t, tri in ipairs(options.triangles) do
            faces[t] = world:face(particles[tri[1]], particles[tri[2]], particles[tri[3]])
        end
    end

    return { particles = particles, links = links, structural = by_kind.structural,
             bend = by_kind.bend, pins = pins, edges = #edges, hinges = hinges, faces = faces }
end

local hexagon_fields = { center = true, radius = true, rings = true, u = true, v = true }

--- A hexagon cut from a triangular lattice: `rings` rings of triangles
-- around the centre vertex, corners `radius` metres from it, in the plane of
-- the unit vectors u (towards the first corner) and v. Every inner vertex
-- has six neighbours: Jakobsen's hexagonal mesh. For n rings there are
-- 1 + 3 n (n + 1) vertices and 6 n^2 triangles.
-- Returns { vertices = {{x, y, z}, ...}, triangles = {{a, b, c}, ...},
--           corners = the six corner vertex indices, counter-clockwise
--           from u, centre = the index of the centre vertex }.
function cloth.hexagon(options)
    local check = args.checker("hexagon", cloth.hexagon, 1)
    options = check:options(options, hexagon_fields)
    local center = check:vector(options, "center", { 0, 0, 0 })
    local radius = check:number(options, "radius", 1, 0, nil, true)
    local n = check:integer(options, "rings", 4, 1)
    local u = check:vector(options, "u", { 1, 0, 0 })
    local v = check:vector(options, "v", { 0, 1, 0 })

    -- Lattice point (q, r) sits at q a1 + r a2 with a1 = (1, 0) and
    -- a2 = (1/2, sqrt 3 / 2): unit edges at 60 degrees. The hexagon is the
    -- points within n steps of the centre: |q| <= n, |r| <= n, |q + r| <= n.
    local step = radius / n
    local vertices, index = {}, {}
    for r = -n, n do
        index[r] = {}
        for q = math.max(-n, -n - r), math.min(n, n - r) do
            local x, y = (q + 0.5 * r) * step, (math.sqrt(3) / 2) * r * step
            vertices[#vertices + 1] = { center[1] + x * u[1] + y * v[1],
                                        center[2] + x * u[2] + y * v[2],
                                        center[3] + x * u[3] + y * v[3] }
            index[r][q] = #vertices
        end
    end
    -- Each lattice rhombus (q, r), (q+1, r), (q+1, r+1), (q, r+1) is cut along
    -- its short diagonal, from (q+1, r) to (q, r+1), into two triangles; keep those whose corners all exist.
    local function at(q, r) return index[r] and index[r][q] end
    local triangles = {}
    for r = -n, n do
        for q = -n, n do
            local a, b, c, d = at(q, r), at(q + 1, r), at(q, r + 1), at(q + 1, r + 1)
            if a and b and c then triangles[#triangles + 1] = { a, b, c } end
            if b and d and c then triangles[#triangles + 1] = { b, d, c } end
        end
    end
    local corners = { at(n, 0), at(0, n), at(-n, n), at(-n, 0), at(0, -n), at(n, -n) }
    return { vertices = vertices, triangles = triangles, corners = corners, centre = at(0, 0) }
end

return cloth
