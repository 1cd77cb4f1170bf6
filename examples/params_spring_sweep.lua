-- params_spring_sweep.lua — one spring, many experiments: parameters from
-- outside the script.
--
-- A mass hangs from a fixed point on a damped spring (Lee, "Introduction to
-- Soft Body Physics", chapter 1: F = -k (|d| - rest) d/|d| - c v_d). Its
-- stiffness and damping are loom.param values, so they come from the command
-- line or from the window's sliders instead of from an edit of this file:
--
--   build/loom examples/params_spring_sweep.lua            (drag the sliders)
--   build/loom render examples/params_spring_sweep.lua --frames 300 --out out/s --set k=80
--   build/loom sim examples/params_spring_sweep.lua --frames 600 --csv spring.csv
--   build/loom sweep examples/params_spring_sweep.lua --set k=10,40,160 \
--       --set damping=0,0.5 --at 1,2 --out sweep/   (sweep/sheet.png, to print)
--
-- The plot shows the bob's height; loom.finish prints the period measured
-- from the upward crossings of the rest height, to compare with the
-- undamped 2 pi sqrt(m / k): over 10 s, "period 0.994 s" with the defaults
-- (k = 40 N/m, c = 0.2 N s/m, m = 1 kg), where the damped period
-- 2 pi / sqrt(k/m - (c/2m)^2) is 0.9936 s; for k = 10, 40, 160 and
-- c = 0, 0.5 the printed period is within 0.2% of the damped one (the
-- crossings are taken at whole frames).
--
-- k and c are built into the spring, so moving their sliders loads the
-- scene again. Gravity g is a live parameter: its slider changes the running
-- world's gravity (loom.update reads loom.param("g")), and the bob's rest
-- height moves by m dg / k while the period stays 2 pi sqrt(m / k).

local k = loom.param("k", 40, { min = 5, max = 200, step = 5, label = "stiffness k (N/m)" })
local damping = loom.param("damping", 0.2,
  { min = 0, max = 2, step = 0.1, label = "damping c (N s/m)" })
local g = loom.param("g", 9.81, { min = 0, max = 20, step = 0.01, live = true,
  label = "gravity g (m/s2)" })
local mass = 1

local world = loom.world{ gravity = {0, -g, 0}, integrator = "rk4" }
local anchor = world:particle{ pos = {0, 0}, mass = 0, radius = 0.05, color = "#333333" }
local bob = world:particle{ pos = {0, -0.5}, mass = mass, radius = 0.12, color = "#e6194b" }
world:spring(anchor, bob, { k = k, damping = damping, rest = 1 })

-- Where the bob would rest: the spring stretched by m g / k below its rest length.
local function rest_height(gravity) return -(1 + mass * gravity / k) end
local rest_y = rest_height(g)

loom.title(string.format("k = %g N/m, c = %g N s/m", k, damping))
loom.camera{ target = {0, -1.3, 0}, height = 3.2 }

-- One sample while building, so that the first picture already leaves room
-- for the plot.
loom.plot("height", select(2, bob:pos()), { unit = "m", range = { -2.6, 0 } })

local crossings = {}
local last_y
function loom.update()
  if loom.param("g") ~= g then -- the live slider moved
    g = loom.param("g")
    world:set{ gravity = {0, -g, 0} }
    rest_y = rest_height(g)
  end
  local _, y = bob:pos()
  loom.plot("height", y, { unit = "m", range = { -2.6, 0 } })
  if last_y and last_y < rest_y and y >= rest_y then
    crossings[#crossings + 1] = world:time()
  end
  last_y = y
end

function loom.finish()
  local expected = 2 * math.pi * math.sqrt(mass / k)
  if #crossings >= 2 then
    local period = (crossings[#crossings] - crossings[1]) / (#crossings - 1)
    print(string.format("k = %g, c = %g: period %.3f s (undamped 2 pi sqrt(m/k) = %.3f s)",
      k, damping, period, expected))
  else
    print(string.format("k = %g, c = %g: fewer than two oscillations (2 pi sqrt(m/k) = %.3f s)",
      k, damping, expected))
  end
end

return world
