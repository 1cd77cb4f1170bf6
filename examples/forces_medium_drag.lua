-- forces_medium_drag.lua — a medium's drag slows three balls thrown at
-- 4 m/s; each stops short of m v0 / k.
--
-- Follows Lee, "Introduction to Soft Body Physics", chapter 1 (the medium
-- force generator, F = -k v, eq. 2). With no other force, m dv/dt = -k v
-- gives v = v0 e^(-k t / m): the speed halves every m ln 2 / k seconds, and
-- the ball creeps up to x0 + m v0 / k without ever passing it. Each ball
-- lives in its own world (world:force("drag", k) acts on every particle of
-- a world), stepped side by side; the ticks mark m v0 / k, and the panel
-- plots the speeds against the closed form (grey dashes: the exact curve
-- for k = 2, over the blue one). No gravity: the balls fly in a straight
-- line.

local V0, MASS = 4, 1
local ks = { 1, 2, 4 }
local colors = { "#e6194b", "#4363d8", "#3cb44b" }
local worlds, balls = {}, {}
for i, k in ipairs(ks) do
  local w = loom.world{ gravity = {0, 0, 0} }
  w:force("drag", k)
  local y = 1.5 - i
  balls[i] = w:particle{ pos = {0, y}, vel = {V0, 0}, mass = MASS, radius = 0.15, color = colors[i] }
  worlds[i] = w
  loom.label{ text = string.format("k = %g kg/s", k), at = {-0.3, y}, align = "right", size = 16,
              color = colors[i] }
end
local shown = worlds[2] -- drawn by loom; the other two by loom.draw

local function plot()
  for i, k in ipairs(ks) do
    local vx = balls[i]:vel()
    loom.plot(string.format("k = %g", k), vx, { panel = "speed (m/s)", color = colors[i] })
  end
  loom.plot("exact, k = 2", V0 * math.exp(-2 * shown:time() / MASS),
            { panel = "speed (m/s)", color = "#888888", line = "dashed", width = 1 })
end
plot()
function loom.update()
  worlds[1]:step()
  worlds[3]:step()
  plot()
end

function loom.draw()
  for i, k in ipairs(ks) do
    local y = 1.5 - i
    local stop = V0 * MASS / k
    loom.line({stop, y - 0.3}, {stop, y + 0.3}, { color = colors[i], width = 2 })
    loom.text({stop, y + 0.45}, string.format("m v0 / k = %g m", stop), { size = 14 })
    if i ~= 2 then loom.circle(balls[i], 0.15, { fill = colors[i], color = "#333333" }) end
  end
end

loom.title("Medium drag F = -k v: the balls stop at m v0 / k")
loom.camera{ target = {1.6, -0.5, 0}, height = 4.4 }

return shown
