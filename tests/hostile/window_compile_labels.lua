-- hostile: the window, saved with a 9.5 MB scene of labels and gotos (compiling it took 39.6 s with no deadline): a save and Esc must still be answered within a second
-- mode: window
-- generate: lua5.4
-- args: --timeout 30 --memory 256
-- answers: 1
-- stderr: stopped: the scene's files changed (loom loads them again)
local out = {}
for f = 1, 15 do
    out[#out + 1] = "local function f" .. f .. "()"
    for i = 1, 30000 do
        out[#out + 1] = "::a" .. i .. ":: goto a" .. i
    end
    out[#out + 1] = "end"
end
out[#out + 1] = "return loom.world{}"
io.write(table.concat(out, "\n"), "\n")
