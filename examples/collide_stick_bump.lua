-- collide_stick_bump.lua — sticks that land across thin bumps rest on them.
--
-- Follows Jakobsen, "Advanced Character Physics", section 5 and figures 4-5.
-- Projecting particles keeps the ends of a stick out of an obstacle, but a
-- bump thinner than the stick can slip between its ends. With collide_edges
-- on, loom also finds the point p of each stick deepest inside a collider,
-- writes it as p = c1 x1 + c2 x2 (c1 + c2 = 1), and moves the two ends by
-- c_i lambda D with lambda = 1 / (c1^2 + c2^2) (masses equal), which puts p
-- on the surface: the end nearer the bump moves more. A stick balances on
-- the round bumps like a seesaw, level on their tops (18 and 16 cm up after
-- 10 s), and tips off the sharp one, one end on the floor and the other
-- leaning on the block (it lands 2 cm off the apex: dropped exactly over it,
-- it would balance there, like a pencil on its point). Try collide_edges = false: the sticks then fall
-- through the bumps to the floor (every end 4 cm up: its radius).

local world = loom.world{
  gravity = {0, -9.81, 0},
  substeps = 2,
  iterations = 10,
  collide_edges = true,
}

world:plane{ point = {0, 0}, friction = 0.6 }

-- Three thin bumps: a ball, a rounded rail seen end on, and a diamond spike.
world:sphere{ center = {-1.3, 0.09}, radius = 0.09, friction = 0.4 }
world:capsule{ a = {0, 0.08, -0.5}, b = {0, 0.08, 0.5}, radius = 0.08, friction = 0.4 }
world:obb{ center = {1.3, 0.14}, size = {0.2, 0.2, 1}, angle = 45, friction = 0.4 }

-- One stick above each bump, level, the bump under its middle (the sharp
-- one 2 cm off it): no particle of the stick ever touches the bump, only the
-- stick between them does.
local colors = { "#e6194b", "#3cb44b", "#4363d8" }
for k, x in ipairs{ -1.3, 0, 1.32 } do
  local a = world:particle{ pos = { x - 0.5, 0.8 }, radius = 0.04, color = colors[k] }
  local b = world:particle{ pos = { x + 0.5, 0.8 }, radius = 0.04, color = colors[k] }
  world:stick(a, b)
end

loom.camera{ target = {0, 0.45}, height = 2.3 }

return world
