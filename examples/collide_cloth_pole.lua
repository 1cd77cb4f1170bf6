-- collide_cloth_pole.lua — a cloth dropped on a thin pole drapes over its tip.
--
-- Follows Jakobsen, "Advanced Character Physics", section 5 (a stick or a
-- triangle that penetrates an obstacle is pushed out through its
-- penetration point p = c1 x1 + c2 x2 + c3 x3, each particle moved in
-- proportion to its weight: x_i += c_i w_i lambda D, lambda = 1 / sum c_i^2 w_i)
-- and Lander, "Devil in the Blue Faceted Dress" (a cloth falling over
-- collision shapes). The poles are capsules thinner than a cloth cell.
--
-- Two cloths, two poles. The left cloth has faces = true: every cell is two
-- collision faces, so the pole's tip finds the triangle it pokes into and
-- lifts it; the cloth drapes over the tip like a sheet over a coat stand.
-- The right cloth is the same cloth without faces: only its particles
-- collide, the tip slips between them, and the cloth falls down the pole to
-- the floor. (collide_edges is off here, so the sticks do not catch it
-- either: faces alone make the difference.) After 10 s the left cloth's
-- highest point is on the tip, 0.915 m up (the 0.9 m pole and its 1.5 cm
-- radius); every particle of the right one lies on the floor.

local cloth = require "loom.cloth"

local world = loom.world{
  projection = "jakobsen",  -- relaxed, as Jakobsen's cloth: it gives a little (the default,
                            -- "shake", would warn that a net this size is not solved exactly)
  gravity = {0, -9.81, 0},
  substeps = 4,
  iterations = 10,
  damping = 0.01,
}

world:plane{ point = {0, 0, 0}, friction = 0.6 }

local SIZE, N = 1.0, 16
local TIP = 0.9

-- A pole of radius 0.015 m (a cell is 0.067 m) standing on the floor at x,
-- and a cloth above it whose middle cell (of 15 x 15) is centred on the
-- pole, so no particle of the cloth lands on the tip.
local function pole_and_cloth(x, faces, color)
  world:capsule{ a = {x, 0, 0}, b = {x, TIP, 0}, radius = 0.015, friction = 0.8,
                 color = "#8a8a8a" }
  cloth.grid(world, {
    origin = { x - SIZE / 2, TIP + 0.15, -SIZE / 2 },
    u = { SIZE, 0, 0 },
    v = { 0, 0, SIZE },
    nu = N, nv = N,
    mass = 0.5,
    kind = "stick",
    radius = 0.01,
    color = color,
    faces = faces,
  })
end

pole_and_cloth(-0.75, true, "#3a6fb0")   -- with faces: drapes over the tip
pole_and_cloth(0.75, false, "#c0504d")   -- without faces: slides down the pole

loom.label{ text = "faces = true\n(the tip lifts a triangle)", at = {-0.75, TIP + 0.3, 0},
            color = "#3a6fb0" }
loom.label{ text = "no faces\n(the tip slips between particles)", at = {0.75, TIP + 0.3, 0},
            color = "#c0504d" }

loom.camera{ projection = "perspective", target = {0, 0.5, 0}, yaw = 0, pitch = 20, height = 1.9 }

return world
