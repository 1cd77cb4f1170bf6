-- collide_newton_cradle.lua — Newton's cradle: five steel balls hanging on
-- sticks, touching; the left one is pulled back and let go.
--
-- Follows Jakobsen §3 (collisions by projection: the balls are particles
-- with a radius pushed apart along the line of their centres) and §4 (each
-- ball hangs from a fixed point on a stick). Projection alone makes every
-- collision perfectly inelastic: struck, the row would move off together.
-- With restitution 1 between the balls (p:set_restitution), the step passes
-- the impulse along the row as a chain of two-body collisions (engine/
-- bounce.c): the last ball flies out at the speed the first one arrived
-- with, the others stay put, and momentum and energy carry on (tested in
-- tests/engine_cradle.c, every integrator, touching and with gaps). The
-- labels show world:momentum() and world:energy() as it swings.

local world = loom.world{ collide_particles = true, projection = "shake" }

local R, L, N = 0.1, 1.0, 5
local balls = {}
for i = 1, N do
  local x = (i - 3) * 2 * R
  local top = world:particle{ pos = {x, L}, mass = 0, radius = 0.02, color = "#333333" }
  local pos = {x, 0}
  if i == 1 then -- pulled back 40 degrees
    pos = {x - L * math.sin(math.rad(40)), L - L * math.cos(math.rad(40))}
  end
  local ball = world:particle{ pos = pos, radius = R, color = "#9aa5b1" }
  ball:set_restitution(1)
  world:stick(top, ball)
  balls[i] = ball
end

loom.title("Newton's cradle: restitution 1 between the balls passes the strike along")
local readout = loom.label{ text = "", screen = {0.02, 0.12}, align = "left", size = 18 }

function loom.update()
  local px = world:momentum(balls)
  local e = world:energy(balls)
  readout:set{ text = string.format("momentum %+.3f kg m/s\nenergy %.3f J", px, e.total) }
end

loom.camera{ target = {0, 0.45, 0}, height = 1.6 }

return world
