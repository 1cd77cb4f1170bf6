-- lua_runner: --trust (this test uses io.open, debug.getmetatable and debug.getupvalue)
-- test_definitions.lua - the LuaLS definitions (docs/lua/loom.d.lua) against
-- what the bindings register at run time, and against docs/lua-api.md: a
-- function added to loom without its definition (or a definition left behind
-- by a removed one) fails here.
local harness = require "harness"
local check = harness.check

local function read(path)
    local file = assert(io.open(path, "r"))
    local text = file:read("a")
    file:close()
    return text
end
local defs = read("docs/lua/loom.d.lua")
local api = read("docs/lua-api.md")

-- Declared: loom.<name> (functions and fields) and <class>:<method>.
local declared = { loom = {} }
for name in defs:gmatch("\nfunction loom%.([%w_]+)%(") do declared.loom[name] = true end
for name in defs:gmatch("\nloom%.([%w_]+) =") do declared.loom[name] = true end
for class, method in defs:gmatch("\nfunction ([%w_]+):([%w_]+)%(") do
    declared[class] = declared[class] or {}
    declared[class][method] = true
end

-- Registered: the loom table, and each type's methods table.
local function names(t)
    local out = {}
    for k in pairs(t) do
        if type(k) == "string" and k:sub(1, 2) ~= "__" then out[k] = true end
    end
    return out
end
local w = loom.world()
local p, q = w:particle {}, w:particle { pos = { 1, 0 } }
local label = loom.label { text = "x", at = { 0, 0 } }
local vec_index = debug.getmetatable(loom.vec(0, 0)).__index
local registered = {
    loom = names(loom),
    world = names(debug.getmetatable(w).__index),
    particle = names(debug.getmetatable(p).__index),
    constraint = names(debug.getmetatable(w:stick(p, q)).__index),
    force = names(debug.getmetatable(w:force("drag", 1)).__index),
    collider = names(debug.getmetatable(w:plane {}).__index),
    label = names(debug.getmetatable(label).__index),
    vec = names(select(2, debug.getupvalue(vec_index, 1))),
}
label:remove()
-- The loom executable adds these to loom (and a scene defines the callbacks):
-- declared, but not registered by the module that tests/lua_runner loads.
local host = { keep = true, key_down = true, mouse = true, update = true, finish = true,
               keypressed = true, keyreleased = true, mousepressed = true, mousereleased = true,
               draw = true }

local function sorted(set)
    local out = {}
    for k in pairs(set) do out[#out + 1] = k end
    table.sort(out)
    return out
end

for _, class in ipairs(sorted(registered)) do
    local missing, extra = {}, {}
    for _, name in ipairs(sorted(registered[class])) do
        if not (declared[class] or {})[name] then missing[#missing + 1] = name end
    end
    for _, name in ipairs(sorted(declared[class] or {})) do
        if not registered[class][name] and not (class == "loom" and host[name]) then
            extra[#extra + 1] = name
        end
    end
    check(#missing == 0, class .. ": every registered name is declared (missing: "
          .. table.concat(missing, ", ") .. ")")
    check(#extra == 0, class .. ": every declared name is registered (extra: " .. table.concat(extra, ", ") .. ")")
end
check(next(declared.world) and next(declared.particle) and next(declared.vec), "the parser found the classes")

-- docs/lua-api.md names everything the definitions declare.
local undocumented = {}
for _, class in ipairs(sorted(declared)) do
    for _, name in ipairs(sorted(declared[class])) do
        local documented = class == "loom" and api:find("loom." .. name, 1, true)
            or class ~= "loom" and (api:find(":" .. name .. "(", 1, true) or api:find(":" .. name .. "{", 1, true)
                                    or api:find(":" .. name .. "`", 1, true))
        if not documented then undocumented[#undocumented + 1] = class .. "." .. name end
    end
end
check(#undocumented == 0, "docs/lua-api.md documents every declared name (missing: "
      .. table.concat(undocumented, ", ") .. ")")

-- The luacheck standard in .luacheckrc lists the same loom fields.
local env = { stds = {}, ipairs = ipairs, pairs = pairs }
assert(load(read(".luacheckrc"), ".luacheckrc", "t", env))()
local std_fields = env.stds.loom.read_globals.loom.fields
local std_missing, std_extra = {}, {}
for _, name in ipairs(sorted(declared.loom)) do
    if not std_fields[name] then std_missing[#std_missing + 1] = name end
end
for _, name in ipairs(sorted(std_fields)) do
    if not declared.loom[name] then std_extra[#std_extra + 1] = name end
end
check(#std_missing == 0 and #std_extra == 0, ".luacheckrc's loom fields match the definitions (missing: "
      .. table.concat(std_missing, ", ") .. "; extra: " .. table.concat(std_extra, ", ") .. ")")
