-- cloth256.lua - the issue's workload "cloth N" at N = 256 as a Lua scene,
-- for bench_solver's peak memory figure: a 256 x 256 cloth (65,536
-- particles, 261,121 sticks, every one with its Lua handle) pinned at two
-- corners, Verlet with damping 0.01, 10 iterations. Run as a scene:
--
--   build/loom sim bench/cloth256.lua --frames 1

local cloth = require "loom.cloth"

local world = loom.world { iterations = 10, damping = 0.01 }
cloth.grid(world, {
    u = { 1, 0, 0 }, v = { 0, 0, 1 },
    nu = 256, nv = 256,
    structural = true, shear = true, kind = "stick",
    pin = { "top_left", "top_right" },
})
return world
