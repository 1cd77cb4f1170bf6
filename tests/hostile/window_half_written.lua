-- hostile: a half-written save (an editor or a copy caught in the middle): the file ends inside a table
-- mode: window
-- stderr: window_half_written.lua:6: unexpected symbol near <eof>
local w = loom.world{}
w:particle{pos = {0, 0},
