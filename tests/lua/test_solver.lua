-- test_solver.lua - the world options `order` and `threads` from Lua: their
-- checks and exact messages, reading them back, changing them mid-run, and a
-- batched cloth (built with loom.cloth) giving the same bits on 1 and 3 threads.
local t = require "harness"
local check, check_error = t.check, t.check_error
local cloth = require "loom.cloth"

-- ------------------------------------------------------------- options --
do
    local s = loom.world():settings()
    check(s.order == "creation" and s.threads == 1, "default order is creation, threads 1")
    s = loom.world { order = "batched", threads = 4 }:settings()
    check(s.order == "batched" and s.threads == 4, "order and threads read back")
    check(math.type(s.threads) == "integer", "threads reads back as an integer")
    check(loom.world(s):settings().order == "batched", "loom.world(w:settings()) keeps the order")
end

check_error(function() loom.world { order = "fast" } end,
            "bad argument #1 to 'world' (field 'order': invalid option 'fast', expected one of: creation, batched)",
            "an unknown order names the choices")
check_error(function() loom.world { order = 1 } end,
            "bad argument #1 to 'world' (field 'order' must be a string, got number)",
            "order must be a string")
check_error(function() loom.world { threads = 0 } end,
            "bad argument #1 to 'world' (field 'threads' must be in [1, 64], got 0)",
            "threads below 1")
check_error(function() loom.world { threads = 65 } end,
            "bad argument #1 to 'world' (field 'threads' must be in [1, 64], got 65)",
            "threads above 64")
check_error(function() loom.world { threads = 2.5 } end,
            "bad argument #1 to 'world' (field 'threads' must be an integer, got 2.5)",
            "threads must be an integer")
check_error(function() loom.world { threads = "2" } end,
            "bad argument #1 to 'world' (field 'threads' must be an integer, got string)",
            "threads must be a number")
check_error(function() loom.world():set { order = "random" } end,
            "bad argument #1 to 'set' (field 'order': invalid option 'random', expected one of: creation, batched)",
            "world:set checks the order too")

-- ------------------------------------------------------ a batched cloth --
local function run(threads)
    local world = loom.world { order = "batched", threads = threads }
    local c = cloth.grid(world, { nu = 24, nv = 24, u = { 1, 0, 0 }, v = { 0, 0, 1 }, pin = { "top_left", "top_right" } })
    world:step(60)
    world:set { threads = 2 } -- mid-run: the result must not change
    world:step(30)
    local x, y, z = c.at(24, 24):pos()
    return world, x, y, z
end
local w1, x1, y1, z1 = run(1)
local _, x3, y3, z3 = run(3)
check(x1 == x3 and y1 == y3 and z1 == z3, "a batched cloth gives the same bits on 1 and 3 threads")
check(w1:stats().max_error < 0.05, "a batched cloth holds its sticks")
check(y1 < -0.1, "a batched cloth falls from its pins")

-- A 100 x 100 cloth (10,000 particles: with two threads the integration of
-- every particle is split between them) under a Lua field, which runs on the
-- calling thread for every particle at every stage: the same bits on 1 and 2
-- threads with every integrator.
local function swirl(integrator, threads)
    local world = loom.world { order = "batched", threads = threads, integrator = integrator,
                               iterations = 4 }
    local c = cloth.grid(world, { nu = 100, nv = 100, u = { 1, 0, 0 }, v = { 0, 0, 1 },
                                  pin = { "top_left", "top_right" } })
    world:field(function(x, y, z, vx, vy, vz)
        return -z * 0.5 - 0.1 * vx, 0.2 * x, x * 0.5 - 0.1 * vz
    end)
    world:step(4)
    local out = {}
    for _, p in ipairs({ c.at(1, 100), c.at(50, 50), c.at(100, 100) }) do
        local x, y, z = p:pos()
        local vx, vy, vz = p:vel()
        out[#out + 1] = string.format("%a %a %a %a %a %a", x, y, z, vx, vy, vz)
    end
    return table.concat(out, " ")
end
for _, integrator in ipairs({ "verlet", "rk4", "midpoint", "euler" }) do
    check(swirl(integrator, 1) == swirl(integrator, 2),
          integrator .. ": a 100 x 100 cloth under a Lua field gives the same bits on 1 and 2 threads")
end
