-- draw_projectile_energy.lua — a ball thrown over a floor, with its velocity
-- and acceleration arrows, its trail, the parabola it should follow, and a
-- live plot of its energy.
--
-- Follows Lee, "Introduction to Soft Body Physics", chapter 1 (a gravity
-- force generator and the simulation loop) and Jakobsen, "Advanced Character
-- Physics", section 2 (Verlet integration; a particle that hits the floor is
-- projected back onto it, here with a coefficient of restitution e).
--
-- What to look at:
--   - the green arrow (velocity, p:arrow) turns along the path while its
--     horizontal part stays the same; the purple one (acceleration, the
--     change of velocity over a step) is g, straight down, in flight, and
--     flashes long at a bounce: the floor's push acts within one step;
--   - the dashed curve is the closed form y = h + x tan(a) - g x^2 / (2 v^2
--     cos^2(a)), drawn by loom.draw: the trail (p:trail) lies on it until the
--     first bounce;
--   - the energy panel (loom.plot): kinetic and potential trade places while
--     their sum stays flat in flight (within 1e-10 J of 11.155 J on the
--     first flight); at every bounce the vertical part of the kinetic energy
--     drops to e^2 of itself (1 - e^2 = 36% of it is lost when e = 0.8)
--     while the horizontal part is kept: each apex is 64% as high above the
--     floor as the one before (63.96 to 64.00% measured);
--   - the velocity panel: vx is constant (until the ball reaches a wall), vy
--     falls in straight lines of slope -g and flips sign, shortened by e, at
--     each bounce.

local G, E = 9.81, 0.8
local HEIGHT, SPEED, ANGLE = 1.0, 5.0, math.rad(70)
local RADIUS, MASS = 0.1, 0.5

local world = loom.world{ gravity = { 0, -G, 0 }, substeps = 8, iterations = 2 }
world:plane{ point = { 0, 0 } }
-- walls, so that in the window the ball stays in view
world:plane{ point = { 2.7, 0 }, normal = { -1, 0 } }
world:plane{ point = { -3.4, 0 }, normal = { 1, 0 } }

local start = { -2.8, HEIGHT + RADIUS }
local ball = world:particle{
  pos = start,
  vel = { SPEED * math.cos(ANGLE), SPEED * math.sin(ANGLE) },
  mass = MASS,
  radius = RADIUS,
  color = "#4363d8",
}
ball:set_restitution(E)

-- attached visuals: they follow the ball by themselves
ball:trail{ seconds = 4, color = "#4363d8", width = 2 }
ball:arrow("velocity", { scale = 0.15 })
ball:arrow("acceleration", { scale = 0.04 })

-- the energies (J), from the floor up, and the velocity. world:energy() takes
-- Verlet's velocity at the end of the step (ball:vel() is the mean over the
-- last sub-step, half a sub-step late: 0.5 m v g h / 2 off, a wobble of 0.05 J)
local function plot()
  local vx, vy = ball:vel()
  local energy = world:energy()
  local kinetic = energy.kinetic
  local potential = energy.potential - MASS * G * RADIUS
  loom.plot("kinetic", kinetic, { panel = "energy", unit = "J" })
  loom.plot("potential", potential, { panel = "energy", unit = "J" })
  loom.plot("total", kinetic + potential, { panel = "energy", unit = "J" })
  loom.plot("vx", vx, { panel = "velocity", unit = "m/s" })
  loom.plot("vy", vy, { panel = "velocity", unit = "m/s" })
end
plot() -- the first frame already leaves room for the panels
function loom.update()
  plot()
end

-- the parabola of the first flight, in closed form, for the trail to match
local parabola = {}
do
  local c, t = math.cos(ANGLE), math.tan(ANGLE)
  for i = 0, 60 do
    local x = i * 0.1
    local y = HEIGHT + x * t - G * x * x / (2 * SPEED * SPEED * c * c)
    if y < 0 then break end
    parabola[#parabola + 1] = { start[1] + x, y + RADIUS }
  end
end

function loom.draw()
  loom.polyline(parabola, { color = "#888888", width = 1.5, dash = 6 })
  loom.text({ start[1] + 2.2, 3.0 }, "y = h + x tan a - g x² / (2 v² cos² a)",
            { size = 16, color = "#555555" })
  -- the launch: speed and angle
  loom.arrow(start, { math.cos(ANGLE), math.sin(ANGLE) },
             { scale = 0.6, color = "#555555", width = 2, head = 10 })
  loom.text({ start[1] + 0.1, start[2] - 0.3 }, string.format("v0 = %g m/s at %g°", SPEED,
            math.deg(ANGLE)), { size = 15, align = "left", color = "#555555" })
end

loom.title("A thrown ball: arrows, trail and energy")
loom.camera{ projection = "orthographic", target = { -0.3, 1.5 }, height = 3.4 }

return world
