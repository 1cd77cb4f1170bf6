-- lua_runner: --trust (this test uses collectgarbage())
-- test_handles_list.lua - loom.handles(): a compact list of handles that
-- behaves as a table (bindings/lua_list.c), and the builders that use it.
local t = require "harness"
local check, check_error = t.check, t.check_error
local cloth = require "loom.cloth"

local w = loom.world()
local function particles(n)
    local list = {}
    for i = 1, n do
        list[i] = w:particle { pos = { i, 0, 0 } }
    end
    return list
end

-- As a table: index, #, ipairs, pairs, identity.
do
    local ps = particles(5)
    local list = loom.handles()
    check(type(list) == "table" and #list == 0 and list[1] == nil, "a new list is an empty table")
    for i = 1, 5 do
        list[#list + 1] = ps[i]
    end
    check(#list == 5, "# counts what was appended")
    local same = true
    for i = 1, 5 do
        same = same and rawequal(list[i], ps[i])
    end
    check(same, "list[i] is the very handle appended (the same userdata)")
    check(list[0] == nil and list[6] == nil and list[-1] == nil and list.x == nil,
          "outside 1..#list: nil")
    check(rawequal(list[2.0], ps[2]) and list["2"] == nil, "2.0 is the key 2, '2' is not")
    local order, count = {}, 0
    for i, p in ipairs(list) do
        count = count + 1
        order[#order + 1] = i == p:position().x and i or -1
    end
    check(count == 5 and table.concat(order, ",") == "1,2,3,4,5", "ipairs visits 1..5 in order")
    count = 0
    local right = true
    for k, p in pairs(list) do
        count = count + 1
        right = right and rawequal(p, ps[k])
    end
    check(count == 5 and right, "pairs visits each handle once with its index")
    local seen = {}
    for _, p in ipairs(list) do
        seen[p] = true
    end
    check(seen[ps[3]] and seen[list[4]], "handles read from a list work as table keys")
    local a, b, c = table.unpack(list, 1, 3)
    check(rawequal(a, ps[1]) and rawequal(c, ps[3]) and b == ps[2], "table.unpack reads it")
    table.insert(list, ps[1])
    check(#list == 6 and rawequal(list[6], ps[1]) and getmetatable(list) == "loom.handles",
          "table.insert appends and it stays a list")
end

-- Lists that do not run on slot by slot, mixed kinds, removed handles, and
-- handles that were collected and are made again on reading.
do
    local ps = particles(6)
    local list = loom.handles()
    for i = 6, 1, -1 do
        list[#list + 1] = ps[i]
    end
    local s = w:stick(ps[1], ps[2])
    list[#list + 1] = s
    check(#list == 7 and rawequal(list[1], ps[6]) and rawequal(list[6], ps[1]) and
          rawequal(list[7], s), "any order, and particles and sticks in one list")
    w:remove(ps[4])
    check(list[3] ~= nil and not list[3]:valid() and list[2]:valid(),
          "a removed object's handle reads back removed, as a table's would")
    check_error(function() return list[3]:pos() end,
                "calling 'pos' on bad self (attempt to use a removed particle)",
                "and using it is the usual error")
    local far = loom.handles()
    for i = 1, 4 do
        far[i] = w:particle { pos = { 0, i, 0 } }
    end
    collectgarbage()
    collectgarbage()
    check(#far == 4 and far[4]:valid() and far[4]:position().y == 4,
          "after the handles were collected, reading makes them again")
    check(far[2] == far[2] and rawequal(far[2], far[2]), "and a handle alive is handed out again")
end

-- Anything else turns the list into a plain table first: it does what a
-- table would.
do
    local ps = particles(3)
    local function fresh()
        local list = loom.handles()
        for i = 1, 3 do
            list[i] = ps[i]
        end
        return list
    end
    local list = fresh()
    list[2] = "x"
    check(getmetatable(list) == nil and #list == 3 and list[2] == "x" and rawequal(list[3], ps[3]),
          "writing a value that is not a handle: a plain table with every handle")
    list = fresh()
    check(next(list) == nil and rawlen(list) == 0, "next and rawlen see an empty table (documented)")
    list.name = "cloth"
    check(getmetatable(list) == nil and list.name == "cloth" and rawlen(list) == 3,
          "a key that is not a position: a plain table, then rawlen and next see it all")
    list = fresh()
    check(rawequal(table.remove(list), ps[3]) and #list == 2 and list[3] == nil,
          "table.remove takes the last handle")
    list = fresh()
    list[10] = nil
    check(getmetatable(list) == "loom.handles" and #list == 3,
          "assigning nil to an absent key changes nothing")
    list = fresh()
    local other = loom.world():particle {}
    list[4] = other
    check(getmetatable(list) == nil and rawequal(list[4], other) and #list == 4,
          "a handle of another world: a plain table")
    list = fresh()
    table.sort(list, function(a, b) return a:position().x > b:position().x end)
    check(rawequal(list[1], ps[3]) and rawequal(list[3], ps[1]), "table.sort sorts it")
    list = fresh()
    list[5] = ps[1]
    check(getmetatable(list) == nil and list[4] == nil and rawequal(list[5], ps[1]),
          "a write past the end leaves a hole, as in a table")
end

-- Errors.
do
    check_error(function() return loom.handles(1) end,
                "bad argument #1 to 'handles' (no arguments expected, got number)",
                "loom.handles takes no arguments")
    check_error(function() setmetatable(loom.handles(), {}) end,
                "cannot change a protected metatable", "its metatable is protected")
end

-- The cloth builder's results are lists and behave as before.
do
    local cw = loom.world()
    local c = cloth.grid(cw, { nu = 4, nv = 3, shear = true })
    check(getmetatable(c.links) == "loom.handles" and getmetatable(c.particles[1]) == "loom.handles",
          "cloth.grid returns lists")
    check(#c.particles == 4 and #c.particles[2] == 3 and c.particles[2][3]:valid(),
          "particles[i][j] as before")
    local stick = c.links[1]
    check(stick:valid() and #c.links == cw:stats().constraints, "links as before")
    local extra = cw:stick(c.particles[1][1], c.particles[4][3])
    table.insert(c.links, extra)
    check(rawequal(c.links[#c.links], extra), "a user's own link appended to the builder's list")
end

-- loom's own functions read a list as the list it is (they read other tables
-- raw): area, volume, field particles, embedded points.
do
    local lw = loom.world()
    local ring = loom.handles()
    for i = 1, 5 do
        local a = 2 * math.pi * i / 5
        ring[#ring + 1] = lw:particle { pos = { math.cos(a), math.sin(a), 0 } }
    end
    local area = lw:area(ring)
    check(area:valid() and lw:stats().constraints == 1, "world:area takes a list")
    local wind = lw:field("wind", { velocity = { 1, 0, 0 }, particles = ring })
    check(wind:valid(), "a field's particles may be a list")
    local four = loom.handles()
    for i = 1, 4 do
        four[i] = ring[i]
    end
    local ok, err = pcall(lw.embed_point, lw, four, { 0.25, 0.25, 0.25, 0.25 })
    check(ok, "world:embed_point takes a list (and no radius: " .. tostring(err) .. ")")
    check_error(function() return lw:area(loom.handles()) end,
                "bad argument #1 to 'area' (needs at least 3 particles, got 0)",
                "an empty list is still too short")
end

-- Drawing takes a list of particles as points (a cloth's row as a polyline).
do
    -- luacheck: read globals test_draw_frame
    local dw = loom.world()
    local row = loom.handles()
    for i = 1, 4 do
        row[#row + 1] = dw:particle { pos = { i, 0, 0 } }
    end
    loom.draw = function() loom.polyline(row) end
    local shapes, points = test_draw_frame()
    loom.draw = nil
    check(shapes == 1 and points == 4, "loom.polyline draws a list of 4 particles: 4 points")
end
