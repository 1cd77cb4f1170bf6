-- pressure_ball.lua — a ball of gas pressed flat and let go, beside a ring of
-- chain that has no gas inside.
--
-- Both are rings of 32 particles joined by sticks (a skin that cannot
-- stretch: Jakobsen §4, constraints by relaxation). The blue ring also has
-- an area constraint over all its particles (world:area, built by
-- scripts/loom/pressure.lua): the gas inside. Every sweep, when the enclosed
-- area is too small, each skin particle is pushed out along the polygon's
-- normal, in proportion to its inverse mass, until the area is back to its
-- target. The grey ring, a loop of chain, slumps flat under its own weight.
-- A hand (a force generator, Lee ch. 1) presses the top of the ball down
-- with four times its weight and lets go at 2 s: the ball springs back and
-- recovers its round shape. The gas is at scale = 1.2: it wants 20% more
-- area than the ring was built with (1.348 m^2), so it stretches the elastic
-- skin (sticks of stiffness 0.3) taut, like a balloon, and keeps its area
-- within 0.5% of that, pressed or not. Pressed, the ball is 0.93 m tall and
-- 1.74 m wide; let go, it stands 1.16 to 1.20 m tall and 1.39 to 1.43 m
-- wide from 3.5 s on (round but for its own weight), while the chain lies
-- flat (no area left). A smaller scale gives a flabbier ball, stiffness < 1 a softer gas.

local pressure = require "loom.pressure"

local world = loom.world{
  gravity = {0, -9.81, 0},
  integrator = "verlet",
  iterations = 12,
  substeps = 2,
  damping = 0.01,
}
world:box{ min = {-2.4, 0, -1}, max = {2.4, 2.6, 1}, friction = 0 }

local ball = pressure.ball(world, {
  center = {-1.1, 0.61}, radius = 0.6, n = 32, mass = 1, stiffness = 0.5, skin = 0.3, scale = 1.2,
  color = "#4363d8", particle_radius = 0.015,
})
local ring = pressure.ball(world, {
  center = {1.1, 0.61}, radius = 0.6, n = 32, mass = 1,
  color = "#a9a9a9", particle_radius = 0.015,
})
world:remove(ring.area) -- no gas: just a loop of chain

-- The hand: a Lua force generator pressing the upper half of the ball down
-- with PRESS newtons in all (the ball weighs about 10 N) until RELEASE.
local PRESS, RELEASE = 40, 2.0 -- N, s
local top = {}
for i = 4, 14 do top[#top + 1] = ball.particles[i] end -- the upper arc, 32 counted from the right
world:force(function(_, t)
  if t < RELEASE then
    local push = PRESS * math.min(t / 0.8, 1) / #top -- ramps up over 0.8 s
    for _, p in ipairs(top) do p:add_force(0, -push, 0) end
  end
end)

-- Which ring is which, and what the hand is doing.
loom.label{ text = "gas inside\n(area constraint)", at = {-1.1, 1.95}, color = "#2c4aa8" }
loom.label{ text = "no gas\n(a loop of chain)", at = {1.1, 1.95}, color = "#55585e" }
local hand = loom.label{ text = "a hand presses down", at = {-1.1, 1.5}, size = 18 }
function loom.update()
  if world:time() >= RELEASE then hand:set{ text = "let go at 2 s" } end
end

loom.camera{ projection = "orthographic", target = {0, 1.25, 0}, height = 2.8 }

return world, ball
