-- constraints_xpbd_vs_stiffness.lua — why a stick's "stiffness" depends on the
-- iteration count, and how XPBD compliance does not.
--
-- Four chains of nine 0.25 kg particles hang from a bar; the grey line marks
-- where their ends would be if no link stretched. Jakobsen's stick (§3-4) with
-- stiffness k < 1 removes the fraction k of its error at each projection, so
-- after n sweeps it has removed 1 - (1 - k)^n: the same chain is soft at 4
-- iterations and much stiffer at 32 (left pair, k = 0.1: its end hangs 13 cm
-- below the line at 4, 1.6 cm at 32). That ties the material to a solver
-- setting. XPBD (Macklin, Müller, Chentanez 2016) gives each stick a
-- compliance alpha (m/N, the inverse of a spring constant) and a Lagrange
-- multiplier accumulated over the sweeps: the chain converges to the stretch a
-- spring of stiffness 1/alpha would have, alpha m g (9 + 8 + ... + 1) = 0.2207
-- m here, at 4 or at 32 iterations (right pair, alpha = 2e-3 m/N; both within
-- 0.1 mm of it). A world has one iteration count, so the chains are simulated
-- in two hidden worlds (4 and 32 iterations) and this world only shows their
-- particles (as immovable copies, hence the squares).

local N, LINK, MASS = 10, 0.15, 0.25

local function chains(iterations)
  local w = loom.world{ iterations = iterations, damping = 0.03 }
  local function chain(x, options)
    local ps = {}
    for i = 1, N do
      ps[i] = w:particle{ pos = {x, 2 - (i - 1) * LINK}, mass = i == 1 and 0 or MASS }
      if i > 1 then w:stick(ps[i - 1], ps[i], options) end
    end
    return ps
  end
  return w, chain(0, { stiffness = 0.1 }), chain(0, { compliance = 2e-3 })
end

local w4, plain4, xpbd4 = chains(4)
local w32, plain32, xpbd32 = chains(32)

-- What is drawn: a copy of each chain at its place along x.
local world = loom.world{ gravity = {0, 0, 0} }
local shown = {}
local function show(source, x, color)
  local copy = {}
  for i, p in ipairs(source) do
    local _, y = p:pos()
    copy[i] = world:particle{ pos = {x, y}, mass = 0, color = color,
                              radius = i == N and 0.06 or 0 }
    if i > 1 then world:stick(copy[i - 1], copy[i]) end
  end
  shown[#shown + 1] = { source = source, copy = copy, x = x }
end
show(plain4, -1.5, "#e6194b")
show(plain32, -0.5, "#e6194b")
show(xpbd4, 0.5, "#4363d8")
show(xpbd32, 1.5, "#4363d8")

-- The unstretched length, and the bar.
local rest = 2 - (N - 1) * LINK
world:stick(world:particle{ pos = {-2, rest}, mass = 0, color = "#a9a9a9" },
            world:particle{ pos = {2, rest}, mass = 0, color = "#a9a9a9" })
world:stick(world:particle{ pos = {-2, 2}, mass = 0 }, world:particle{ pos = {2, 2}, mass = 0 })

local elapsed = 0
function loom.update(dt)
  elapsed = elapsed + dt
  for _, w in ipairs { w4, w32 } do
    while w:time() + 0.5 * w:settings().dt <= elapsed do w:step() end
  end
  for _, s in ipairs(shown) do
    for i, p in ipairs(s.source) do
      local x, y = p:pos()
      s.copy[i]:set_pos(s.x + x, y)
    end
  end
end

-- What each chain is, under it, so the class can tell them apart.
loom.title("Stick stiffness depends on iterations; XPBD compliance does not")
for _, s in ipairs {
  { -1.5, "stiffness 0.1\n4 iterations" }, { -0.5, "stiffness 0.1\n32 iterations" },
  { 0.5, "XPBD\n4 iterations" }, { 1.5, "XPBD\n32 iterations" },
} do
  loom.label{ text = s[2], at = {s[1], -0.3} }
end
loom.label{ text = "unstretched length", at = {0, rest}, offset = {0, 14}, size = 18 }

loom.camera{ projection = "orthographic", target = {0, 0.9, 0}, height = 2.9 }

return world
