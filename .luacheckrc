-- luacheck settings for loom's Lua: scenes, builders, tests and benches.
-- Use it for your own scenes too (one line, from anywhere):
--   luacheck --config /path/to/loom/.luacheckrc my_scene.lua
std = "lua54+loom"
-- The loom module, field by field, so that luacheck rejects loom.wrold. It
-- matches docs/lua/loom.d.lua (tests/lua/test_definitions.lua checks both
-- against what the bindings register). Scenes may define the callbacks and
-- write into loom.keep; everything else is read-only.
local function fields(names)
    local t = {}
    for _, name in ipairs(names) do t[name] = {} end
    return t
end
local loom_fields = fields {
    "world", "camera", "style", "label", "title", "labels", "line", "arrow", "circle", "polygon", "polyline",
    "text", "plot", "show", "record", "param", "keys", "handles", "vec", "random", "noise", "version",
    "key_down", "mouse",
    "read",
}
for _, callback in ipairs { "update", "finish", "keypressed", "keyreleased", "mousepressed",
                            "mousereleased", "draw" } do
    loom_fields[callback] = { read_only = false }
end
loom_fields.keep = { read_only = false, other_fields = true }
loom_fields.version = { other_fields = true } -- a string: loom.version:match(...)
stds.loom = { read_globals = { loom = { fields = loom_fields } } }
-- Callbacks and builder hooks have fixed signatures (loom.update(dt),
-- force(w, t), link(i, j, nu, nv)): not every one uses every argument.
unused_args = false
max_line_length = 130
