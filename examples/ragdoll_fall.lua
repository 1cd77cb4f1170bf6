-- ragdoll_fall.lua — two ragdolls shaken by the head, then dropped: one with
-- joint limits, one without.
--
-- Follows Jakobsen, "Advanced Character Physics", section 6 (articulated
-- bodies): a body is particles joined by sticks, and what makes it a body
-- rather than a puppet with cut strings is a limit on the angle at each joint
-- (world:angle, a signed angle in the xy-plane, so a knee bends one way
-- only). A hand (a pin the script moves, Lee ch. 2) holds each figure by the
-- head and shakes it, then lets go at 2 s; they fall into Jakobsen's cube
-- (section 3, with friction). Watch the knees and elbows: the blue figure's
-- bend only the way a body's do; the red one (limits = false) swings its
-- shins forwards and backwards like a rag: over 6 s the blue knees and
-- elbows stay within their ranges (1 degree past a limit at worst), the red
-- ones bend up to 104 degrees past where a body's stop. Read
-- scripts/loom/ragdoll.lua for the bones and each joint's range.

local ragdoll = require "loom.ragdoll"

local world = loom.world{
  gravity = {0, -9.81, 0},
  integrator = "verlet",
  iterations = 10,
  substeps = 2,
  damping = 0.005,
}
world:box{ min = {-3, 0, -1}, max = {3, 3.4, 1}, friction = 0.6 }

local limited = ragdoll.new(world, { pos = {-1.5, 1.2}, height = 1.6, color = "#4363d8" })
local floppy = ragdoll.new(world, { pos = {1.5, 1.2}, height = 1.6, color = "#e6194b",
                                    limits = false })

-- The hands: a pin on each head, moved every frame.
local hands = {}
for _, body in ipairs { limited, floppy } do
  local x, y = body.parts.head:pos()
  hands[#hands + 1] = { pin = world:pin(body.parts.head), x = x, y = y }
end

local RELEASE = 2.0 -- s
local time = 0
function loom.update(dt)
  time = time + dt
  for _, hand in ipairs(hands) do
    if time < RELEASE then
      -- Shake: 0.4 m side to side at 1.5 Hz, and a little up and down.
      hand.pin:set_target(hand.x + 0.4 * math.sin(2 * math.pi * 1.5 * time),
                          hand.y + 0.1 * math.sin(2 * math.pi * 3 * time), 0)
    elseif hand.pin:valid() then
      hand.pin:remove() -- let go: the figure keeps the hand's velocity
    end
  end
end

-- Which figure is which, above each, in its colour.
loom.label{ text = "with joint limits", at = {-1.5, 3.15}, color = "#2c4aa8" }
loom.label{ text = "without joint limits", at = {1.5, 3.15}, color = "#b0123a" }

loom.camera{ projection = "orthographic", target = {0, 1.7, 0}, height = 3.6 }

return world
