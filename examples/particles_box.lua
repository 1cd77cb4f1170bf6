-- particles_box.lua — particles thrown around inside a box.
--
-- Follows Jakobsen, "Advanced Character Physics", section 2 and figure 1:
-- position Verlet moves each particle, and the box keeps them inside by
-- projection — an offending particle is simply put back on the nearest wall.
-- Verlet derives velocity from positions, so the projection also changes the
-- velocity "for free". Jakobsen's cube has restitution 0: particles slide
-- along the walls. Set RESTITUTION to 0 to see his figure; with 0.8 they
-- bounce, losing 1 - 0.8^2 = 36% of their height on every bounce.

local RESTITUTION = 0.8
local COUNT = 12

local world = loom.world{ gravity = {0, -9.81, 0}, integrator = "verlet", iterations = 1 }
world:box{ min = {-2, 0, -1}, max = {2, 3, 1}, restitution = RESTITUTION }

-- The palette cycles so neighbouring particles are easy to tell apart.
local palette = { "#e6194b", "#3cb44b", "#4363d8", "#f58231", "#911eb4", "#42d4f4" }

for i = 1, COUNT do
  local angle = 2 * math.pi * i / COUNT
  world:particle{
    pos = { -1.5 + 3 * (i - 1) / (COUNT - 1), 1.5 + 1.2 * math.sin(3 * angle), 0 },
    vel = { 4 * math.cos(angle), 3 * math.sin(angle), 0 },
    radius = 0.08 + 0.04 * (i % 3),
    color = palette[(i - 1) % #palette + 1],
  }
end

return world
