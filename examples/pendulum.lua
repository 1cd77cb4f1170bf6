-- pendulum.lua: a mass on a stick, swinging from a fixed point; its energy stays flat.
-- Follows Jakobsen, "Advanced Character Physics", sections 2-3 (Verlet, sticks).
local integrator = loom.param("integrator", "verlet")      -- --set integrator=rk4, euler, ...
local world = loom.world{ gravity = {0, -9.81, 0}, integrator = integrator }

local pivot = world:particle{ pos = {0, 0}, mass = 0 }             -- mass 0: immovable
local bob   = world:particle{ pos = {1, 0}, mass = 1, radius = 0.1, color = "#e6194b" }
world:stick(pivot, bob)                                             -- keeps their distance
loom.camera{ target = {0, -0.4}, height = 2.6 }                     -- metres in view, top to bottom

-- A force generator in Lua, called every time the forces are evaluated:
local push = loom.param("push", 0)                                  -- --set push=0.5: a gentle push
world:force(function(w, t)
  bob:add_force(push * math.sin(2 * t), 0, 0)
end)

-- Kinetic and potential energy trade places; their sum stays flat (J).
local function plot()
  local e = world:energy()
  loom.plot("kinetic", e.kinetic, { panel = "energy", unit = "J" })
  loom.plot("potential", e.potential, { panel = "energy", unit = "J" })
  loom.plot("total", e.total, { panel = "energy", unit = "J" })
end
plot()
function loom.update() plot() end

return world
