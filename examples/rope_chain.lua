-- rope_chain.lua — a chain and a rope released sideways from a pin swing down.
--
-- Follows Lee, "Introduction to Soft Body Physics", chapter 4 (Faking Rigid
-- Bodies: Chain Simulation): a line of nodes joined by springs AND length
-- constraints, so the springs give the motion and the constraints keep every
-- link its length, which reads as rigid links knocking against each other.
-- Lee draws a chain-link model at each node, turned to point at the next
-- node, every second one turned a quarter turn as real links interlock:
-- here each stick is drawn as a ring (look = "chain") or, turned, edge-on as
-- a bar ("chain_edge"); chain.frame(i) gives the same orientation to a
-- script. Beside it, a rope of sticks only (Jakobsen §3), drawn as a twisted
-- rope, pinned at both ends sags into a catenary: 1.7 m of rope between pins
-- 1.3 m apart hangs, once its swing has died down (30 s), 48.66 cm deep in
-- the middle, the catenary's a (cosh(d / 2a) - 1) with 2a sinh(d / 2a) = L,
-- to 0.1 mm.

local rope = require "loom.rope"

local world = loom.world{ gravity = {0, -9.81, 0}, iterations = 20, damping = 0.002 }

local chain = rope.chain(world, {
  from = {-1.2, 1.6}, to = {1.2, 1.6},  -- starts straight out to the side
  segments = 8,                           -- 30 cm links
  kind = "both", k = 300, damping = 0.2,   -- Lee: springs plus length constraints
  pin = {"first"},
  look = "chain",                           -- rings and edge-on bars (the default)
  colors = {"#5d6673", "#3f4651"},          -- steel; the edge-on links a shade darker
})

local slack = rope.chain(world, {
  from = {2.0, 1.6}, to = {3.7, 1.6}, segments = 16, pin = {"first", "last"},
  look = "rope", color = "#a0743c",
})
-- Make the rope longer than the gap between its pins so it hangs slack:
-- move the last pin in by 40 cm, and start the rope in a V that fits the
-- new gap (a straight rope cannot shorten its span by moving along itself,
-- which is all an exact stick solve may do in one sub-step).
slack.pins[2]:set_target(3.3, 1.6, 0)
local n = #slack.particles - 1
local drop = math.sqrt(0.85 ^ 2 - 0.65 ^ 2)   -- half the rope, half the gap
for i, p in ipairs(slack.particles) do
  local s = (i - 1) / n
  p:set_pos(2.0 + 1.3 * s, 1.6 - drop * (1 - math.abs(2 * s - 1)))
end

-- The free end's orientation, read from the last link's frame, printed
-- every half second: the angle of the last link to the horizontal.
local elapsed = 0
function loom.update(dt)
  elapsed = elapsed + dt
  if elapsed >= 0.5 then
    elapsed = elapsed - 0.5
    local f = chain.frame(chain.segments)
    print(("t = %.1f s: last link at %5.1f degrees"):format(world:time(),
          math.deg(math.atan(f.x[2], f.x[1]))))
  end
end

loom.camera{ target = {0, 0.4, 0}, height = 4.6 }

return world
