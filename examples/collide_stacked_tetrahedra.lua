-- collide_stacked_tetrahedra.lua — rigid tetrahedra dropped on each other
-- land, tip and pile up without passing through one another.
--
-- Follows Jakobsen, "Advanced Character Physics", §5 (rigid bodies: four
-- particles and six sticks; collisions through penetration points with
-- weights c1..c4, where "both p and q are moved"). With loom.world{
-- collide_bodies = true } every faced body is an obstacle to the others: a
-- corner of one that reaches a face of another is pushed back out, the
-- face's three corners moved the other way by their weights (c_i w_i), and
-- an edge that crosses another body's edge is pushed back across it, both
-- edges' ends moved by their weights; momentum is kept and friction acts
-- along the contact; a corner or an edge that relaxation still leaves
-- inside a closed body is pushed out through the face it is least deep
-- behind.
-- Without it each body would fall straight through the
-- ones below (try collide_bodies = false). Five tetrahedra, each 1 kg with
-- edges 0.5 m, fall from a column into a bin onto one standing on its
-- floor and pile up. The label counts the corners found inside another
-- body in every frame so far: none.

local rigid = require "loom.rigid"

local world = loom.world{ collide_bodies = true, iterations = 12 }
-- A bin a little wider than two bodies: they cannot roll away, so they pile.
world:box{ min = {-0.5, 0, -0.4}, max = {0.5, 4.6, 0.4}, friction = 0.6 }

local COLORS = { "#4363d8", "#e6194b", "#3cb44b", "#f58231", "#911eb4", "#42d4f4" }
local bodies = {}
for i = 1, 6 do
  local body = rigid.tetrahedron(world, {
    center = {0.04 * (i % 3) - 0.04, 0.18 + 0.75 * (i - 1), 0.03 * (i % 2)},
    size = 0.5,
    spin = i == 1 and {0, 0, 0} or {30 * i, 45, -20 * i},  -- degrees per second
    faces = true,
    color = COLORS[i],
  })
  for _, p in ipairs(body.particles) do p:set_friction(0.6) end
  bodies[i] = body
end

-- Whether point q is inside the tetrahedron of a body (the signs of the
-- four sub-volumes agree with the whole one's).
local function volume(a, b, c, d)
  local ux, uy, uz = b[1] - a[1], b[2] - a[2], b[3] - a[3]
  local vx, vy, vz = c[1] - a[1], c[2] - a[2], c[3] - a[3]
  local wx, wy, wz = d[1] - a[1], d[2] - a[2], d[3] - a[3]
  return ux * (vy * wz - vz * wy) - uy * (vx * wz - vz * wx) + uz * (vx * wy - vy * wx)
end
local function inside(q, body)
  local x = {}
  for i, p in ipairs(body.particles) do x[i] = { p:pos() } end
  local whole = volume(x[1], x[2], x[3], x[4])
  for i = 1, 4 do
    local saved = x[i]
    x[i] = q
    local part = volume(x[1], x[2], x[3], x[4])
    x[i] = saved
    if part * whole < 0 then return false end
  end
  return true
end
local function corners_inside()
  local count = 0
  for i, a in ipairs(bodies) do
    for j, b in ipairs(bodies) do
      if i ~= j then
        for _, p in ipairs(a.particles) do
          if inside({ p:pos() }, b) then count = count + 1 end
        end
      end
    end
  end
  return count
end

loom.title("Tetrahedra landing on tetrahedra: collide_bodies = true")
local found = 0
local status = loom.label{ text = "", at = {0, 1.25, 0}, size = 16 }
function loom.update()
  found = found + corners_inside()
  status:set{ text = string.format("corners found inside another body so far: %d", found) }
end
loom.update()

loom.camera{ projection = "perspective", target = {0, 0.65, 0}, yaw = 20, pitch = 15, height = 2.2 }

-- The bodies and the count, for tests/lua/test_example_physics.lua.
return world, { bodies = bodies, found = function() return found end }
