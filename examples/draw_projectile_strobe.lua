-- draw_projectile_strobe.lua — the textbook's strobe photograph: a ball
-- dropped and a ball thrown sideways at the same moment, photographed every
-- 0.1 s, beside the closed form of their motion.
--
-- Follows Lee, "Introduction to Soft Body Physics", chapter 1 (a gravity
-- force generator and the simulation loop), with the integrator chosen so
-- that the picture can be read against the closed form: velocity Verlet
-- (x += v h + a h^2 / 2, v += a h) is exact for a constant acceleration, so
-- every copy sits on its ring to the last digit, whatever the step.
--
-- What to look at:
--   - the discs are loom's multiple exposure (p:trail{ strobe = 0.1 }): one
--     copy of each ball every 0.1 s of simulated time;
--   - the rings are the closed form at the same moments, x = x0 + v t and
--     y = h - g t^2 / 2, drawn by loom.draw: each copy lies in its ring;
--   - the two balls fall together: at every flash they are at the same height
--     (the dashed lines), because the sideways motion does not change the
--     fall; the thrown ball's copies are evenly spaced sideways (no force
--     acts that way), while both columns open out downwards (the drop grows
--     as t^2: 5, 20, 44, 78 cm ...).
-- For a handout figure of one moment:
--   loom render examples/draw_projectile_strobe.lua --at 0.9 --out figure/

local G, HEIGHT, SPEED, RADIUS = 9.81, 5.0, 3.0, 0.06
local STROBE = 0.1

local world = loom.world{ gravity = { 0, -G, 0 }, integrator = "velocity_verlet" }
world:plane{ point = { 0, 0 } }

local dropped = world:particle{ pos = { 0, HEIGHT }, radius = RADIUS, color = "#d62728" }
local thrown = world:particle{
  pos = { 0.4, HEIGHT }, vel = { SPEED, 0 }, radius = RADIUS, color = "#1f63d6",
}
dropped:trail{ strobe = STROBE, seconds = 1.2 }
thrown:trail{ strobe = STROBE, seconds = 1.2 }

-- the closed form at the moments of the flashes up to now
local function closed_form(x0, vx, t)
  return { x0 + vx * t, HEIGHT - 0.5 * G * t * t }
end

function loom.draw()
  local now = world:time()
  local ring = { color = "#444444", width = 1 }
  local labelled = math.huge -- the height of the last time written, so none covers another
  for k = 0, math.floor(now / STROBE + 1e-9) do
    local t = k * STROBE
    local a, b = closed_form(0, 0, t), closed_form(0.4, SPEED, t)
    if a[2] < RADIUS then break end
    loom.circle(a, RADIUS * 1.6, ring)
    loom.circle(b, RADIUS * 1.6, ring)
    loom.line({ -0.3, a[2] }, { b[1] + 0.25, b[2] }, { color = "#999999", width = 1, dash = 4 })
    if labelled - a[2] > 0.18 then
      loom.text({ -0.45, a[2] }, string.format("%.1f s", t), { size = 16, align = "right",
                color = "#555555" })
      labelled = a[2]
    end
  end
  loom.text({ 3.9, 4.6 }, "discs: loom, a copy every 0.1 s", { size = 15, color = "#333333", align = "left" })
  loom.text({ 3.9, 4.25 }, "rings: x = x0 + v t,  y = h - g t² / 2", { size = 15,
            color = "#333333", align = "left" })
end

loom.title("Dropped and thrown: a strobe picture every 0.1 s")
loom.camera{ projection = "orthographic", target = { 2.2, 2.55 }, height = 6.0 }

return world
