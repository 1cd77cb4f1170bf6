-- collide_ball_pile.lua — balls poured into a box pile up without jitter.
--
-- Follows Jakobsen, "Advanced Character Physics", section 2 (collision by
-- projection, inside the relaxation loop) applied between particles: two
-- balls that overlap are pushed apart along the line joining their centres,
-- each by a share set by its inverse mass, so a heavy ball moves less. With
-- collide_particles on, loom finds the close pairs with a uniform grid (the
-- cost grows with the number of balls, not its square). Several relaxation
-- sweeps per step let a push travel down the pile, so the bottom balls hold
-- up the top ones; a little drag (Jakobsen's 2 -> 1.99) lets the pile come
-- to rest. Heavy balls are dark.

local world = loom.world{
  gravity = {0, -9.81, 0},
  substeps = 3,
  iterations = 10,
  damping = 0.01,
  collide_particles = true,
}

world:box{ min = {-1.2, 0, -0.5}, max = {1.2, 3, 0.5} }

-- A deterministic pseudo-random sequence, so every run pours the same way.
local seed = 7
local function random()
  seed = (seed * 1103515245 + 12345) % 2147483648
  return seed / 2147483648
end

-- Balls are added a few at a time from a spout that swings across the box.
local COUNT, added, t = 260, 0, 0
function loom.update(dt)
  t = t + dt
  if added >= COUNT then return end
  for _ = 1, 2 do
    added = added + 1
    local heavy = added % 5 == 0
    world:particle{
      pos = { 0.9 * math.sin(1.7 * t) + 0.02 * random(), 2.7 },
      vel = { 0, -1 },
      radius = 0.05 + 0.03 * random(),
      mass = heavy and 4 or 1,
      color = heavy and "#2b2d6e" or (added % 2 == 0 and "#f58231" or "#ffd166"),
    }
  end
end

loom.camera{ projection = "orthographic", target = {0, 1.45}, yaw = 0, pitch = 0, height = 3.3 }

return world
