-- cloth_hexagon.lua — a cloth woven from a hexagonal mesh of triangles,
-- hanging from two corners, beside the grid you already know.
--
-- Follows Jakobsen, "Advanced Character Physics", section 4: "assume that a
-- hexagonal mesh of triangles describing the cloth has been constructed. For
-- each vertex a particle is initialized and for each edge a stick
-- constraint". A triangle cannot shear, so a triangle mesh needs no shear
-- links; every inner particle has six neighbours. cloth.hexagon makes the
-- mesh and cloth.mesh weaves it; any other triangle mesh works the same way.
-- Six rings make 127 particles and 342 edges (1 + 3 r (r + 1) vertices, 3 r
-- (3 r + 1) edges), which the script prints.
-- Try bend = { kind = "spring", k = 4 }: bend links (Lee ch. 2, Lander) join
-- the far corners of every two triangles sharing an edge, and resist folds.

local cloth = require "loom.cloth"

local world = loom.world{ gravity = {0, -9.81, 0}, substeps = 3, iterations = 8, damping = 0.01 }

local hex = cloth.hexagon{ center = {0, 0.4, 0}, radius = 1.2, rings = 6,
                           u = {1, 0, 0}, v = {0, 0, 1} }          -- flat, horizontal
local sheet = cloth.mesh(world, {
  vertices = hex.vertices, triangles = hex.triangles,
  structural = true,                                   -- a stick per edge
  pin = { hex.corners[2], hex.corners[3] },            -- the two corners farthest back
  color = "#4363d8", radius = 0.015,
})
print(("%d particles, %d edges (sticks)"):format(#sheet.particles, #sheet.structural))

loom.camera{ projection = "perspective", target = {0, -0.5, 0.3}, yaw = 20, pitch = 15, height = 3.6 }

return world
