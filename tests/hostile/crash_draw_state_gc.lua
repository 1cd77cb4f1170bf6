-- hostile: the drawing state's __gc (--trust: debug.getregistry) called twice between pictures (harmless), then inside loom.draw (refused)
-- args: --trust --timeout 2 --memory 64
-- stderr: Lua warning: freed twice after picture 1
-- stderr: Lua warning: picture 2 drawn after the state was freed
-- stderr: crash_draw_state_gc.lua:34: cannot free the drawing state inside loom.draw
-- stderr: frames 0 to 1 are complete
-- absent: the state was freed inside loom.draw
local w = loom.world{}
w:particle{ pos = { 0, 0 } }
warn("@on")
local function drawing_state()
    for _, v in pairs(debug.getregistry()) do
        local mt = debug.getmetatable(v)
        if type(v) == "userdata" and mt and mt.__name == "loom.draw_state" then return v, mt end
    end
end
local pictures = 0
function loom.update()
    local state, mt = drawing_state()
    if state and pictures == 1 then
        mt.__gc(state)
        mt.__gc(state)
        warn("freed twice after picture 1")
    end
end
function loom.draw()
    pictures = pictures + 1
    loom.line({ 0, 0 }, { 1, 1 }, { width = 3 })
    loom.circle({ 0, 0 }, 0.5)
    loom.text({ 0, 0 }, "x")
    if pictures == 2 then warn("picture 2 drawn after the state was freed") end
    if pictures == 3 then
        local state, mt = drawing_state()
        mt.__gc(state)
        warn("the state was freed inside loom.draw")
    end
end
return w
