-- loom.ragdoll - a stick figure of particles, sticks and joint limits.
--
--   local ragdoll = require "loom.ragdoll"
--   local r = ragdoll.new(world, { pos = {0, 2}, height = 1.8, mass = 70 })
--   r.parts.head  -- the particle at the head
--
-- Jakobsen, "Advanced Character Physics", section 6: an articulated body is
-- particles joined by sticks (the bones), and what keeps it from folding like
-- a puppet with cut strings is a limit on the angle at each joint. The figure
-- lies in the xy-plane facing +x, so every joint is a *signed* angle about z
-- (world:angle with signed = true): a knee bends one way only.
--
--          head
--           |          bones: head-neck, neck-pelvis (spine),
--   elbow--neck--elbow        neck-elbow-hand (arms), pelvis-knee-foot (legs)
--     |     |     |
--   hand    |    hand  joints: neck, shoulders, elbows, hips, knees
--        pelvis
--         /  \
--      knee   knee
--        |     |
--      foot   foot
--
-- Each joint's range runs counter-clockwise from min to max, in degrees,
-- measured from the bone towards the body's centre to the outer bone, for
-- the figure facing +x. 180 is straight; a range with min > max wraps
-- through 180.

local args = require "loom.args"

local ragdoll = {}

-- Where each particle sits in a 1.8 m figure standing at the origin, feet at 0,
-- and its share of the mass.
local pose = {
    { "head", 0.00, 1.70, 0.10 },
    { "neck", 0.00, 1.45, 0.20 },
    { "pelvis", 0.00, 0.95, 0.22 },
    { "elbow_l", 0.10, 1.17, 0.04 }, { "hand_l", 0.25, 0.95, 0.03 },
    { "elbow_r", -0.08, 1.18, 0.04 }, { "hand_r", -0.05, 0.92, 0.03 },
    { "knee_l", 0.12, 0.50, 0.09 }, { "foot_l", 0.08, 0.05, 0.06 },
    { "knee_r", -0.05, 0.50, 0.09 }, { "foot_r", -0.15, 0.06, 0.06 },
}

local bones = {
    { "head", "neck" }, { "neck", "pelvis" },
    { "neck", "elbow_l" }, { "elbow_l", "hand_l" },
    { "neck", "elbow_r" }, { "elbow_r", "hand_r" },
    { "pelvis", "knee_l" }, { "knee_l", "foot_l" },
    { "pelvis", "knee_r" }, { "knee_r", "foot_r" },
}

-- { a, joint, c, min, max }: the signed angle at joint from a to c.
local joints = {
    { "head", "neck", "pelvis", 150, -140 },     -- nod 40 forward, 30 back
    { "pelvis", "neck", "elbow_l", -60, 180 },   -- shoulder: swing forward, a little back
    { "pelvis", "neck", "elbow_r", -60, 180 },
    { "neck", "elbow_l", "hand_l", 175, -30 },   -- elbow: straight to bent forward
    { "neck", "elbow_r", "hand_r", 175, -30 },
    { "neck", "pelvis", "knee_l", 150, -40 },    -- hip: 30 back, 140 forward
    { "neck", "pelvis", "knee_r", 150, -40 },
    { "pelvis", "knee_l", "foot_l", 30, 180 },   -- knee: straight to bent backward
    { "pelvis", "knee_r", "foot_r", 30, 180 },
}

local fields = { pos = true, height = true, mass = true, radius = true, color = true,
                 limits = true, stiffness = true }

--- Builds a ragdoll with its feet at pos. Options: pos = {x, y[, z]} (default
-- origin), height (m, 1.8), mass (kg, 70), radius (m, drawn and collided;
-- default height / 40), color, limits (default true: false leaves the joints
-- free, to compare), stiffness of the joint limits in (0, 1] (default 1).
-- Returns { parts = { head =, neck =, ... }, particles = { ... }, bones =
-- { sticks }, joints = { angle constraints } }.
function ragdoll.new(world, options)
    local check = args.checker("new", ragdoll.new)
    check:world(world)
    options = check:options(options, fields)
    local pos = check:vector(options, "pos", { 0, 0 })
    local height = check:number(options, "height", 1.8, 0, nil, true)
    local mass = check:number(options, "mass", 70, 0, nil, true)
    local radius = check:number(options, "radius", height / 40, nil, nil)
    local stiffness = check:number(options, "stiffness", 1, 0, 1, true)
    local limits = check:flag(options, "limits", true)

    local s = height / 1.8
    local parts, particles = {}, {}
    for _, p in ipairs(pose) do
        local name, x, y, share = p[1], p[2], p[3], p[4]
        parts[name] = check:call(world.particle, world, {
            pos = { pos[1] + s * x, pos[2] + s * y, pos[3] },
            mass = mass * share,
            radius = name == "head" and 3 * radius or radius,
            color = options.color,
        })
        particles[#particles + 1] = parts[name]
    end
    local sticks = {}
    for _, b in ipairs(bones) do
        sticks[#sticks + 1] = world:stick(parts[b[1]], parts[b[2]])
    end
    local angles = {}
    if limits then
        for _, j in ipairs(joints) do
            angles[#angles + 1] = world:angle(parts[j[1]], parts[j[2]], parts[j[3]],
                { min = j[4], max = j[5], signed = true, stiffness = stiffness })
        end
    end
    return { parts = parts, particles = particles, bones = sticks, joints = angles }
end

return ragdoll
