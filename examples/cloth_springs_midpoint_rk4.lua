-- cloth_springs_midpoint_rk4.lua — Lander's spring cloth, stepped by the
-- midpoint method (left) and by Runge-Kutta 4 (right).
--
-- Follows Lander, "Devil in the Blue Faceted Dress", figure 3 (structural,
-- shear and bend springs) and "Stretch Without Tearing": "Stiff springs can
-- make a numerical simulation unstable. To combat this, it's important to
-- use a good numerical integrator. The midpoint method and Runge-Kutta".
-- Each cloth is 1 m square, 1 kg, 12 x 12 particles joined only by springs
-- (no sticks), pinned at two corners and dropped from level. The springs
-- are loom.cloth's defaults, as stiff as the sub-step h allows: k = m /
-- (16 h²) keeps a node's omega h near 1, half of Verlet's limit and well
-- under RK4's (2.83), with damping m / (16 h). Midpoint on its own adds a
-- little energy to an undamped spring every step (world:spring warns past
-- omega h = 0.23); the damping takes it back (its limit grows to 1.7 at a
-- node of this cloth). At 8 sub-steps a frame (h = 1/480 s) that is k =
-- 100 N/m and the cloth hangs about its own length; at 1 sub-step the same
-- rule gives 1.6 N/m, stable but floppy (5 m long). The labels show each
-- cloth's longest structural spring against its rest length and its
-- energy (world:energy().total, J): both settle, neither gains energy.
-- RK4 costs four force evaluations a sub-step, midpoint two. Each cloth
-- has its own world (the integrator is a world's setting): loom.show steps
-- both and draws them side by side with one camera, so they compare.
local cloth = require "loom.cloth"

local N, SIZE = 12, 1

local function hang(integrator, name, color)
  local world = loom.world{ name = name, integrator = integrator, substeps = 8 }
  local sheet = cloth.grid(world, {
    origin = {-SIZE / 2, 0, 0},
    u = {SIZE, 0, 0},               -- the top edge
    v = {0, 0, SIZE},               -- level, away from the viewer
    nu = N, nv = N,
    mass = 1,
    kind = "spring",                -- springs only: Lander's cloth
    structural = true, shear = true, bend = true,
    pin = {"top_left", "top_right"},
    color = color,
  })
  return world, sheet
end

local slow, midpoint = hang("midpoint", "midpoint", "#e6194b")
local fast, rk4 = hang("rk4", "RK4", "#4363d8")
loom.show(slow, fast)

-- The longest structural spring, as a fraction of its rest length.
local REST = SIZE / (N - 1)
local function stretch(sheet)
  local worst = 0
  for _, s in ipairs(sheet.structural) do
    local a, b = s:particles()
    local ax, ay, az = a:pos()
    local bx, by, bz = b:pos()
    local length = math.sqrt((ax - bx) ^ 2 + (ay - by) ^ 2 + (az - bz) ^ 2)
    worst = math.max(worst, length / REST - 1)
  end
  return worst
end

-- Each label follows its cloth's middle top particle, so it is drawn in
-- that cloth's half of the picture.
loom.title("Lander's spring cloth, k = 100 N/m at 8 sub-steps: midpoint and RK4")
local labels = {}
for _, c in ipairs { { sheet = midpoint, world = slow }, { sheet = rk4, world = fast } } do
  c.label = loom.label{ text = "", at = c.sheet.at(N // 2, 1), offset = {0, 30}, size = 15 }
  labels[#labels + 1] = c
end
local function show()
  for _, l in ipairs(labels) do
    l.label:set{ text = string.format("longest +%.1f%%, %.2f J", 100 * stretch(l.sheet),
                                      l.world:energy().total) }
  end
end
show()
loom.update = show

loom.camera{ projection = "perspective", target = {0, -0.4, 0}, yaw = 15, pitch = 12, height = 2.3 }

-- The two cloths, for tests/lua/test_example_physics.lua.
return slow, { midpoint = { world = slow, sheet = midpoint }, rk4 = { world = fast, sheet = rk4 } }
