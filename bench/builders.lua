-- builders.lua - how long the Lua builders take to build big bodies, and
-- one step of each afterwards for scale. Run it as a scene:
--
--   build/loom sim bench/builders.lua --frames 1
--
-- Best of three builds each, wall-clock seconds from os.clock (CPU time).
-- The builders are Lua on top of the primitive API, so their cost is one
-- binding call per particle and link plus the Lua around it.

local cloth = require "loom.cloth"
local rope = require "loom.rope"
local goal = require "loom.goal"

local function best(build)
    local fastest, world, result = math.huge
    for _ = 1, 3 do
        world = loom.world()
        local t0 = os.clock()
        result = build(world)
        fastest = math.min(fastest, os.clock() - t0)
    end
    local t0 = os.clock()
    world:step()
    return fastest, os.clock() - t0, world, result
end

local rows = {
    { "cloth.grid 100x100, structural+shear+bend", function(w)
        return cloth.grid(w, { nu = 100, nv = 100, bend = true }) end },
    { "cloth.grid 200x200, structural+shear", function(w)
        return cloth.grid(w, { nu = 200, nv = 200 }) end },
    { "cloth.hexagon rings=60 (mesh only)", function()
        return cloth.hexagon { rings = 60 } end },
    { "cloth.mesh hexagon rings=60, bend", function(w)
        local h = cloth.hexagon { rings = 60 }
        return cloth.mesh(w, { vertices = h.vertices, triangles = h.triangles, bend = true }) end },
    { "rope.chain 10000 segments, both", function(w)
        return rope.chain(w, { segments = 10000, kind = "both" }) end },
    { "goal.body coil 100 turns x 100", function(w)
        return goal.body(w, { vertices = goal.coil { turns = 100, per_turn = 100 } }) end },
}

print(("%-44s %10s %10s %12s %12s"):format("builder", "build s", "step s", "particles", "constraints"))
local world
for _, row in ipairs(rows) do
    local build_s, step_s, w = best(row[2])
    local stats = w:stats()
    print(("%-44s %10.3f %10.4f %12d %12d"):format(row[1], build_s, step_s, stats.particles,
                                                    stats.constraints + stats.forces))
    world = w
end
return world
