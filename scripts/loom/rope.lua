-- loom.rope - ropes and chains: a line of particles, each linked to the next.
--
--   local rope = require "loom.rope"
--   local r = rope.chain(world, { from = {0, 2}, to = {2, 2}, segments = 12,
--                                 pin = {"first"} })
--   local f = r.frame(3)   -- where the third link is and which way it points
--
-- Lee, "Introduction to Soft Body Physics", ch. 4 builds a chain as a line of
-- nodes joined by springs plus length constraints (kind = "both" here): the
-- springs give it life, the constraints keep each link its length, so the
-- chain looks like rigid links that collide at their ends. With sticks alone
-- (the default, Jakobsen §3) it is an inextensible rope; with springs alone
-- it stretches like a bungee cord.
--
-- A chain link is a rigid piece, so it has an orientation, and Lee draws
-- each segment turned to point at the next node. frame(i) gives that
-- orientation: x along segment i (from particle i to i + 1), y square to it
-- and z the third axis. Real chain links interlock at right angles, so every
-- second frame is turned 90 degrees about x, as Lee turns every second model.
--
-- How it is drawn (`look`): "chain" (the default) draws each link as a
-- ring, every second one edge-on (a bar), the same parity as frame(i);
-- "rope" draws a thick twisted rope; "line" draws sticks between beads, the
-- particles. With "chain" and "rope" the beads are not drawn (a pinned end
-- still shows its pin) and `color` / `colors` colour the links instead; with
-- kind = "both" the springs are hidden behind the links they double.

local args = require "loom.args"
local frame = require "loom.frame"

local rope = {}

local fields = {
    from = true, to = true, segments = true, mass = true, kind = true, stiffness = true,
    k = true, damping = true, pin = true, radius = true, color = true, colors = true,
    look = true,
}

local look_names = { "chain", "rope", "line" }

-- A particle drawn as nothing: fully transparent (0 would mean the default).
local INVISIBLE = "#ffffff00"

local pin_names = { "first", "last" }

--- Builds segments + 1 particles evenly from `from` to `to`, each linked to
-- the next. Returns { particles = {...}, links = {...} (sticks and springs in
-- creation order), pins = {...}, segments = n, frame = function(i) -> frame
-- of segment i (see loom.frame), length = function(i) -> current length of
-- segment i, rest = the rest length of each segment }.
function rope.chain(world, options)
    local check = args.checker("chain", rope.chain)
    check:world(world)
    options = check:options(options, fields)
    local from = check:vector(options, "from", { 0, 0, 0 })
    local to = check:vector(options, "to", { 1, 0, 0 })
    local n = check:integer(options, "segments", 10, 1)
    local mass = check:number(options, "mass", 1, 0)
    local kind = check:option(options, "kind", "stick", { "stick", "spring", "both" })
    local look = check:option(options, "look", "chain", look_names)
    local stiffness = check:number(options, "stiffness", 1, 0, 1, true)
    local spring = { k = check:number(options, "k", 200, 0),
                     damping = check:number(options, "damping", 1, 0) }
    local rest = frame.length(frame.sub(to, from)) / n
    if rest == 0 then check:fail("fields 'from' and 'to' must be different points") end
    local pin = options.pin or {}
    if type(pin) == "string" then pin = { pin } end -- one name stands for a list of one
    if type(pin) ~= "table" then
        check:fail("field 'pin' must be a name or a table of names (first, last), got " .. type(pin))
    end
    local pin_first, pin_last = false, false
    for _, name in ipairs(pin) do
        if name == "first" then pin_first = true
        elseif name == "last" then pin_last = true
        else
            check:fail(("field 'pin': invalid option '%s', expected one of: %s")
                       :format(tostring(name), table.concat(pin_names, ", ")))
        end
    end
    local colors = options.colors
    if colors ~= nil and (type(colors) ~= "table" or #colors == 0) then
        check:fail("field 'colors' must be a non-empty table of colors")
    end

    -- `colors` cycles so neighbouring links (or beads) can be told apart.
    local function color_of(i)
        return colors and colors[(i - 1) % #colors + 1] or options.color
    end
    local beads = look == "line"

    -- The particles, evenly spaced.
    local particles = {}
    for i = 0, n do
        local s = i / n
        particles[i + 1] = check:call(world.particle, world, {
            pos = { from[1] + s * (to[1] - from[1]), from[2] + s * (to[2] - from[2]),
                    from[3] + s * (to[3] - from[3]) },
            mass = mass / (n + 1),
            radius = options.radius,
            color = beads and color_of(i + 1) or INVISIBLE,
        })
    end

    -- Each particle to the next: a stick keeps the length, a spring pulls
    -- back towards it. With a look, the stick draws the link (the spring
    -- when there is no stick); odd links are rings, even ones edge-on, the
    -- same parity as frame(i).
    local links = {}
    for i = 1, n do
        local a, b = particles[i], particles[i + 1]
        local drawn = { look = "default", color = nil }
        if look == "chain" then
            drawn.look = i % 2 == 0 and "chain_edge" or "chain"
        elseif look == "rope" then
            drawn.look = "rope"
        end
        if not beads then drawn.color = color_of(i) end
        if kind ~= "spring" then
            links[#links + 1] = check:call(world.stick, world, a, b,
                                           { stiffness = stiffness, look = drawn.look,
                                             color = drawn.color })
        end
        if kind ~= "stick" then
            spring.look = kind == "both" and not beads and "hidden" or drawn.look
            spring.color = drawn.color
            links[#links + 1] = check:call(world.spring, world, a, b, spring)
        end
    end

    local pins = {}
    if pin_first then pins[#pins + 1] = world:pin(particles[1]) end
    if pin_last then pins[#pins + 1] = world:pin(particles[n + 1]) end

    local function segment_check(i)
        if math.type(i) ~= "integer" or i < 1 or i > n then
            error(("bad argument #1 to 'frame' (segment must be an integer in [1, %d], got %s)")
                  :format(n, tostring(i)), 3)
        end
    end

    -- The frame of segment i: origin at its middle, x along it. Every second
    -- link is turned a quarter turn about its own axis, like a real chain.
    local function segment_frame(i)
        segment_check(i)
        local a, b = frame.position(particles[i]), frame.position(particles[i + 1])
        local f = frame.along(frame.scale(frame.add(a, b), 0.5), frame.sub(b, a))
        if i % 2 == 0 then
            f.y, f.z = f.z, frame.scale(f.y, -1)
        end
        return f
    end

    local function segment_length(i)
        segment_check(i)
        local a, b = frame.position(particles[i]), frame.position(particles[i + 1])
        return frame.length(frame.sub(b, a))
    end

    return { particles = particles, links = links, pins = pins, segments = n, rest = rest,
             frame = segment_frame, length = segment_length }
end

return rope
