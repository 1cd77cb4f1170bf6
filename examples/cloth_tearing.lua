-- cloth_tearing.lua — a sheet of cloth pulled apart until its threads break.
--
-- The cloth is Jakobsen's (§4): particles on a grid, each joined to its
-- neighbours and diagonals by a stick, solved by relaxation. Every stick here is
-- breakable (world:stick with break_strain): when a sweep finds it
-- stretched by more than 25% of its rest length, it breaks, stops acting and
-- is no longer drawn. Two hands (pins the script moves, Lee ch. 2) hold the
-- top edge, one half each, and pull the halves apart. The threads across the
-- middle are the most strained, so the tear starts at the top middle and
-- runs down through the sheet (along a diagonal: the shear sticks and the
-- relaxation order steer it) until it is in two parts: the hands start
-- pulling at 0.5 s (0.4 m/s each), the first thread breaks at 0.55 s, the
-- sheet is in two parts at 0.88 s, and 49 threads have broken in all (none
-- after that: each half hangs from its own hand). After each step,
-- world:broken() lists the sticks that broke, and the script colours the
-- particles they joined, so the torn edges show.

local W, H, SIZE = 22, 16, 2.0

local world = loom.world{ gravity = {0, -9.81, 0}, iterations = 10, substeps = 2, damping = 0.01 }

local p = {}
for i = 1, W do
  p[i] = {}
  for j = 1, H do
    p[i][j] = world:particle{
      pos = { -SIZE / 2 + SIZE * (i - 1) / (W - 1), 2.2 - 1.5 * (j - 1) / (H - 1), 0 },
      mass = 0.01, color = "#4363d8",
    }
  end
end
local thread = { break_strain = 0.25 }
for i = 1, W do
  for j = 1, H do
    if i < W then world:stick(p[i][j], p[i + 1][j], thread) end
    if j < H then world:stick(p[i][j], p[i][j + 1], thread) end
    if i < W and j < H then -- shear: without them the cells fold and nothing tears
      world:stick(p[i][j], p[i + 1][j + 1], thread)
      world:stick(p[i + 1][j], p[i][j + 1], thread)
    end
  end
end
-- Two hands hold the top edge, each half of it, and pull the halves apart
-- at 0.4 m/s each from 0.5 s on.
local hands = {}
for i = 1, W do
  local x, y = p[i][1]:pos()
  hands[#hands + 1] = { pin = world:pin(p[i][1]), x = x, y = y, side = i <= W / 2 and -1 or 1 }
end

local time = 0
function loom.update(dt)
  time = time + dt
  local pull = 0.4 * math.max(time - 0.5, 0)
  for _, h in ipairs(hands) do
    h.pin:set_target(h.x + h.side * pull, h.y, 0)
  end
  -- The sticks that broke during the last frame's step: mark their ends.
  for _, stick in ipairs(world:broken()) do
    local a, b = stick:particles()
    a:set_color("#e6194b")
    b:set_color("#e6194b")
  end
end

loom.camera{ projection = "orthographic", target = {0, 1.2, 0}, height = 3.0 }

return world
