-- chain_interactive.lua — a chain you swing by its head with the mouse.
--
-- Follows Lee, "Introduction to Soft Body Physics", chapter 4 ("Faking Rigid
-- Bodies: Chain Simulation"): 30 nodes 0.65 m apart, total mass 1 kg, each
-- pair joined by a damped spring (k = 0.3, damping 0.01) with a length
-- constraint on top that keeps the distance, so the soft body behaves like a
-- rigid chain; gravity 5 g; Verlet with drag 0.005. The head node is held by a
-- point constraint (a pin) whose point the user moves, as in Lee's HandleInput.
-- Lee draws a chain-link model on each segment, every second one turned a
-- quarter turn: here each stick is drawn as a ring or an edge-on link.
--
-- In the window (`loom examples/chain_interactive.lua`) this scene adds its
-- own controls through loom's input callbacks:
--   hold the left button and move: the head follows the mouse (the scene takes
--   the click, so loom does not grab the nearest node instead);
--   W: wind on / off (kept across hot reloads in loom.keep).
-- Until you take the head, and in `loom render`, it swings on its own.
-- Swinging on its own for 10 s, each of its 29 links keeps its 0.65 m to
-- 1e-12 m (the default projection solves a chain exactly), so the weight at
-- its end is never farther from the head than the chain's 18.85 m; it
-- swings out 8.30 m to the left and 8.33 m to the right, and its lowest
-- point is 18.85 m below the head.

local SEGMENTS, SEPARATION = 30, 0.65
local TOTAL_MASS, STIFFNESS, DAMPING = 1.0, 0.3, 0.01

local world = loom.world{
  gravity = {0, -9.81 * 5, 0},
  integrator = "verlet",
  damping = 0.005,
  iterations = 10,
}

local nodes = {}
for i = 1, SEGMENTS do
  nodes[i] = world:particle{
    pos = {0, -(i - 1) * SEPARATION},
    mass = TOTAL_MASS / SEGMENTS,
    radius = i == SEGMENTS and 0.25 or 0.12,
    color = i == SEGMENTS and "#1f63d6" or "#ffffff00",  -- only the end weight shows
  }
  if i > 1 then
    -- The spring moves the chain, hidden behind the link it doubles; the
    -- length constraint is drawn as the link, every second one edge-on.
    world:spring(nodes[i - 1], nodes[i], { k = STIFFNESS, damping = DAMPING, look = "hidden" })
    world:stick(nodes[i - 1], nodes[i], { look = i % 2 == 0 and "chain" or "chain_edge" })
  end
end

local head = world:pin(nodes[1], {0, 0})

-- Wind: a Lua force generator, gusting to the right.
loom.keep.wind = loom.keep.wind or false
world:force(function(_, t)
  if not loom.keep.wind then return end
  local gust = 0.08 * (1 + math.sin(0.9 * t))
  for _, node in ipairs(nodes) do node:add_force(gust, 0, 0) end
end)

-- Input: the scene's own controls.
local held, automatic = false, true

function loom.mousepressed(x, y, button)
  if button == 1 then
    held, automatic = true, false
    return true                        -- ours: loom does not grab a node
  end
end

function loom.mousereleased(x, y, button)
  if button == 1 then held = false end
end

function loom.keypressed(key)
  if key == "w" then
    loom.keep.wind = not loom.keep.wind
    print("wind " .. (loom.keep.wind and "on" or "off"))
  end
end

function loom.update(dt)
  local t = world:time()
  if held then
    local x, y = loom.mouse()
    if x then head:set_target(x, y) end
  elseif automatic then
    head:set_target(3 * math.sin(1.4 * t), 0)  -- swings on its own
  end
end

loom.camera{ projection = "orthographic", target = {0, -9.5, 0}, height = 23 }

return world
