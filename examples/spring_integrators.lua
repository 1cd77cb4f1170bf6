-- spring_integrators.lua — the six integrators on one stiff spring, with
-- their errors against the exact answer plotted.
--
-- Follows Lander, "Devil in the Blue Faceted Dress" (Euler, midpoint and
-- Runge-Kutta for stiff springs), Lee, "Introduction to Soft Body Physics",
-- chapter 1 (forward Euler, Verlet) and Jakobsen §2 (position Verlet). A
-- 1 kg mass on a k = 40 N/m spring (omega = 6.3 rad/s, one swing in 1 s)
-- starts 0.5 m stretched; the exact motion is x = 0.5 cos(omega t). Each
-- integrator runs the same spring in its own world at 60 steps per second,
-- one step each (substeps = 1: the integrator's own step, not the default's
-- sub-steps): the rows, top to bottom, are euler, semi_implicit_euler,
-- verlet, velocity_verlet, midpoint and rk4 (loom.show steps and draws
-- all six); the panel plots each one's distance from the exact x. Worst
-- distances over 10 s: explicit Euler gains energy and its swing grows every period (9.8 m: first order,
-- unstable for an undamped spring); the symplectic ones keep their
-- amplitude but drift in phase (semi-implicit Euler 4.1 cm, both Verlets
-- 1.4 cm); midpoint, second order but not symplectic, is farther off than
-- the Verlets (5.7 cm); RK4 (fourth order) stays on the exact curve to
-- 32 micrometres.

local K, A = 40, 0.5
local OMEGA = math.sqrt(K)
local names = { "euler", "semi_implicit_euler", "verlet", "velocity_verlet", "midpoint", "rk4" }
local colors = { "#e6194b", "#f58231", "#3cb44b", "#42d4f4", "#4363d8", "#911eb4" }

local worlds, bobs = {}, {}
for i, name in ipairs(names) do
  local w = loom.world{ name = name, integrator = name, gravity = {0, 0, 0}, substeps = 1 }  -- its own step
  local y = 3 - 0.6 * i
  local anchor = w:particle{ pos = {-1, y}, mass = 0, radius = 0.04 }
  bobs[i] = w:particle{ pos = {A, y}, radius = 0.08, color = colors[i] }
  w:spring(anchor, bobs[i], { k = K, rest = 1 })
  worlds[i] = w
  loom.label{ text = name, at = {-1.1, y}, align = "right", size = 16, panel = true }  -- ink, on a panel: readable over a spring
end
-- One world per integrator (the integrator is a world's setting), all
-- stepped by loom and drawn in one picture, one row each.
loom.show(worlds, { layout = "overlay" })

local function plot()
  for i, name in ipairs(names) do
    local exact = A * math.cos(OMEGA * worlds[i]:time())  -- at each world's own time
    loom.plot(name, math.abs(bobs[i]:pos() - exact), { panel = "|x - exact| (m)", color = colors[i] })
  end
end
plot()
loom.update = plot

loom.title("Six integrators, one spring: error against the exact x")
loom.camera{ target = {-0.4, 0.9, 0}, height = 4.2 }

-- The worlds, for tests/lua/test_example_physics.lua.
return worlds[6], { worlds = worlds, bobs = bobs }
