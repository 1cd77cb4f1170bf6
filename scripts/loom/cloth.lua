-- loom.cloth - a rectangular piece of cloth woven from particles and links.
--
--   local cloth = require "loom.cloth"
--   local c = cloth.grid(world, { nu = 20, nv = 20, pin = {"top_left", "top_right"} })
--   c.at(1, 1)  -- the particle at the origin corner
--
-- A cloth is a grid of particles; what makes it behave like cloth is which
-- pairs are linked (Lee, "Introduction to Soft Body Physics", ch. 2; Lander,
-- "Devil in the Blue Faceted Dress"):
--
--   structural  each particle to its neighbour along u and along v.    o--o
--               These are the threads: they stop the cloth stretching.  |  |
--                                                                       o--o
--   shear       both diagonals of every cell. Without them the square    o  o
--               cells fold flat into diamonds and the cloth collapses.    \/
--                                                                         /\
--                                                                        o  o
--   bend        each particle to the one two cells away, along u and    o--.--o
--               along v. They resist folding: stiff bend links give
--               leather, weak or no bend links give silk.
--
-- A link is a stick (Jakobsen: holds its length exactly, by projection), a
-- spring (Lee ch. 1, Lander: pulls back with k times the stretch, so the
-- cloth is elastic and can oscillate), or both (Lee's recipe: springs give the
-- motion, sticks stop the springs from stretching too far).

local cloth = {}

local fields = {
    origin = true, u = true, v = true, nu = true, nv = true, mass = true,
    structural = true, shear = true, bend = true, kind = true, k = true,
    damping = true, pin = true, radius = true, color = true,
}

-- Argument checks. Each is called straight from grid, so level 4 blames the
-- line that called grid, and the messages follow the C binding's style.
local function fail(message, arg)
    error(("bad argument #%d to 'grid' (%s)"):format(arg or 2, message), 4)
end

local function check_world(world)
    local mt = getmetatable(world)
    if type(world) ~= "userdata" or not mt or mt.__name ~= "world" then
        local got = mt and mt.__name or type(world)
        fail("world expected, got " .. got, 1)
    end
end

local function check_options(options)
    if type(options) ~= "table" then
        fail("table expected, got " .. type(options))
    end
    for key in pairs(options) do
        if not fields[key] then fail(("unknown field '%s'"):format(tostring(key))) end
    end
end

local function count_field(options, name, default)
    local n = options[name]
    if n == nil then return default end
    if type(n) ~= "number" then
        fail(("field '%s' must be an integer, got %s"):format(name, type(n)))
    elseif n ~= math.floor(n) then
        fail(("field '%s' must be an integer, got %s"):format(name, tostring(n)))
    end
    if n < 2 then
        fail(("field '%s' must be >= 2, got %d"):format(name, n))
    end
    return math.tointeger(n)
end

local function number_field(options, name, default)
    local x = options[name]
    if x == nil then return default end
    if type(x) ~= "number" then
        fail(("field '%s' must be a finite number, got %s"):format(name, type(x)))
    elseif x ~= x or x == math.huge or x == -math.huge then
        local got = x ~= x and "nan" or (x > 0 and "inf" or "-inf")
        fail(("field '%s' must be a finite number, got %s"):format(name, got))
    end
    if x < 0 then
        fail(("field '%s' must be >= 0, got %s"):format(name, tostring(x)))
    end
    return x
end

local function flag_field(options, name, default)
    local value = options[name]
    if value == nil then return default end
    if type(value) ~= "boolean" then
        fail(("field '%s' must be a boolean, got %s"):format(name, type(value)))
    end
    return value
end

local function vector_field(options, name, default)
    local v = options[name] or default
    local ok = type(v) == "table" and (#v == 2 or #v == 3)
    for i = 1, ok and #v or 0 do
        ok = ok and type(v[i]) == "number"
    end
    if not ok then
        fail(("field '%s' must be a table of 2 or 3 numbers"):format(name))
    end
    return { v[1], v[2], v[3] or 0 }
end

local function kind_field(options)
    local kind = options.kind or "stick"
    if kind ~= "stick" and kind ~= "spring" and kind ~= "both" then
        fail(("field 'kind': invalid option '%s', expected one of: stick, spring, both")
             :format(tostring(kind)))
    end
    return kind
end

-- Which corners or edges "pin" names. With v pointing down (the default),
-- j = 1 is the top row and i = 1 the left column.
local pin_names = {
    top_left = function(i, j, nu, nv) return i == 1 and j == 1 end,
    top_right = function(i, j, nu, nv) return i == nu and j == 1 end,
    bottom_left = function(i, j, nu, nv) return i == 1 and j == nv end,
    bottom_right = function(i, j, nu, nv) return i == nu and j == nv end,
    top = function(i, j, nu, nv) return j == 1 end,
    bottom = function(i, j, nu, nv) return j == nv end,
    left = function(i, j, nu, nv) return i == 1 end,
    right = function(i, j, nu, nv) return i == nu end,
}

-- A function(i, j) -> bool telling which particles to pin.
local function pin_rule(pin, nu, nv)
    if pin == nil then
        return function() return false end
    elseif type(pin) == "function" then
        return pin
    elseif type(pin) ~= "table" then
        fail("field 'pin' must be a table of names or a function(i, j), got " .. type(pin))
    end
    local rules = {}
    for _, name in ipairs(pin) do
        local rule = pin_names[name]
        if not rule then
            fail(("field 'pin': invalid option '%s', expected one of: top_left, top_right, "
                  .. "bottom_left, bottom_right, top, bottom, left, right"):format(tostring(name)))
        end
        rules[#rules + 1] = rule
    end
    return function(i, j)
        for _, rule in ipairs(rules) do
            if rule(i, j, nu, nv) then return true end
        end
        return false
    end
end

--- Builds a grid of nu x nv particles spanning origin .. origin + u + v.
-- Returns { particles = grid (grid[i][j], i along u, j along v, 1-based),
--           links = every stick and spring made, pins = every pin made,
--           at = function(i, j) -> particle }.
function cloth.grid(world, options)
    options = options or {}
    check_world(world)
    check_options(options)
    local origin = vector_field(options, "origin", { 0, 0, 0 })
    local u = vector_field(options, "u", { 1, 0, 0 })
    local v = vector_field(options, "v", { 0, -1, 0 })
    local nu = count_field(options, "nu", 10)
    local nv = count_field(options, "nv", 10)
    local mass = number_field(options, "mass", 1)
    local kind = kind_field(options)
    local spring = { k = number_field(options, "k", 200),
                     damping = number_field(options, "damping", 1) }
    local structural = flag_field(options, "structural", true)
    local shear = flag_field(options, "shear", true)
    local bend = flag_field(options, "bend", false)
    local pinned = pin_rule(options.pin, nu, nv)

    -- The particles: the total mass shared out evenly.
    local grid = {}
    for i = 1, nu do
        grid[i] = {}
        local s = (i - 1) / (nu - 1)
        for j = 1, nv do
            local t = (j - 1) / (nv - 1)
            grid[i][j] = world:particle {
                pos = { origin[1] + s * u[1] + t * v[1],
                        origin[2] + s * u[2] + t * v[2],
                        origin[3] + s * u[3] + t * v[3] },
                mass = mass / (nu * nv),
                radius = options.radius,
                color = options.color,
            }
        end
    end

    -- The links, each at its rest length (the distance it was made at).
    local links = {}
    local function link(i1, j1, i2, j2)
        local a, b = grid[i1][j1], grid[i2][j2]
        if kind ~= "spring" then links[#links + 1] = world:stick(a, b) end
        if kind ~= "stick" then links[#links + 1] = world:spring(a, b, spring) end
    end
    for i = 1, nu do
        for j = 1, nv do
            if structural then
                if i < nu then link(i, j, i + 1, j) end
                if j < nv then link(i, j, i, j + 1) end
            end
            if shear and i < nu and j < nv then
                link(i, j, i + 1, j + 1)
                link(i + 1, j, i, j + 1)
            end
            if bend then
                if i + 2 <= nu then link(i, j, i + 2, j) end
                if j + 2 <= nv then link(i, j, i, j + 2) end
            end
        end
    end

    -- The pins hold chosen particles where they are.
    local pins = {}
    for i = 1, nu do
        for j = 1, nv do
            if pinned(i, j) then pins[#pins + 1] = world:pin(grid[i][j]) end
        end
    end

    local function at(i, j)
        local column = grid[i]
        local p = column and column[j]
        if not p then
            error(("no particle at (%s, %s): the cloth is %d x %d"):format(
                tostring(i), tostring(j), nu, nv), 2)
        end
        return p
    end

    return { particles = grid, links = links, pins = pins, at = at }
end

return cloth
