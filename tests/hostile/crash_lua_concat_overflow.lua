-- hostile: Lua 5.4.4 bug 5853c37a (buffer overflow in string concatenation): a concatenation whose total length is within 24 bytes of 2^63 overflowed the size of the new string. No scene gets there: a concatenation joins at most 250 strings of at most --memory bytes each; this one asks for 72 MiB and meets the memory limit
-- stderr: crash_lua_concat_overflow.lua:5: the script went over its memory limit of 64 MiB (raise it with --memory)
local w = loom.world{}
local s = string.rep("x", 1 << 23)
local t = s .. s .. s .. s .. s .. s .. s .. s .. s
return w
