-- luacheck settings for loom's Lua: scenes, builders, tests and benches.
std = "lua54"
-- Scenes run inside loom, which provides `loom`; they set loom.update,
-- loom.keypressed, loom.keep and the other callbacks on it.
globals = { "loom" }
-- Callbacks and builder hooks have fixed signatures (loom.update(dt),
-- force(w, t), link(i, j, nu, nv)): not every one uses every argument.
unused_args = false
max_line_length = 130
