-- constraints_sqrt_approx.lua — Jakobsen's square-root approximation: two
-- chains of sticks swing side by side, the right one without a square root.
--
-- Follows Jakobsen, "Advanced Character Physics", §4: a stick's projection
-- needs its length, sqrt(d.d), and "the square root can be approximated" by
-- its first-order Taylor expansion around the rest length r, one Newton
-- step from r: the correction factor (|d| - r) / |d| becomes (d.d - r^2) /
-- (d.d + r^2). It is exact at the rest length, and since relaxation keeps
-- every stick near its rest length, the error stays small: the labels show
-- the largest stretch of each chain (c:value() against the rest length) as
-- they swing. Left: exact; right: world:stick(..., { sqrt_approx = true }).

local N, LINK = 10, 0.15
-- Both chains relaxed, as Jakobsen does (the default, "shake", would solve
-- the left chain exactly and compare two different projections).
local world = loom.world{ iterations = 10, substeps = 1, projection = "jakobsen" }

-- Each chain starts level, pointing away from the other, and swings down.
local function chain(x, side, approx, color)
  local top = world:particle{ pos = {x, 0}, mass = 0, radius = 0.03 }
  local sticks, last = {}, top
  for i = 1, N do
    local p = world:particle{ pos = {x + side * i * LINK, 0}, radius = 0.03, color = color }
    sticks[i] = world:stick(last, p, { sqrt_approx = approx })
    last = p
  end
  return sticks
end
local exact = chain(-1.7, -1, false, "#4363d8")
local approx = chain(1.7, 1, true, "#e6194b")

local function stretch(sticks)
  local worst = 0
  for _, s in ipairs(sticks) do worst = math.max(worst, math.abs(s:value() - LINK) / LINK) end
  return worst
end

loom.title("Square-root approximation: exact (left) and approximate (right) sticks")
local left = loom.label{ text = "", at = {-1.7, 0.35}, size = 16 }
local right = loom.label{ text = "", at = {1.7, 0.35}, size = 16 }
function loom.update()
  left:set{ text = string.format("sqrt: stretch %.3f%%", 100 * stretch(exact)) }
  right:set{ text = string.format("approximation: stretch %.3f%%", 100 * stretch(approx)) }
end
loom.update()

loom.camera{ target = {0, -0.7, 0}, height = 4.2 }

return world
