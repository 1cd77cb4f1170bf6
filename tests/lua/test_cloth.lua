-- test_cloth.lua - the cloth builder in scripts/loom/cloth.lua.
local t = require "harness"
local check, check_near, check_error = t.check, t.check_near, t.check_error
local cloth = require "loom.cloth"

-- For nu x nv particles:
--   structural (nu-1) nv + nu (nv-1), shear 2 (nu-1)(nv-1), bend (nu-2) nv + nu (nv-2).
local nu, nv = 4, 3
local structural = (nu - 1) * nv + nu * (nv - 1)
local shear = 2 * (nu - 1) * (nv - 1)
local bend = (nu - 2) * nv + nu * (nv - 2)

local function build(options)
    local w = loom.world()
    options.nu, options.nv = nu, nv
    return w, cloth.grid(w, options)
end

do
    local w, c = build { shear = false }
    check(#c.particles == nu and #c.particles[1] == nv, "particles is grid[i][j], nu x nv")
    check(w:stats().particles == nu * nv, "nu x nv particles in the world")
    check(#c.links == structural and w:stats().constraints == structural,
          "structural links: (nu-1) nv + nu (nv-1) sticks")

    c = select(2, build {})
    check(#c.links == structural + shear, "shear adds both diagonals of every cell (default on)")

    c = select(2, build { structural = false, shear = false, bend = true })
    check(#c.links == bend, "bend links: (nu-2) nv + nu (nv-2)")

    w, c = build { bend = true, kind = "spring" }
    check(#c.links == structural + shear + bend and w:stats().forces == #c.links
          and w:stats().constraints == 0, "kind = 'spring' makes springs only")
    check(c.links[1]:kind() == "spring", "links are the spring handles")

    w, c = build { kind = "both" }
    check(#c.links == 2 * (structural + shear) and w:stats().forces == structural + shear
          and w:stats().constraints == structural + shear, "kind = 'both' makes a stick and a spring per link")
end

do
    local w = loom.world()
    local c = cloth.grid(w, { origin = { 1, 2, 3 }, u = { 2, 0, 0 }, v = { 0, -1, 1 }, nu = 5, nv = 3,
                              mass = 3 })
    local x, y, z = c.at(1, 1):pos()
    check(x == 1 and y == 2 and z == 3, "at(1, 1) is the origin")
    x, y, z = c.at(5, 1):pos()
    check(x == 3 and y == 2 and z == 3, "at(nu, 1) is origin + u")
    x, y, z = c.at(1, 3):pos()
    check(x == 1 and y == 1 and z == 4, "at(1, nv) is origin + v")
    check(rawequal(c.at(2, 3), c.particles[2][3]), "at(i, j) is particles[i][j]")
    local total = 0
    for _, p in ipairs(w:particles()) do total = total + p:mass() end
    check_near(total, 3, 1e-12, "mass is the total, shared out evenly")
    check_error(function() c.at(6, 1) end, "no particle at (6, 1): the cloth is 5 x 3", "at out of range")
end

-- A hanging cloth: the pinned corners hold, the rest falls and stays woven.
do
    local w = loom.world { iterations = 20 }
    local c = cloth.grid(w, { origin = { -1, 2, 0 }, u = { 2, 0, 0 }, v = { 0, -2, 0 }, nu = 8, nv = 8,
                              pin = { "top_left", "top_right" } })
    check(#c.pins == 2 and c.pins[1]:kind() == "pin", "pin = {'top_left', 'top_right'} makes two pins")
    w:step(120)
    local x, y = c.at(1, 1):pos()
    check_near(x, -1, 1e-12, "the top-left corner holds (x)")
    check_near(y, 2, 1e-12, "the top-left corner holds (y)")
    x, y = c.at(8, 1):pos()
    check(x == 1 and y == 2, "the top-right corner holds")
    local _, bottom = c.at(4, 8):pos()
    check(bottom < 0 and bottom > -1.5, "the cloth hangs below its pins")
    local worst = 0
    for _, link in ipairs(c.links) do worst = math.max(worst, link:error() / link:rest()) end
    check(worst < 0.05, ("links keep their lengths within 5%% (worst %.3f)"):format(worst))

    local top = cloth.grid(loom.world(), { nu = 5, nv = 2, pin = { "top" } })
    check(#top.pins == 5, "pin = {'top'} pins the whole first row")
    local chosen = cloth.grid(loom.world(), { nu = 3, nv = 3, pin = function(i, j) return i == j end })
    check(#chosen.pins == 3, "pin = function(i, j) pins where it returns true")
end

-- Errors are reported at the caller's line, in the binding's style.
local w = loom.world()
local function grid_error(options, message)
    check_error(function() cloth.grid(w, options) end, "bad argument #2 to 'grid' (" .. message .. ")",
                "grid: " .. message)
end
grid_error({ nu = 1 }, "field 'nu' must be >= 2, got 1")
grid_error({ nv = 2.5 }, "field 'nv' must be an integer, got 2.5")
grid_error({ size = 2 }, "unknown field 'size'")
grid_error({ kind = "rope" }, "field 'kind': invalid option 'rope', expected one of: stick, spring, both")
grid_error({ pin = { "top_middle" } }, "field 'pin': invalid option 'top_middle', expected one of: "
           .. "top_left, top_right, bottom_left, bottom_right, top, bottom, left, right")
grid_error({ pin = 5 }, "field 'pin' must be a name, a table of names or a function(i, j), got number")
grid_error({ pin = "tpo" }, "field 'pin': invalid option 'tpo', expected one of: "
           .. "top_left, top_right, bottom_left, bottom_right, top, bottom, left, right (did you mean 'top'?)")
grid_error({ nuu = 3 }, "unknown field 'nuu' (did you mean 'nu'?)")
do
    local one = cloth.grid(loom.world(), { nu = 3, nv = 3, pin = "top" })
    local list = cloth.grid(loom.world(), { nu = 3, nv = 3, pin = { "top" } })
    check(#one.pins == 3 and #list.pins == 3, "pin = \"top\" is the list {\"top\"}")
end
grid_error({ mass = -1 }, "field 'mass' must be >= 0, got -1")
grid_error({ k = 0 / 0 }, "field 'k' must be a finite number, got nan")
grid_error({ bend = 1 }, "field 'bend' must be a boolean or a table, got number")
grid_error({ u = { 1 } }, "field 'u' must be a table of 2 or 3 numbers")
check_error(function() cloth.grid(nil, {}) end, "bad argument #1 to 'grid' (world expected, got nil)",
            "grid(nil)")
local _, err = pcall(function() cloth.grid(w, { nu = 1 }) end)
check(err:find("^tests/lua/test_cloth.lua:%d+: "), "a builder error points at the caller's line")
