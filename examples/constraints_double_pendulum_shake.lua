-- constraints_double_pendulum_shake.lua — a double pendulum with Jakobsen's
-- projection and with SHAKE, side by side, their energies plotted.
--
-- Follows Jakobsen, "Advanced Character Physics", §2 (position Verlet) and
-- §4 (sticks satisfied by projection). Two 1 m sticks, 1 kg bobs, released
-- horizontal, no damping, 60 steps per second of two sub-steps each (the
-- default). Left, grey: Jakobsen's projection moves each stick's ends
-- along the stick as it is now; that is only first-order accurate in
-- energy, and the pendulum slowly loses its swing (of the 29.4 J between
-- released and hanging, 18.8 J in 10 s and 28.8 J in a minute). Right,
-- blue: the default, projection = "shake", moves them along the direction
-- the stick had at the start of the sub-step, both sticks solved together until they
-- are exact (SHAKE, Ryckaert, Ciccotti and Berendsen 1977); with Verlet this
-- keeps the energy within a bounded band around its start: every 1-second
-- mean within 0.01 J of it for 60 s, every frame within 0.1 J
-- (tests/lua/test_example_physics.lua). The panel plots world:energy().total
-- of both; it starts at 0 J. The motion is chaotic: the two drift apart
-- within seconds even though both are right to the step's accuracy. Each
-- is its own world, and the scene returns both: loom steps both and draws
-- them side by side, each named under its half, each lower bob with its
-- trail; the panel's series are named by their worlds.

local function pendulum(world, color)
  local pivot = world:particle{ pos = {0, 0}, mass = 0, radius = 0.04 }
  local b1 = world:particle{ pos = {1, 0}, radius = 0.08, color = color }
  local b2 = world:particle{ pos = {2, 0}, radius = 0.08, color = color }
  world:stick(pivot, b1)
  world:stick(b1, b2)
  b2:trail{ seconds = 1.5, color = color }
end

local jakobsen = loom.world{ name = "jakobsen", projection = "jakobsen" }
local shake = loom.world{ name = "shake", projection = "shake" }
pendulum(jakobsen, "#7b8794")
pendulum(shake, "#4363d8")

loom.title("Double pendulum: jakobsen loses energy, shake keeps it")

local function plot()
  loom.plot("energy", jakobsen:energy().total, { panel = "energy (J)", color = "#7b8794", world = jakobsen })
  loom.plot("energy", shake:energy().total, { panel = "energy (J)", color = "#4363d8", world = shake })
end
plot()
loom.update = plot

return jakobsen, shake
