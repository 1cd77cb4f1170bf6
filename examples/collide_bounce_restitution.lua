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
-- 2.5 m drop, and each next bounce e^2 of the one before. loom bounces a
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
  -- a thin bar at the height the ball's bottom should reach after one
  -- bounce, e^2 of the drop: a collider with an empty mask touches nothing
  local top = (DROP - RADIUS) * m.e ^ 2
  world:obb{ center = { x, top }, size = { 0.5, 0.012, 0.1 }, mask = {}, color = m.color }
  local ball = world:particle{ pos = { x, DROP }, radius = RADIUS, color = m.color }
  ball:set_restitution(m.e)
end

loom.camera{ projection = "orthographic", target = {0, 1.35}, yaw = 0, pitch = 0, height = 2.9 }

return world
