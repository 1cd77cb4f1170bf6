-- constraints_double_pendulum_shake.lua — a double pendulum with Jakobsen's
-- projection and with SHAKE, side by side, their energies plotted.
--
-- Follows Jakobsen, "Advanced Character Physics", §2 (position Verlet) and
-- §4 (sticks satisfied by projection). Two 1 m sticks, 1 kg bobs, released
-- horizontal, no damping, 60 steps per second of two sub-steps each (the
-- default). Left, grey: Jakobsen's
-- projection moves each stick's ends along the stick as it is now; that is
-- only first-order accurate in energy, and the pendulum slowly loses its
-- swing (of the 29.4 J between released and hanging, 18.8 J in 10 s and
-- 28.8 J in a minute). Right, blue: the default, projection = "shake",
-- moves them along the direction the stick
-- had at the start of the sub-step, both sticks solved together until they
-- are exact (SHAKE, Ryckaert, Ciccotti and Berendsen 1977); with Verlet this
-- keeps the energy within a bounded band around its start: every 1-second
-- mean within 0.01 J of it for 60 s, every frame within 0.1 J
-- (tests/lua/test_example_physics.lua). The panel plots world:energy().total
-- of both; it starts at 0 J. The motion is chaotic: the two drift apart
-- within seconds even though both are right to the step's accuracy.

local function pendulum(world, x)
  local pivot = world:particle{ pos = {x, 0}, mass = 0, radius = 0.04 }
  local b1 = world:particle{ pos = {x + 1, 0}, radius = 0.08 }
  local b2 = world:particle{ pos = {x + 2, 0}, radius = 0.08 }
  world:stick(pivot, b1)
  world:stick(b1, b2)
  return { pivot, b1, b2 }
end

-- The shown world runs SHAKE; the Jakobsen one is stepped alongside it in
-- loom.update and drawn with loom.draw.
local world = loom.world{}                         -- projection = "shake", the default
local shake = pendulum(world, 2.2)
for k = 2, 3 do shake[k]:set_color("#4363d8") end
local other = loom.world{ projection = "jakobsen" }
local jakobsen = pendulum(other, -2.2)

loom.title("Double pendulum: jakobsen loses energy, shake keeps it")
loom.label{ text = "jakobsen", at = {-2.2, 0.35}, color = "#555555" }
loom.label{ text = "shake", at = {2.2, 0.35}, color = "#4363d8" }

local function plot()
  loom.plot("jakobsen", other:energy().total, { panel = "energy (J)", color = "#888888" })
  loom.plot("shake", world:energy().total, { panel = "energy (J)", color = "#4363d8" })
end
plot()
function loom.update()
  other:step()
  plot()
end

function loom.draw()
  loom.line(jakobsen[1], jakobsen[2], { color = "#555555", width = 2 })
  loom.line(jakobsen[2], jakobsen[3], { color = "#555555", width = 2 })
  for k = 2, 3 do
    loom.circle(jakobsen[k], 0.08, { fill = "#9aa5b1", color = "#555555" })
  end
end

loom.camera{ target = {0, -0.8, 0}, height = 5.5 }

return world
