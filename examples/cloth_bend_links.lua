-- cloth_bend_links.lua — two cloths lying on the floor with a flap folded
-- up: without bend links (front) the flap flops shut like a napkin; with
-- them (back) it springs open like felt.
--
-- Follows Lee, "Introduction to Soft Body Physics", chapter 2 and Lander,
-- "Devil in the Blue Faceted Dress": structural links stop a cloth
-- stretching and shear links stop its cells collapsing, but neither resists
-- folding: a fold along a column of particles changes no structural or
-- shear length (that is how the flaps below were folded without stretching
-- anything). Bend links join particles two apart, across the fold; folding
-- brings them closer, so they push the cloth back towards flat. Folded up
-- to 120 degrees, the flap without them lies shut (180 degrees, back on the
-- cloth) within 1 s; the one with them sinks to 138 degrees at 1 s, then
-- opens and lies flat (0 degrees) from 3 s on.

local cloth = require "loom.cloth"

-- Relaxed, as Jakobsen's cloth (the default, "shake", would warn that a net
-- is not solved exactly).
local world = loom.world{ gravity = {0, -9.81, 0}, substeps = 2, iterations = 10, damping = 0.01,
                          projection = "jakobsen" }
world:box{ min = {-1.2, 0, -1.2}, max = {1.2, 1, 1.2}, friction = 0.5 }    -- the floor

local NU, FOLD = 13, 7          -- particles along x; the fold is column 7
local LENGTH = 1.6              -- metres along x

local function folded_sheet(z, bend, color)
  local c = cloth.grid(world, {
    origin = { -0.8, 0.01, z }, u = { LENGTH, 0, 0 }, v = { 0, 0, 0.7 },  -- flat on the floor
    nu = NU, nv = 6,
    bend = bend,
    color = color, radius = 0.01,
  })
  -- Fold the flap (the columns after FOLD) up and back over the cloth,
  -- 120 degrees about the fold line: a rotation keeps every distance to the
  -- fold, so no structural or shear link is stretched.
  local fx = -0.8 + LENGTH * (FOLD - 1) / (NU - 1)
  local angle = math.rad(120)
  for i = FOLD + 1, NU do
    for j = 1, 6 do
      local p = c.at(i, j)
      local x, y, pz = p:pos()
      local r = x - fx
      p:set_pos(fx + r * math.cos(angle), y + r * math.sin(angle), pz)
    end
  end
  return c
end

folded_sheet(0.2, false, "#e6194b")                                 -- front: no bend links
folded_sheet(-0.9, { kind = "stick", stiffness = 0.3 }, "#4363d8")   -- back: bend sticks

-- Which cloth is which, next to each, in its colour.
loom.label{ text = "without bend links", at = {-0.2, 0, 1.15}, color = "#b0123a" }
loom.label{ text = "with bend links", at = {0.2, 0.75, -0.6}, color = "#2c4aa8" }

loom.camera{ projection = "perspective", target = {0, 0.25, -0.2}, yaw = -30, pitch = 25, height = 2.2 }

return world
