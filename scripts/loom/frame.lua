-- loom.frame - small vector helpers and orthonormal frames for the builders.
--
-- A frame is { origin = {x, y, z}, x = {..}, y = {..}, z = {..} }: a point
-- and three unit axes at right angles, right-handed (z = x cross y). A rigid
-- body made of particles has no orientation stored anywhere; its frame is
-- read back from where its particles are (Jakobsen §5), which is what
-- frame.from_points does with Gram-Schmidt:
--
--   x = (a - o) / |a - o|                     the first edge, made unit
--   y = (b - o) minus its part along x, unit  the second edge, made square to x
--   z = x cross y                             the third axis follows
--
-- Points in the body's own ("local") coordinates then map to the world by
-- origin + lx x + ly y + lz z, so a box or a label can ride on the body.

local frame = {}

function frame.add(a, b) return { a[1] + b[1], a[2] + b[2], a[3] + b[3] } end
function frame.sub(a, b) return { a[1] - b[1], a[2] - b[2], a[3] - b[3] } end
function frame.scale(a, s) return { a[1] * s, a[2] * s, a[3] * s } end
function frame.dot(a, b) return a[1] * b[1] + a[2] * b[2] + a[3] * b[3] end
function frame.length(a) return math.sqrt(frame.dot(a, a)) end

function frame.cross(a, b)
    return { a[2] * b[3] - a[3] * b[2], a[3] * b[1] - a[1] * b[3], a[1] * b[2] - a[2] * b[1] }
end

--- a / |a|; a zero vector stays zero (no direction to keep).
function frame.normalize(a)
    local n = frame.length(a)
    if n == 0 then return { 0, 0, 0 } end
    return frame.scale(a, 1 / n)
end

--- A particle's position as a table {x, y, z}.
function frame.position(p)
    local x, y, z = p:pos()
    return { x, y, z }
end

--- The frame with origin o, x along a - o and y in the plane of o, a, b.
function frame.from_points(o, a, b)
    local x = frame.normalize(frame.sub(a, o))
    local e = frame.sub(b, o)
    local y = frame.normalize(frame.sub(e, frame.scale(x, frame.dot(e, x))))
    return { origin = { o[1], o[2], o[3] }, x = x, y = y, z = frame.cross(x, y) }
end

--- A frame whose x axis is `direction`, with y square to it and as close
-- to square to `up` as it can be: y = up cross x, made unit, and z = x cross y.
-- `up` defaults to +z (or +y when direction is along z), so for a chain in
-- the xy plane y is the in-plane normal and z points out of the picture.
function frame.along(origin, direction, up)
    local x = frame.normalize(direction)
    up = up or (math.abs(x[3]) < 0.9 and { 0, 0, 1 } or { 0, 1, 0 })
    local y = frame.normalize(frame.cross(up, x))
    if frame.length(y) == 0 then y = frame.normalize(frame.cross({ 1, 0, 0 }, x)) end
    return { origin = { origin[1], origin[2], origin[3] }, x = x, y = y, z = frame.cross(x, y) }
end

--- World coordinates of a point given in the frame's coordinates.
function frame.to_world(f, l)
    local o, x, y, z = f.origin, f.x, f.y, f.z
    return { o[1] + l[1] * x[1] + l[2] * y[1] + l[3] * z[1],
             o[2] + l[1] * x[2] + l[2] * y[2] + l[3] * z[2],
             o[3] + l[1] * x[3] + l[2] * y[3] + l[3] * z[3] }
end

--- The frame's coordinates of a world point (the axes are orthonormal, so
-- projecting on them inverts to_world).
function frame.to_local(f, p)
    local d = frame.sub(p, f.origin)
    return { frame.dot(d, f.x), frame.dot(d, f.y), frame.dot(d, f.z) }
end

return frame
