-- test_faces.lua - collision faces from Lua (Jakobsen §5 for triangles):
-- world:face, collider:triangle_depth, the builders' faces = true, a small
-- sphere lifting a cloth only when the cloth has faces, and the exact
-- message of every argument rule.
local t = require "harness"
local check, check_near, check_error = t.check, t.check_near, t.check_error
local cloth = require "loom.cloth"
local rigid = require "loom.rigid"

-- -------------------------------------------------------------- handles --
do
    local w = loom.world()
    local a = w:particle { pos = { 0, 0, 0 } }
    local b = w:particle { pos = { 1, 0, 0 } }
    local c = w:particle { pos = { 0, 0, 1 } }
    local f = w:face(a, b, c)
    check(f:kind() == "face" and tostring(f) == "face#1", "a face is a constraint of kind 'face'")
    local p, q, r = f:particles()
    check(p == a and q == b and r == c, "f:particles() gives its three corners")
    check_near(f:value(), 0.5, 1e-12, "f:value() is its area (m^2)")
    check(f:error() == 0, "a face has no error of its own")
    check(w:stats().constraints == 1, "a face counts as a constraint")
    f:remove()
    check(not f:valid() and w:stats().constraints == 0, "f:remove()")
    local g = w:face(a, b, c)
    w:remove(b)
    check(not g:valid(), "removing a particle removes its faces")
end

-- --------------------------------------------------------------- errors --
do
    local w, other = loom.world(), loom.world()
    local a, b, c = w:particle {}, w:particle { pos = { 1, 0 } }, w:particle { pos = { 0, 1 } }
    check_error(function() w:face(a, b, nil) end,
                "bad argument #3 to 'face' (particle expected, got nil)", "face(a, b, nil)")
    check_error(function() w:face(nil, b, c) end,
                "bad argument #1 to 'face' (particle expected, got nil)", "face(nil, b, c)")
    check_error(function() w:face(a, a, c) end,
                "bad argument #2 to 'face' (a face needs three different particles)", "face(a, a, c)")
    check_error(function() w:face(a, b, a) end,
                "bad argument #3 to 'face' (a face needs three different particles)", "face(a, b, a)")
    check_error(function() w:face(a, b, other:particle {}) end,
                "bad argument #3 to 'face' (particle belongs to another world)", "face across worlds")
    local d = w:particle {}
    w:remove(d)
    check_error(function() w:face(a, b, d) end,
                "bad argument #3 to 'face' (attempt to use a removed particle)", "face with a removed particle")
    local s = w:sphere { center = { 0, 0 }, radius = 1 }
    check_error(function() s:triangle_depth({ 0, 0 }, nil, { 1, 1 }) end,
                "bad argument #2 to 'triangle_depth' (b must be a table of 2 or 3 numbers)",
                "triangle_depth without b")
    check_error(function() s:triangle_depth({ 0, 0 }, { 1, 0 }, { 1, 0 / 0 }) end,
                "bad argument #3 to 'triangle_depth' (c must contain finite numbers, got nan)",
                "triangle_depth with a NaN")
    check_error(function() cloth.grid(w, { faces = 1 }) end,
                "bad argument #2 to 'grid' (field 'faces' must be a boolean, got number)",
                "grid{faces = 1}")
    check_error(function() cloth.mesh(w, { vertices = { { 0, 0 }, { 1, 0 }, { 0, 1 } },
                                           triangles = { { 1, 2, 3 } }, faces = "yes" }) end,
                "bad argument #2 to 'mesh' (field 'faces' must be a boolean, got string)",
                "mesh{faces = 'yes'}")
    check_error(function() rigid.tetrahedron(w, { faces = {} }) end,
                "bad argument #2 to 'tetrahedron' (field 'faces' must be a boolean, got table)",
                "tetrahedron{faces = {}}")
    check_error(function() rigid.basis(w, { faces = true }) end,
                "bad argument #2 to 'basis' (unknown field 'faces')", "basis has no faces")
end

-- ---------------------------------------------------------------- depth --
do
    local w = loom.world()
    local s = w:sphere { center = { 0, 0, 0 }, radius = 0.1 }
    check_near(s:triangle_depth({ -1, 0.05, -1 }, { 1, 0.05, -1 }, { 0, 0.05, 2 }), 0.05, 1e-12,
               "triangle_depth: a sphere under a triangle's inside")
    check(s:triangle_depth({ 1, 0, 0 }, { 2, 0, 0 }, { 1, 1 }) == 0, "triangle_depth: 0 outside")
    local k = w:capsule { a = { -1, 0, 0 }, b = { 1, 0, 0 }, radius = 0.1 }
    check_near(k:triangle_depth({ -1, 0.02, -1 }, { 1, 0.02, -1 }, { 0, 0.02, 2 }), 0.08, 1e-8,
               "triangle_depth: a capsule")
    local o = w:obb { center = { 0, 0, 0 }, size = { 0.2, 0.2, 0.2 } }
    check_near(o:triangle_depth({ -1, 0.05, -1 }, { 1, 0.05, -1 }, { 0, 0.05, 2 }), 0.05, 1e-12,
               "triangle_depth: a box")
    local floor = w:plane {}
    check_near(floor:triangle_depth({ 0, -0.2 }, { 1, 0.3 }, { 0, 1 }), 0.2, 1e-12,
               "triangle_depth: a plane's deepest point is a corner")
end

-- ------------------------------------------------------------- builders --
do
    local w = loom.world()
    local plain = cloth.grid(w, { nu = 4, nv = 3 })
    local n = w:stats().constraints
    check(plain.faces == nil, "a grid has no faces by default")
    local faced = cloth.grid(w, { nu = 4, nv = 3, faces = true })
    check(#faced.faces == 2 * 3 * 2 and w:stats().constraints == 2 * n + 12,
          "grid{faces = true}: two faces per cell, besides the same links")
    check(faced.faces[1]:kind() == "face", "the grid's faces are faces")
    local hex = cloth.hexagon { rings = 2 }
    local mesh = cloth.mesh(w, { vertices = hex.vertices, triangles = hex.triangles, faces = true })
    check(#mesh.faces == #hex.triangles, "mesh{faces = true}: one face per triangle")
    local tet = rigid.tetrahedron(w, { faces = true })
    check(#tet.faces == 4 and rigid.tetrahedron(w).faces == nil, "tetrahedron{faces = true}: four")
    -- Every corner is in exactly three of the four faces.
    local uses = {}
    for _, f in ipairs(tet.faces) do
        for _, p in ipairs { f:particles() } do uses[p] = (uses[p] or 0) + 1 end
    end
    local ok = true
    for _, p in ipairs(tet.particles) do ok = ok and uses[p] == 3 end
    check(ok, "the tetrahedron's faces cover every corner three times")
end

-- ------------------------------------------------------------- behaviour --
-- A sphere of radius 0.03 rises at 1 m/s under a falling cloth whose cells
-- are 0.1 m. With faces it lifts the cloth and no point of the cloth is in
-- it beyond 1 mm; without faces it slips between the particles.
local function lift(faces)
    local w = loom.world { substeps = 4 }
    local c = cloth.grid(w, { origin = { -0.5, 0, -0.5 }, u = { 1, 0, 0 }, v = { 0, 0, 1 },
                              nu = 11, nv = 11, mass = 1.21, faces = faces })
    local ball = w:sphere { center = { 0.05, -0.2, 0.05 }, radius = 0.03, friction = 0.5 }
    local deepest = 0
    local function corner(i, j) return { c.at(i, j):pos() } end
    for step = 1, 60 do
        ball:set_pos(0.05, -0.2 + step / 60, 0.05)
        w:step()
        for i = 1, 10 do
            for j = 1, 10 do
                deepest = math.max(deepest,
                                   ball:triangle_depth(corner(i, j), corner(i + 1, j), corner(i + 1, j + 1)),
                                   ball:triangle_depth(corner(i, j), corner(i + 1, j + 1), corner(i, j + 1)),
                                   -ball:distance(c.at(i, j):pos()))
            end
        end
    end
    local top = -math.huge
    for _, column in ipairs(c.particles) do
        for _, p in ipairs(column) do
            local _, y = p:pos()
            top = math.max(top, y)
        end
    end
    return deepest, top
end

local deep_faces, top_faces = lift(true)
local deep_bare, top_bare = lift(false)
check(deep_faces <= 1e-3, "faces: no cloth point inside the small sphere beyond 1 mm")
check(top_faces > 0.75, "faces: the sphere lifts the cloth")
check(deep_bare > 5e-3 and top_bare < 0, "without faces the sphere passes through the cloth")

-- Determinism: the same scene twice gives the same positions.
local function run()
    local w = loom.world { substeps = 2 }
    local c = cloth.grid(w, { origin = { -0.5, 0.1, -0.5 }, u = { 1, 0, 0 }, v = { 0, 0, 1 },
                              nu = 8, nv = 8, faces = true })
    w:capsule { a = { 0, 0, -1 }, b = { 0, 0, 1 }, radius = 0.02, friction = 0.3 }
    w:obb { center = { 0.3, -0.05, 0.2 }, size = { 0.05, 0.05, 0.05 }, angle = 45, axis = { 1, 1, 0 } }
    w:step(60)
    local out = {}
    for _, column in ipairs(c.particles) do
        for _, p in ipairs(column) do
            local x, y, z = p:pos()
            out[#out + 1] = string.format("%a %a %a", x, y, z)
        end
    end
    return table.concat(out, ";")
end
check(run() == run(), "the same scene twice gives the same bits")
