---@meta loom
-- LuaLS definitions for loom's Lua API (docs/lua-api.md is the reference).
-- Point your editor at this folder (see docs/lua/.luarc.json) for completion,
-- signatures and type checks. tests/lua/test_definitions.lua checks that every
-- function and method loom registers is declared here and nothing more.

---@alias loom.vector number[]|loom.vec  {x, y [, z]} or a loom.vec
---@alias loom.color string|number[]  "#rrggbb", "#rrggbbaa", a name, or {r, g, b [, a]} in 0..1

---@class loom.vec
---@field x number
---@field y number
---@field z number
---@operator add(loom.vector): loom.vec
---@operator sub(loom.vector): loom.vec
---@operator mul(number): loom.vec
---@operator div(number): loom.vec
---@operator unm: loom.vec
local vec = {}
---@param b loom.vector
---@return number
function vec:dot(b) end
---@param b loom.vector
---@return loom.vec
function vec:cross(b) end
---@return number
function vec:len() end
---@return loom.vec
function vec:norm() end
---@return number x, number y, number z
function vec:unpack() end

---@class loom.world
local world = {}
---@param n? integer steps (default 1)
function world:step(n) end
---@return number seconds
function world:time() end
---@return table
function world:settings() end
---@param settings table
function world:set(settings) end
---@return table
function world:stats() end
---@return loom.constraint[]
function world:broken() end
---@return loom.particle[]
function world:particles() end
---@param particles? loom.particle[]
---@return {kinetic: number, potential: number, elastic: number, total: number}
function world:energy(particles) end
---@param particles? loom.particle[]
---@return number px, number py, number pz
function world:momentum(particles) end
---@param particles? loom.particle[] nil for every particle
---@param about? loom.vector the point (default the origin)
---@return number Lx, number Ly, number Lz kg m^2/s
function world:angular_momentum(particles, about) end
---@param particles? loom.particle[]
---@return number? x, number? y, number? z
function world:center_of_mass(particles) end
---@param particles loom.particle[] four particles
---@param weights number[] c1..c4, summing to 1
---@param radius? number m
function world:embed_point(particles, weights, radius) end
---@param object loom.particle|loom.constraint|loom.force|loom.collider
function world:remove(object) end
---@param options? {pos?: loom.vector, vel?: loom.vector, mass?: number, radius?: number, color?: loom.color, group?: integer}
---@return loom.particle
function world:particle(options) end
---@param a loom.particle
---@param b loom.particle
---@param options? {rest?: number, stiffness?: number, compliance?: number, sqrt_approx?: boolean, break_strain?: number, look?: string, color?: loom.color}
---@return loom.constraint
function world:stick(a, b, options) end
---@param a loom.particle
---@param b loom.particle
---@param options? {min?: number, max?: number, stiffness?: number, compliance?: number, look?: string, color?: loom.color}
---@return loom.constraint
function world:rope(a, b, options) end
---@param a loom.particle
---@param b loom.particle
---@param c loom.particle
---@param options? {min?: number, max?: number, signed?: boolean, stiffness?: number}
---@return loom.constraint
function world:angle(a, b, c, options) end
---@param particles loom.particle[]
---@param options? {scale?: number, stiffness?: number}
---@return loom.constraint
function world:area(particles, options) end
---@param particles loom.particle[]
---@param triangles integer[][]
---@param options? {scale?: number, stiffness?: number}
---@return loom.constraint
function world:volume(particles, triangles, options) end
---@param a loom.particle
---@param b loom.particle
---@param c loom.particle
---@return loom.constraint
function world:face(a, b, c) end
---@param a loom.particle
---@param target? loom.vector
---@return loom.constraint
function world:pin(a, target) end
---@param a loom.particle
---@param b loom.particle
---@param options? {k?: number, damping?: number, rest?: number, look?: string, color?: loom.color}
---@return loom.force
function world:spring(a, b, options) end
---@param kind_or_fn "gravity"|"drag"|fun(world: loom.world, t: number)
---@param value? number|loom.vector
---@return loom.force
function world:force(kind_or_fn, value) end
---@param kind_or_fn "uniform"|"wind"|"attractor"|"vortex"|"drag"|fun(x: number, y: number, z: number, vx: number, vy: number, vz: number, t: number, i: integer): number, number, number
---@param options? table particles, group and the kind's own fields (docs/lua-api.md, Force fields); a function field's potential = fun(x, y, z, t, i): number (J)
---@return loom.force
function world:field(kind_or_fn, options) end
---@param options {min: loom.vector, max: loom.vector, restitution?: number, friction?: number}
---@return loom.collider
function world:box(options) end
---@param options? table point, normal, restitution, friction, ...
---@return loom.collider
function world:plane(options) end
---@param options table center, radius, ...
---@return loom.collider
function world:sphere(options) end
---@param options table center, size, angle, axis, ...
---@return loom.collider
function world:obb(options) end
---@param options table a, b, radius, ...
---@return loom.collider
function world:capsule(options) end

---@class loom.particle
local particle = {}
---@return number x, number y, number z
function particle:pos() end
---@param x number|loom.vec
---@param y? number
---@param z? number
function particle:set_pos(x, y, z) end
---@return number vx, number vy, number vz
function particle:vel() end
---@param x number|loom.vec
---@param y? number
---@param z? number
function particle:set_vel(x, y, z) end
---@return loom.vec
function particle:position() end
---@return loom.vec
function particle:velocity() end
---@return number
function particle:mass() end
---@param m number
function particle:set_mass(m) end
---@return number
function particle:radius() end
---@param r number
function particle:set_radius(r) end
---@return number? r, number g, number b, number a
function particle:color() end
---@param c loom.color?
function particle:set_color(c) end
---@return number fx, number fy, number fz
function particle:force() end
---@param fx number
---@param fy number
---@param fz? number
function particle:add_force(fx, fy, fz) end
---@return number?
function particle:friction() end
---@param mu number?
function particle:set_friction(mu) end
---@return number?
function particle:restitution() end
---@param e number?
function particle:set_restitution(e) end
---@return integer[]
function particle:mask() end
---@param groups integer[]?
function particle:set_mask(groups) end
---@return loom.collider? collider, number nx, number ny, number nz
function particle:contact() end
---@param options table|false {seconds, color, width, fade, strobe} or false
function particle:trail(options) end
---@param kind "velocity"|"force"|"acceleration"
---@param options? table|false {scale, color, width} or false
function particle:arrow(kind, options) end
---@return boolean
function particle:valid() end

---@class loom.constraint
local constraint = {}
---@return string
function constraint:kind() end
---@return loom.particle ...
function constraint:particles() end
---@return number
function constraint:rest() end
---@return number min, number max
function constraint:limits() end
---@return number
function constraint:value() end
---@return number
function constraint:error() end
---@return boolean
function constraint:broken() end
---@return number? tension N (a stick or rope solved exactly or with compliance), or nil
function constraint:force() end
function constraint:remove() end
---@return number x, number y, number z
function constraint:target() end
---@param x number
---@param y number
---@param z? number
function constraint:set_target(x, y, z) end
---@return string name, number? r, number? g, number? b, number? a
function constraint:look() end
---@param look string
---@param color? loom.color
function constraint:set_look(look, color) end
---@return boolean
function constraint:valid() end

---@class loom.force
local force = {}
---@return "gravity"|"drag"|"spring"|"callback"|"field"
function force:kind() end
---@return loom.particle? a, loom.particle? b
function force:particles() end
---@return string name, number? r, number? g, number? b, number? a
function force:look() end
---@return boolean
function force:valid() end

---@class loom.collider
local collider = {}
---@return "box"|"plane"|"sphere"|"obb"|"capsule"
function collider:kind() end
---@return number x, number y, number z
function collider:pos() end
---@param x number
---@param y number
---@param z? number
function collider:set_pos(x, y, z) end
---@return number degrees, number ax, number ay, number az
function collider:angle() end
---@param degrees number
---@param axis? loom.vector
function collider:set_angle(degrees, axis) end
---@return table
function collider:get() end
---@param options table
function collider:set(options) end
---@param x number
---@param y number
---@param z? number
---@return number
function collider:distance(x, y, z) end
---@param a loom.vector
---@param b loom.vector
---@param c loom.vector
---@return number
function collider:triangle_depth(a, b, c) end
---@return loom.particle[]
function collider:contacts() end
function collider:remove() end
---@return boolean
function collider:valid() end

---@class loom.label
local label = {}
---@param options table
function label:set(options) end
---@return table
function label:get() end
function label:remove() end
---@return boolean
function label:valid() end

---@class loom
loom = {}
---@type string
loom.version = ""
---A table that survives hot reloads (the window).
---@type table
loom.keep = {}
---@param options? table gravity, integrator, iterations, substeps, damping, dt, name (captions and plot series), ...
---@return loom.world
function loom.world(options) end
---@param options table projection, target, yaw, pitch, height, fov
function loom.camera(options) end
---Default colours and line weight: theme = "light" | "dark" | "print", then
---background, ink, stick, spring, pin, rope, chain, particle, grid, solid,
---surface (colours), weight (line widths x, 0.25 to 4) and scale (text,
---lines and markers x, 0.5 to 4: for the back row of a room) over it.
---@param options table
function loom.style(options) end
---@param options table text, at | screen, offset, size, color, align, panel, bold
---@return loom.label
function loom.label(options) end
---@param text string
---@param options? table
---@return loom.label
function loom.title(text, options) end
---@return loom.label[]
function loom.labels() end
---@param from loom.vector
---@param to loom.vector
---@param style? table
function loom.line(from, to, style) end
---@param from loom.vector
---@param vector loom.vector
---@param style? table
function loom.arrow(from, vector, style) end
---@param center loom.vector
---@param radius number
---@param style? table
function loom.circle(center, radius, style) end
---@param points loom.vector[]
---@param style? table
function loom.polygon(points, style) end
---@param points loom.vector[]
---@param style? table
function loom.polyline(points, style) end
---@param at loom.vector
---@param text string|number
---@param style? table
function loom.text(at, text, style) end
---A sample of value against time, or with options.vs = x against x (a
---trajectory, a phase portrait). Options: panel, color, unit, range = {low,
---high} (values), x_range = {low, high} (time or x), vs, x_label, line =
---"default" | "solid" | "dashed" | "dotted" | "dashdot" | "none", marker =
---"none" | "circle" | "square" | "triangle" | "diamond" | "cross" | "plus",
---width (points), world = w (the series is "name (w's name)", at w's time).
---@param name string
---@param value number
---@param options? table
function loom.plot(name, value, options) end
---Shows several worlds (1 to 8), each stepped by loom at its own dt and drawn
---with its trails, arrows and labels: side by side (layout = "side", the
---default: equal columns, one camera, each world's name under its column)
---or in one picture (layout = "overlay"). Call it while the scene loads;
---`return w1, w2` shows them side by side too. Also loom.show({w1, w2}, options).
---@param ... loom.world|loom.world[]|table worlds, then { layout = "side"|"overlay" }
function loom.show(...) end
---A column of the --csv table that is not drawn: a number (one sample at
---the world's time) or a function loom calls once per frame with the time.
---@param name string
---@param value number|fun(t: number): number?
---@param options? { unit?: string }
function loom.record(name, value, options) end
---A value from --set or the window's slider, else default. With only a name,
---the current value of a parameter declared before (a live one's slider
---moves it while the scene runs).
---@param name string
---@param default? number|boolean|string
---@param options? table min, max, step, label, live (boolean: the slider changes the running scene)
---@return number|boolean|string
function loom.param(name, default, options) end
---@param keys table<string, string>
function loom.keys(keys) end
---An empty list of handles: a table that keeps particles, constraints, forces
---and colliders put in at #list + 1 in 4 bytes or less each (index, #,
---ipairs, pairs and the table library work; any other write turns it into a
---plain table first; next and rawget see it empty).
---@return table
function loom.handles() end
---@param x number|number[]|loom.vec
---@param y? number
---@param z? number
---@return loom.vec
function loom.vec(x, y, z) end
---@param m? integer
---@param n? integer
---@return number
function loom.random(m, n) end
---@param x number
---@param y? number
---@param z? number
---@return number in [-1, 1]
function loom.noise(x, y, z) end
---@param key string
---@return boolean
function loom.key_down(key) end
---@return number? x, number y, number z
function loom.mouse() end
---The text of a file in the scene's folder (at most 16 MiB).
---@param name string a path relative to the scene's folder, without '..'
---@return string text
function loom.read(name) end

-- Callbacks a scene may define (loom calls them).
---@type fun(dt: number)?
loom.update = nil
---@type fun()?
loom.finish = nil
---@type fun(key: string): boolean?
loom.keypressed = nil
---@type fun(key: string): boolean?
loom.keyreleased = nil
---@type fun(x: number, y: number, button: integer): boolean?
loom.mousepressed = nil
---@type fun(x: number, y: number, button: integer): boolean?
loom.mousereleased = nil
---@type fun()?
loom.draw = nil

return loom
