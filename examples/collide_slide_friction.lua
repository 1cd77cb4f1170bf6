-- collide_slide_friction.lua — three blocks on a 30 degree slope: one holds, two slide.
--
-- Follows Jakobsen, "Advanced Character Physics", section 7 (friction in a
-- Verlet scheme: the tangential slip of a particle in contact is cut by an
-- amount proportional to how hard the contact pushes, which moves its
-- previous position along the surface). loom uses Coulomb's two
-- coefficients: while the slip is under mu_s times the normal push the block
-- sticks; above it, mu_k takes its share. On a slope of angle a a block holds
-- if mu_s >= tan a (tan 30 = 0.58) and otherwise slides with acceleration
-- g (sin a - mu_k cos a): here 2.36 m/s^2 for mu = 0.3 and 0.49 m/s^2 for
-- 0.52 (loom slows a sliding particle through each step, so the world's
-- default settings give them within 0.1%; tested in
-- tests/lua/test_impacts.lua). Each ramp is an oriented box (world:obb)
-- turned by 30 degrees; the blocks are particles, each ramp with its own
-- friction.

local world = loom.world{ gravity = {0, -9.81, 0} }

local ANGLE = 30
local a = math.rad(ANGLE)
local down = { -math.cos(a), -math.sin(a) }   -- along the slope, downhill (to the left)
local up_normal = { -math.sin(a), math.cos(a) }

world:plane{ point = {0, -0.55}, friction = 0.9 }

local ramps = {
  { friction = 0.3,  color = "#e6194b", says = "slides" },
  { friction = 0.52, color = "#f58231", says = "slides slowly" },
  { friction = 0.8,  color = "#3cb44b", says = "holds" },
}
local LENGTH, THICK, RADIUS = 2.0, 0.1, 0.07
for k, ramp in ipairs(ramps) do
  local cx, cy = 2.1 * (k - 2), 0                -- three ramps side by side
  world:obb{ center = {cx, cy}, size = {LENGTH, THICK, 1}, angle = ANGLE,
             friction = ramp.friction, color = "#dcd9cb" }
  -- the block starts at rest near the top of its ramp, touching its surface
  local along, lift = 0.85, THICK / 2 + RADIUS
  world:particle{
    pos = { cx - down[1] * along + up_normal[1] * lift, cy - down[2] * along + up_normal[2] * lift },
    radius = RADIUS, color = ramp.color,
  }
  loom.label{ text = string.format("μ = %g: %s", ramp.friction, ramp.says), at = { cx, 1.0 },
              size = 18 }
end
loom.title("A 30° slope holds a block if μ ≥ tan 30° = 0.58")

loom.camera{ projection = "orthographic", target = {0, 0.4}, yaw = 0, pitch = 0, height = 3.6 }

return world
