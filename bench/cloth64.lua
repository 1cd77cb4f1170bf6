-- cloth64.lua - a 64 x 64 stick cloth draped over a sphere on a floor, for
-- bench/bench_shade.c (not an example): shaded in 3D, a line diagram seen
-- straight on. The cloth is built flat and stepped a second, so it is folded.
local cloth = require "loom.cloth"
local world = loom.world{ gravity = { 0, -9.81, 0 }, substeps = 2, iterations = 4 }
world:box{ min = { -2, -1, -2 }, max = { 2, 2, 2 } }
world:sphere{ center = { 0, -0.4, 0 }, radius = 0.6 }
cloth.grid(world, { origin = { -1.2, 0.5, -1.2 }, u = { 2.4, 0, 0 }, v = { 0, 0, 2.4 }, nu = 64,
  nv = 64, structural = true, shear = true, kind = "stick", color = "#3b6ea8" })
world:step(60)
return world
