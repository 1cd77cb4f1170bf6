-- collide_bounce_restitution.lua — balls of four materials dropped on a floor.
--
-- Follows Jakobsen, "Advanced Character Physics", §3 (a particle that
-- hits a surface is projected back onto it) with a coefficient of
-- restitution e: the ball leaves the floor with e times the speed it arrived
-- with, so each bounce reaches e^2 of the height before (1 - e^2 of the
-- energy is lost every time). The floor is a dead plane (e = 0); each ball
-- carries its own e, and a contact uses the larger of the two values (a
-- rubber ball bounces on any floor). From left to right e = 0.9, 0.75, 0.5
-- and 0.25; after the first bounce they reach 81%, 56%, 25% and 6% of the
-- 2.5 m drop, and each next bounce e^2 of the one before.
-- A bar in each ball's colour marks the height of its first bounce. loom bounces a
-- ball at the moment it touches the floor inside the step, so the world's
-- default settings give those heights (within 1%; tested in
-- tests/lua/test_impacts.lua).

local world = loom.world{ gravity = {0, -9.81, 0} }

world:plane{ point = {0, 0} }

local materials = {
  { e = 0.9,  color = "#4363d8" },
  { e = 0.75, color = "#3cb44b" },
  { e = 0.5,  color = "#f58231" },
  { e = 0.25, color = "#e6194b" },
}
local DROP, RADIUS = 2.5, 0.12
for k, m in ipairs(materials) do
  local x = -1.5 + (k - 1)
  local ball = world:particle{ pos = { x, DROP }, radius = RADIUS, color = m.color }
  ball:set_restitution(m.e)
  -- the height the ball's bottom should reach after one bounce, e^2 of the drop
  m.x, m.top = x, (DROP - RADIUS) * m.e ^ 2
  loom.label{ text = string.format("e = %g: %d%%", m.e, math.floor(100 * m.e ^ 2 + 0.5)),
              at = { x + 0.3, m.top }, align = "left", size = 16 }
end

-- a bar in each ball's colour at that height, its figures beside it
function loom.draw()
  for _, m in ipairs(materials) do
    loom.line({ m.x - 0.25, m.top }, { m.x + 0.25, m.top }, { color = m.color, width = 4 })
  end
end

loom.camera{ projection = "orthographic", target = {0, 1.35}, yaw = 0, pitch = 0, height = 2.9 }

return world
