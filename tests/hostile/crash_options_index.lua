-- hostile: loom.plot and loom.param read their options with lua_getfield: an __index made up a fresh string for every field asked, loom kept its pointer after popping it, and a collection freed it while still in use (ASan at bindings/lua_plot.c:45 and bindings/lua_param.c:203; silent in a normal build). Options are read raw: the __index never runs, and the calls see an empty table
-- mode: sim
-- exit: 0
-- stderr: Lua warning: options read raw: loom.param gave 40, no __index ran
local asked = 0
local function options()
    return setmetatable({}, {
        __index = function(_, key)
            asked = asked + 1
            local garbage = {}
            for i = 1, 2000 do garbage[i] = string.rep("x", 64) .. i end -- a collection now and then
            return string.rep("#", 7) .. tostring(key)
        end,
    })
end
local w = loom.world{}
local param_value
for _ = 1, 50 do
    loom.plot("energy", 1.5, options())
    param_value = loom.param("k", 40, options())
end
assert(asked == 0, "an options __index ran " .. asked .. " times")
warn("@on")
warn(string.format("options read raw: loom.param gave %g, no __index ran", param_value))
return w
