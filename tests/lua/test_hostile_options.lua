-- test_hostile_options.lua - every loom function that takes a table, given
-- tables with hostile metatables: loom reads them raw (docs/untrusted.md), so
-- none of their metamethods may run, the result must be the one the plain
-- table gives, and nothing may crash. loom.plot and loom.param read their
-- options with __index once: the strings it made up were freed while still
-- in use (ASan at bindings/lua_plot.c:45 and bindings/lua_param.c:203).
local harness = require "harness"
local check = harness.check

-- Every metamethod counts its call and raises; the table is also weak, so
-- a collection while loom reads it may take what only it holds.
local ran = {}
local events = {
    "__index", "__newindex", "__pairs", "__len", "__call", "__tostring", "__eq", "__lt",
    "__le", "__concat", "__unm", "__add", "__close", "__name", "__metatable",
}
local function hostile(t)
    local mt = { __mode = "kv" }
    for _, event in ipairs(events) do
        mt[event] = function(...)
            ran[#ran + 1] = event
            collectgarbage("count")
            error("the " .. event .. " metamethod ran", 0)
        end
    end
    mt.__index = function(_, key)
        ran[#ran + 1] = "__index " .. tostring(key)
        -- What a hostile __index returns: a fresh string nothing else holds.
        return string.rep("x", 8) .. tostring(key)
    end
    -- setmetatable refuses __concat (Lua 5.4.4's bug, app/lua_stacks.h): it
    -- is added once the metatable is set, as a scene could.
    local concat = mt.__concat
    mt.__concat = nil
    setmetatable(t, mt)
    mt.__concat = concat
    return t
end

-- A copy of t (and of its tables) with hostile metatables all the way down.
local function hostile_copy(t)
    local copy = {}
    for k, v in pairs(t) do
        copy[k] = type(v) == "table" and getmetatable(v) == nil and hostile_copy(v) or v
    end
    return hostile(copy)
end

-- Results as text, to compare a plain call with a hostile one.
local function describe(ok, ...)
    local parts = { tostring(ok) }
    for i = 1, select("#", ...) do
        local v = select(i, ...)
        if type(v) == "table" then -- its fields, in order
            local keys = {}
            for k in pairs(v) do keys[#keys + 1] = tostring(k) end
            table.sort(keys)
            parts[#parts + 1] = "{" .. table.concat(keys, ",") .. "}"
        else
            parts[#parts + 1] = type(v) == "userdata" and type(v) or tostring(v)
        end
    end
    return table.concat(parts, " ")
end

-- The table with its fields, and empty (every field absent: an __index
-- would answer for each). Points (is_point) read x, y, z through __index,
-- for vector-like objects: only the result is compared.
local function try(name, call, options, is_point)
    for _, given in ipairs { options, {} } do
        local plain = describe(pcall(call, given))
        ran = {}
        local got = describe(pcall(call, hostile_copy(given)))
        local what = name .. (next(given) and "" or " (an empty table)")
        check(is_point or #ran == 0,
            what .. ": no metamethod of its table ran (" .. table.concat(ran, ", ") .. ")")
        check(got == plain, what .. ": the same result as with a plain table (" .. got .. " / " .. plain .. ")")
    end
end

local w = loom.world {}
local a = w:particle { pos = { 0, 0 } }
local b = w:particle { pos = { 1, 0 } }
local c = w:particle { pos = { 1, 1 } }
local d = w:particle { pos = { 0, 1, 1 } }

try("loom.world", loom.world, { gravity = { 0, -1, 0 }, integrator = "rk4", iterations = 4 })
try("world:set", function(o) return w:set(o) end, { damping = 0.01, dt = 0.01 })
try("world:particle", function(o) return w:particle(o) end,
    { pos = { 1, 2 }, vel = { 0, 1 }, mass = 2, radius = 0.1, color = "#ff0000", group = 3 })
try("world:stick", function(o) return w:stick(a, b, o) end,
    { rest = 1, stiffness = 0.5, look = "chain", color = "#00ff00" })
try("world:rope", function(o) return w:rope(a, c, o) end, { max = 3, look = "rope" })
try("world:angle", function(o) return w:angle(a, b, c, o) end, { min = 10, max = 170 })
try("world:area", function(o) return w:area({ a, b, c }, o) end, { scale = 1, stiffness = 1 })
try("world:spring", function(o) return w:spring(a, d, o) end, { k = 20, damping = 0.1, rest = 1 })
try("world:field", function(o) return w:field("wind", o) end, { velocity = { 1, 0, 0 }, k = 1 })
try("world:plane", function(o) return w:plane(o) end, { point = { 0, -2 }, normal = { 0, 1 } })
try("world:sphere", function(o) return w:sphere(o) end, { center = { 3, 0 }, radius = 0.5 })
try("world:obb", function(o) return w:obb(o) end, { center = { -3, 0 }, size = { 1, 1, 1 }, angle = 30 })
try("world:capsule", function(o) return w:capsule(o) end, { a = { 0, 3 }, b = { 1, 3 }, radius = 0.2 })
try("world:box", function(o) return w:box(o) end, { min = { -9, -9, -9 }, max = { 9, 9, 9 } })
try("collider:set", function(o) return w:sphere { center = { 5, 5 }, radius = 1 }:set(o) end,
    { friction = 0.5, restitution = 0.2, mask = { 1, 2 } })
try("particle:trail", function(o) return a:trail(o) end, { seconds = 2, color = "#0000ff", width = 2 })
try("particle:arrow", function(o) return a:arrow("velocity", o) end, { scale = 2, width = 1 })
try("particle:set_mask", function(o) return a:set_mask(o) end, { 0, 2 })
try("world:energy", function(o) return w:energy(o) end, { a, b })
try("world:momentum", function(o) return w:momentum(o) end, { a, b })
try("world:center_of_mass", function(o) return w:center_of_mass(o) end, { a, b })
try("world:embed_point", function(o) return w:embed_point(o, { 0.25, 0.25, 0.25, 0.25 }) end,
    { a, b, c, d })
try("loom.camera", loom.camera, { projection = "orthographic", target = { 0, 0, 0 }, height = 4 })
try("loom.style", loom.style, { theme = "dark" })
try("loom.label", loom.label, { text = "hello", at = { 0, 1 }, size = 20, color = "#333333" })
try("loom.title", function(o) return loom.title("a title", o) end, { size = 30, align = "left" })
try("loom.keys", loom.keys, { w = "wind" })
try("loom.plot", function(o) return loom.plot("energy", 1.5, o) end,
    { panel = "energy", unit = "J", color = "#123456", range = { 0, 10 } })
try("loom.param", function(o) return loom.param("k", 40, o) end,
    { min = 1, max = 200, step = 1, label = "stiffness" })
try("loom.vec", function(o) return loom.vec(o) end, { 1, 2, 3 })

-- Drawing, inside loom.draw (test_draw_frame runs one picture's drawing).
-- luacheck: read globals test_draw_frame
local function in_draw(name, call, options, is_point)
    loom.draw = function() try(name, call, options, is_point) end
    test_draw_frame(16 / 9)
    loom.draw = nil
end
in_draw("loom.line", function(o) return loom.line({ 0, 0 }, { 1, 1 }, o) end, { color = "#ff0000", width = 2 })
in_draw("loom.circle", function(o) return loom.circle({ 0, 0 }, 1, o) end, { fill = true })
in_draw("loom.circle's center", function(o) return loom.circle(o, 1) end, { x = 1, y = 2 }, true)
in_draw("loom.polygon", function(o) return loom.polygon(o, { fill = "#00ff00" }) end,
    { { 0, 0 }, { 1, 0 }, { 0, 1 } }, true)
in_draw("loom.polyline", function(o) return loom.polyline(o) end, { { 0, 0 }, { 1, 0 }, { 2, 1 } },
    true)
in_draw("loom.arrow", function(o) return loom.arrow({ 0, 0 }, { 1, 1 }, o) end, { head = 0.2 })
in_draw("loom.text", function(o) return loom.text("t", { 0, 0 }, o) end, { size = 12, bold = true })

-- A __tostring that errors on a table passed where loom names what it got.
local loud = setmetatable({}, { __tostring = function() error("__tostring ran") end })
local ok, message = pcall(w.particle, w, { pos = loud })
check(not ok and not tostring(message):find("__tostring ran", 1, true),
    "a bad value's __tostring is not called for the message (" .. tostring(message) .. ")")

