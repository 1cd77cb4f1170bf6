-- constraints_xpbd_vs_stiffness.lua — why a stick's "stiffness" depends on the
-- iteration count, and how XPBD compliance does not.
--
-- Four chains of nine 0.25 kg particles hang from a bar; the grey line marks
-- where their ends would be if no link stretched. Jakobsen's stick (§3-4)
-- with stiffness k < 1 removes the fraction k of its error at each
-- projection, so after n sweeps it has removed 1 - (1 - k)^n: the same chain
-- is soft at 4 iterations and much stiffer at 32 (left pair, k = 0.1). That
-- ties the material to a solver setting. XPBD (Macklin, Müller, Chentanez
-- 2016) gives each stick a compliance alpha (m/N, the inverse of a spring
-- constant) and a Lagrange multiplier accumulated over the sweeps: the
-- chain converges to the stretch a spring of stiffness 1/alpha would have,
-- alpha m g (9 + 8 + ... + 1) = 0.22 m here, at 4 or at 32 iterations
-- (right chain of each half, alpha = 2e-3 m/N). A world has one iteration
-- count, so each count is its own world: loom.show steps both and draws
-- them side by side, 4 iterations on the left, 32 on the right.

local N, LINK, MASS = 10, 0.15, 0.25
local rest = 2 - (N - 1) * LINK -- where the ends would be with no stretch

local function chains(iterations)
  local w = loom.world{ name = iterations .. " iterations", iterations = iterations,
                        damping = 0.03 }
  local function chain(x, color, options)
    local ps = {}
    for i = 1, N do
      ps[i] = w:particle{ pos = {x, 2 - (i - 1) * LINK}, mass = i == 1 and 0 or MASS,
                          color = color, radius = i == N and 0.06 or 0 }
      if i > 1 then w:stick(ps[i - 1], ps[i], options) end
    end
    return ps
  end
  local plain = chain(-0.5, "#e6194b", { stiffness = 0.1 })
  local xpbd = chain(0.5, "#4363d8", { compliance = 2e-3 })
  -- The unstretched length, and the bar (immovable, so nothing collides).
  w:stick(w:particle{ pos = {-1, rest}, mass = 0, color = "#a9a9a9" },
          w:particle{ pos = {1, rest}, mass = 0, color = "#a9a9a9" })
  w:stick(w:particle{ pos = {-1, 2}, mass = 0 }, w:particle{ pos = {1, 2}, mass = 0 })
  return w, plain, xpbd
end

local w4, plain4, xpbd4 = chains(4)
local w32, plain32, xpbd32 = chains(32)
loom.show(w4, w32)

-- What each chain is, under it (in both halves: these labels are at world
-- points, not on a particle), so the class can tell them apart.
loom.title("Stick stiffness depends on iterations; XPBD compliance does not")
loom.label{ text = "stiffness 0.1", at = {-0.5, -0.3} }
loom.label{ text = "XPBD", at = {0.5, -0.3} }
loom.label{ text = "unstretched length", at = {0, rest}, offset = {0, 14}, size = 16 }

loom.camera{ projection = "orthographic", target = {0, 0.9, 0}, height = 2.9 }

-- The chains, for tests.
return w4, { w4 = w4, w32 = w32, plain4 = plain4, xpbd4 = xpbd4, plain32 = plain32,
             xpbd32 = xpbd32 }
