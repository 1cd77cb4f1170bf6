-- test_looks.lua - how a link asks to be drawn: the `look` and `color`
-- options of world:stick, world:rope and world:spring, c:look(),
-- c:set_look() and f:look(), with their exact error messages.
local t = require "harness"
local check, check_near, check_error = t.check, t.check_near, t.check_error

local LOOKS = "default, chain, chain_edge, rope, hidden"

local w = loom.world()
local a, b, c = w:particle { pos = { 0, 0 } }, w:particle { pos = { 1, 0 } }, w:particle { pos = { 1, 1 } }

-- ----------------------------------------------------------- as given --
do
    local plain = w:stick(a, b)
    check(plain:look() == "default" and select("#", plain:look()) == 1,
          "a stick without a look has the default and no colour of its own")

    local ring = w:stick(a, b, { look = "chain", color = "#336699" })
    local name, r, g, bl, alpha = ring:look()
    check(name == "chain", "stick{look = 'chain'} reports chain")
    check_near(r, 0x33 / 255, 1e-12, "its colour: red")
    check_near(g, 0x66 / 255, 1e-12, "its colour: green")
    check_near(bl, 0x99 / 255, 1e-12, "its colour: blue")
    check_near(alpha, 1, 1e-12, "its colour: alpha")

    -- Options that make a stick a distance-solver item keep the look too.
    local xpbd = w:stick(b, c, { compliance = 1e-3, look = "chain_edge" })
    check(xpbd:look() == "chain_edge", "an XPBD stick keeps its look")

    local rope = w:rope(a, c, { max = 2, look = "rope", color = { 0.5, 0.25, 0 } })
    local rname, rr, rg = rope:look()
    check(rname == "rope" and math.abs(rr - 128 / 255) < 1e-12 and math.abs(rg - 64 / 255) < 1e-12,
          "rope{look = 'rope', color = {r, g, b}}")

    local spring = w:spring(a, b, { k = 5, look = "hidden" })
    check(spring:look() == "hidden", "spring{look = 'hidden'}")
    check(w:spring(b, c):look() == "default", "a spring's default look")
    check(w:force(function() end):look() == "default", "other forces report the default")

    local pin = w:pin(a)
    check(pin:look() == "default", "a pin starts with the default look")
    pin:set_look("hidden")
    check(pin:look() == "hidden", "pin:set_look('hidden')")

    ring:set_look("chain_edge", "red")
    local n2, r2, g2 = ring:look()
    check(n2 == "chain_edge" and r2 == 1 and g2 == 0, "set_look changes the look and the colour")
    ring:set_look("default")
    check(ring:look() == "default" and select("#", ring:look()) == 1,
          "set_look without a colour goes back to the renderer's colour")
end

-- The drawing hint is not physics: a chain with looks moves exactly like
-- one without.
do
    local function swing(looked)
        local world = loom.world { iterations = 10 }
        local prev = world:particle { pos = { 0, 0 }, mass = 0 }
        for i = 1, 5 do
            local p = world:particle { pos = { 0.3 * i, 0 } }
            world:stick(prev, p, looked and { look = i % 2 == 0 and "chain_edge" or "chain",
                                              color = "#5d6673" } or nil)
            prev = p
        end
        for _ = 1, 60 do world:step() end
        return prev:pos()
    end
    local x1, y1 = swing(false)
    local x2, y2 = swing(true)
    check(x1 == x2 and y1 == y2 and y1 < -0.4, "looks do not change the motion")
end

-- -------------------------------------------------------------- errors --
check_error(function() w:stick(a, b, { look = "chian" }) end,
            "bad argument #3 to 'stick' (field 'look': invalid option 'chian', expected one of: " .. LOOKS .. ")",
            "stick: look names listed")
check_error(function() w:stick(a, b, { look = 3 }) end,
            "bad argument #3 to 'stick' (field 'look' must be a string, got number)", "stick: look type")
check_error(function() w:stick(a, b, { color = "fuschia" }) end,
            "bad argument #3 to 'stick' (field 'color': invalid color 'fuschia', expected \"#rrggbb\", "
            .. "\"#rrggbbaa\" or one of: black, white, gray, grey, red, green, blue, yellow, orange, cyan, "
            .. "magenta, purple, pink, brown)", "stick: color")
check_error(function() w:stick(a, b, { color = { 1, 2, 0 } }) end,
            "bad argument #3 to 'stick' (field 'color' must be a table of 3 or 4 numbers in [0, 1])",
            "stick: color components")
check_error(function() w:rope(a, b, { look = "ring" }) end,
            "bad argument #3 to 'rope' (field 'look': invalid option 'ring', expected one of: " .. LOOKS .. ")",
            "rope: look names listed")
check_error(function() w:spring(a, b, { look = true }) end,
            "bad argument #3 to 'spring' (field 'look' must be a string, got boolean)", "spring: look type")

local s = w:stick(a, b)
local angle = w:angle(a, b, c)
check_error(function() angle:set_look("chain") end,
            "calling 'set_look' on bad self (stick, rope or pin expected, got angle)", "set_look: kinds drawn as links")
check_error(function() angle:look() end,
            "calling 'look' on bad self (stick, rope or pin expected, got angle)", "look: kinds drawn as links")
check_error(function() s:set_look() end,
            "bad argument #1 to 'set_look' (string expected, got no value)", "set_look: look required")
check_error(function() s:set_look("bar") end,
            "bad argument #1 to 'set_look' (invalid option 'bar', expected one of: " .. LOOKS .. ")",
            "set_look: look names listed")
check_error(function() s:set_look("rope", 0xff0000) end,
            "bad argument #2 to 'set_look' (color must be a color string or a table {r, g, b[, a]}, got number)",
            "set_look: color type")
check_error(function() s.set_look(nil, "rope") end,
            "bad argument #1 to 'set_look' (constraint expected, got nil)", "set_look: self")
s:remove()
check_error(function() s:look() end, "calling 'look' on bad self (attempt to use a removed constraint)",
            "look: a removed constraint")
check_error(function() s:set_look("chain") end,
            "calling 'set_look' on bad self (attempt to use a removed constraint)", "set_look: a removed constraint")

-- ------------------------------------------- styles live by handle --
-- Colours and looks are kept by the renderer's styles, keyed by handle: an
-- object made in a removed one's slot starts with the default, not its colour.
do
    local w2 = loom.world()
    local p = w2:particle { pos = { 0, 0 }, color = "#ff0000" }
    check(select("#", p:color()) == 4, "a particle made with a colour reports it")
    local q0 = w2:particle { pos = { 1, 0 } }
    local link = w2:stick(p, q0, { look = "rope", color = "#00ff00" })
    local ball = w2:sphere { center = { 0, -2, 0 }, radius = 0.5, color = "#0000ff" }
    w2:remove(link)
    w2:remove(p)
    w2:remove(ball)
    local q = w2:particle { pos = { 2, 0 } }
    check(q:color() == nil, "a particle in a removed coloured one's slot has the default colour")
    local q2 = w2:particle { pos = { 3, 0 } }
    local link2 = w2:stick(q, q2)
    check(link2:look() == "default" and select("#", link2:look()) == 1,
          "a stick in a removed styled one's slot has the default look and colour")
    q:set_color("#123456")
    check(select("#", q:color()) == 4 and q2:color() == nil, "set_color styles that particle only")
    q:set_color(nil)
    check(q:color() == nil, "set_color(nil) goes back to the default")
end
