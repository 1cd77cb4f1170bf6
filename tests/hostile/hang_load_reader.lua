-- hostile: load with a reader function that returns 9.5 MB of labels and gotos in one piece: Lua's parser compiled it without asking the clock (only a string chunk was read in pieces) (Lua 5.4.4 compiles it in 8 s of processor time here; 39.6 s on the attacker's machine). Building the text takes 0.3 s, so the line where the limit hits depends on the load: only the message is checked
-- stderr: script ran for more than 2 s (raise it with --timeout)
-- absent: the watchdog ended the run
local out = {}
for f = 1, 15 do
    out[#out + 1] = "local function f" .. f .. "()"
    for i = 1, 30000 do
        out[#out + 1] = "::a" .. i .. ":: goto a" .. i
    end
    out[#out + 1] = "end"
end
local text = table.concat(out, "\n")
out = nil
local given = false
local f = load(function()
    if given then return nil end
    given = true
    return text
end)
return f and loom.world{}
