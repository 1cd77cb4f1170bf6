-- hostile: option tables and lists whose metamethods remove the particles loom has just checked (was an engine assertion, SIGABRT)
-- exit: 0
local w = loom.world{}
local ran = false
local function evil(victims)
    return setmetatable({}, {
        __index = function()
            ran = true
            for _, p in ipairs(victims) do
                if p:valid() then w:remove(p) end
            end
        end,
        __len = function() ran = true return 2 end,
    })
end
local a, b = w:particle{pos = {0, 0}}, w:particle{pos = {1, 0}}
w:stick(a, b, evil{a})
w:spring(a, b, evil{b})
w:rope(a, b, evil{a, b})
loom.label(setmetatable({text = "a", at = a}, getmetatable(evil{a})))
local list = setmetatable({a, b}, {__index = function() ran = true w:remove(a) end, __len = function() return 3 end})
w:field("drag", {quadratic = 0.1, particles = list})
function loom.draw()
    loom.line(a, b, evil{a, b})
    loom.circle(a, 1, evil{a})
    assert(not ran and a:valid() and b:valid(), "a metamethod of a style table ran")
end
assert(not ran and a:valid() and b:valid(), "a metamethod of an option table ran")
return w
