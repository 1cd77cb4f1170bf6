-- loom.args - argument checks for the Lua builders (cloth, rope, plant, ...).
--
--   local args = require "loom.args"
--   function rope.chain(world, options)
--     local check = args.checker("chain", rope.chain)
--     check:world(world)
--     options = check:options(options, fields)
--     local n = check:integer(options, "segments", 10, 1)
--
-- A builder is Lua on top of the primitives, but a mistake in its arguments
-- should read exactly like a mistake in a primitive's:
--   bad argument #2 to 'chain' (field 'segments' must be >= 1, got 0)
-- and point at the line that called the builder, not at a line in here. The
-- checker knows the builder function, so it finds that line by walking up the
-- stack to the builder and blaming its caller, however deeply the check sits.

local args = {}

local Checker = {}
Checker.__index = Checker

--- A checker for the builder `entry`, reported under `name`. Option fields
-- are in argument `options_arg` (default 2: builder(world, options)).
function args.checker(name, entry, options_arg)
    return setmetatable({ name = name, entry = entry, options_arg = options_arg or 2 }, Checker)
end

-- The stack level of the builder's caller, as error() counts from fail().
local function caller_level(entry)
    local level = 2
    while true do
        local info = debug.getinfo(level, "f")
        if not info then return 2 end
        if info.func == entry then return level end
        level = level + 1
    end
end

--- Raises "bad argument #arg to 'name' (message)" at the builder's caller.
function Checker:fail(message, arg)
    local level = caller_level(self.entry)
    error(("bad argument #%d to '%s' (%s)"):format(arg or self.options_arg, self.name, message), level)
end

local function describe(x)
    if x ~= x then return "nan" end
    if x == math.huge then return "inf" end
    if x == -math.huge then return "-inf" end
    return tostring(x)
end

-- loom's types answer getmetatable with their name ("world", "particle").
local function type_name(x)
    local mt = getmetatable(x)
    if type(x) ~= "userdata" then return type(x) end
    return type(mt) == "string" and mt or type(mt) == "table" and mt.__name or "userdata"
end

--- A loom world as argument `arg` (default 1).
function Checker:world(world, arg)
    if type_name(world) ~= "world" then
        self:fail("world expected, got " .. type_name(world), arg or 1)
    end
end

--- The optimal string alignment distance between two strings (a
-- Damerau-Levenshtein distance where a letter is transposed at most once).
function args.distance(a, b)
    local d = {}
    for i = 0, #a do d[i] = { [0] = i } end
    for j = 0, #b do d[0][j] = j end
    for i = 1, #a do
        for j = 1, #b do
            local cost = a:byte(i) == b:byte(j) and 0 or 1
            local best = math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
            if i > 1 and j > 1 and a:byte(i) == b:byte(j - 1) and a:byte(i - 1) == b:byte(j) then
                best = math.min(best, d[i - 2][j - 2] + 1)
            end
            d[i][j] = best
        end
    end
    return d[#a][#b]
end

--- The name among `names` (a set: name -> true) closest to `name` within a
-- distance of 2 (ties: first in byte order), or nil. The same rule as the
-- C bindings' "did you mean".
function args.closest(name, names)
    local best, best_distance
    for candidate in pairs(names) do
        if type(candidate) == "string" and candidate ~= name then
            local d = args.distance(name, candidate)
            if d <= 2 and d < #candidate and (best == nil or d < best_distance
                                              or (d == best_distance and candidate < best)) then
                best, best_distance = candidate, d
            end
        end
    end
    return best
end

--- "unknown field 'x'" with a "did you mean" when a field is close.
function args.unknown_field(key, fields)
    local closest = args.closest(key, fields)
    if closest then
        return ("unknown field '%s' (did you mean '%s'?)"):format(key, closest)
    end
    return ("unknown field '%s'"):format(key)
end

--- The options table (nil means {}); every key must be in `fields` (a set).
function Checker:options(options, fields)
    if options == nil then return {} end
    if type(options) ~= "table" then
        self:fail("table expected, got " .. type(options))
    end
    for key in pairs(options) do
        if not fields[key] then
            if type(key) == "string" then
                self:fail(args.unknown_field(key, fields))
            else
                self:fail(("unknown field [%s]"):format(tostring(key)))
            end
        end
    end
    return options
end

--- A finite number in [min, max] (either may be nil: unbounded).
-- `above` = true makes the lower bound strict: (min, max].
function Checker:number(options, name, default, min, max, above)
    local x = options[name]
    if x == nil then return default end
    if type(x) ~= "number" then
        self:fail(("field '%s' must be a finite number, got %s"):format(name, type(x)))
    elseif x ~= x or x == math.huge or x == -math.huge then
        self:fail(("field '%s' must be a finite number, got %s"):format(name, describe(x)))
    end
    local low_ok = min == nil or (above and x > min) or (not above and x >= min)
    local high_ok = max == nil or x <= max
    if not (low_ok and high_ok) then
        local rule
        if max == nil then
            rule = (above and "> " or ">= ") .. describe(min)
        else
            rule = ("in %s%s, %s]"):format(above and "(" or "[", describe(min), describe(max))
        end
        self:fail(("field '%s' must be %s, got %s"):format(name, rule, describe(x)))
    end
    return x
end

--- An integer >= min, and <= max when max is given.
function Checker:integer(options, name, default, min, max)
    local n = options[name]
    if n == nil then return default end
    if type(n) ~= "number" then
        self:fail(("field '%s' must be an integer, got %s"):format(name, type(n)))
    elseif math.tointeger(n) == nil then -- a fraction, NaN or an infinity
        self:fail(("field '%s' must be an integer, got %s"):format(name, describe(n)))
    end
    if max ~= nil and (n < min or n > max) then
        self:fail(("field '%s' must be in [%d, %d], got %s"):format(name, min, max, describe(n)))
    elseif n < min then
        self:fail(("field '%s' must be >= %d, got %s"):format(name, min, describe(n)))
    end
    return math.tointeger(n)
end

function Checker:flag(options, name, default)
    local value = options[name]
    if value == nil then return default end
    if type(value) ~= "boolean" then
        self:fail(("field '%s' must be a boolean, got %s"):format(name, type(value)))
    end
    return value
end

--- A vector {x, y [, z]} of finite numbers, returned as a new {x, y, z}.
function Checker:vector(options, name, default)
    local v = options[name]
    if v == nil then v = default end
    local ok = type(v) == "table" and (#v == 2 or #v == 3)
    for i = 1, ok and #v or 0 do
        ok = ok and type(v[i]) == "number"
    end
    if not ok then
        self:fail(("field '%s' must be a table of 2 or 3 numbers"):format(name))
    end
    for i = 1, #v do
        local x = v[i]
        if x ~= x or x == math.huge or x == -math.huge then
            self:fail(("field '%s' must contain finite numbers, got %s"):format(name, describe(x)))
        end
    end
    return { v[1], v[2], v[3] or 0 }
end

--- One of a list of strings.
function Checker:option(options, name, default, choices)
    local value = options[name]
    if value == nil then return default end
    for _, choice in ipairs(choices) do
        if value == choice then return value end
    end
    self:fail(("field '%s': invalid option '%s', expected one of: %s")
              :format(name, tostring(value), table.concat(choices, ", ")))
end

--- A function or nil.
function Checker:callable(options, name)
    local f = options[name]
    if f ~= nil and type(f) ~= "function" then
        self:fail(("field '%s' must be a function, got %s"):format(name, type(f)))
    end
    return f
end

--- Calls a primitive (e.g. world.particle) and reports its argument errors
-- as this builder's: a bad `color` or `radius` passed through to every
-- particle reads "bad argument #2 to 'chain' (field 'color': ...)" at the
-- caller's line, not as an error inside the builder. Other errors (memory)
-- pass through unchanged.
function Checker:call(fn, ...)
    local ok, result = pcall(fn, ...)
    if ok then return result end
    local inner = type(result) == "string" and result:match("bad argument #%d+ to '[^']*' %((.*)%)$")
    if inner then self:fail(inner) end
    error(result, 0)
end

return args
