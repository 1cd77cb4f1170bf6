-- draw_plots.lua - a plot-heavy scene for bench/bench_draw.c (not an example):
-- 6 panels of 5 series each, 3600 samples per series (a minute at 60 Hz),
-- 20 particles on springs with trails and velocity arrows, and a loom.draw
-- of 200 lines, 50 arrows, 20 circles and 20 texts per picture.
local world = loom.world{ gravity = { 0, -9.81, 0 } }
local anchor = world:particle{ pos = { 0, 0 }, mass = 0 }
local bobs = {}
for i = 1, 20 do
  local bob = world:particle{ pos = { -2 + 0.2 * i, -1 - 0.05 * i }, radius = 0.05 }
  world:spring(anchor, bob, { k = 30 + i, rest = 1 })
  bob:trail{ seconds = 3 }
  bob:arrow("velocity", { scale = 0.1 })
  bobs[i] = bob
end
for panel = 1, 6 do
  for s = 1, 5 do
    loom.plot("p" .. panel .. "s" .. s, 0, { panel = "panel " .. panel, unit = "J" })
  end
end
-- a minute of samples (the series' time is the world's, so step it)
for _ = 1, 3600 do
  world:step()
  local t = world:time()
  for panel = 1, 6 do
    for s = 1, 5 do
      loom.plot("p" .. panel .. "s" .. s, math.sin(t * s + panel))
    end
  end
end
function loom.draw()
  for i = 1, 200 do
    loom.line({ -2 + i * 0.02, -3 }, { -2 + i * 0.02, -2.5 }, { width = 1 })
  end
  for i = 1, 50 do
    loom.arrow(bobs[i % 20 + 1], { 0.3, 0.2 }, { color = "red" })
  end
  for i = 1, 20 do
    loom.circle(bobs[i], 0.1, { fill = "#ff000040" })
    loom.text(bobs[i], "b" .. i, { size = 12 })
  end
end
return world
