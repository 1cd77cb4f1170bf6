-- hostile: Lua 5.4.4 bugs out of a scene's reach, by upstream's tests where they exist: ab859fe5 (a corrupted binary chunk, testes/calls.lua: refused, as every binary chunk), a1f77a23 (the generational collector's pause: the sandbox allows collectgarbage("count") only), ae9a0cbb (overlapping union assignments in the compiler: Debian's build copies right, code through both paths computes what it says), 5853c37a (a concatenation within 24 bytes of 2^63: at most 250 strings of at most --memory bytes; this one asks for 72 MiB and meets the memory limit)
-- stderr: crash_lua_out_of_reach.lua:24: the script went over its memory limit of 64 MiB (raise it with --memory)
local w = loom.world{}
local code =
 "\x1b\x4c\x75\x61\x54\x00\x19\x93\x0d\x0a\x1a\x0a\x04\x08\x08\x78\x56\z
  \x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x28\x77\x40\x00\x86\x40\z
  \x74\x65\x6d\x70\x81\x81\x01\x00\x02\x82\x48\x00\x02\x00\xc7\x00\x01\z
  \x00\x80\x80\x80\x82\x00\x00\x80\x81\x82\x78\x80\x82\x81\x86\x40\x74\z
  \x65\x6d\x70"
local f, message = load(code)
assert(f == nil and message:find("loom loads Lua text only", 1, true), message)
local g, message2 = load(code, "x", "t")
assert(g == nil and message2 == "attempt to load a binary chunk (mode is 't')", message2)
local ok, message3 = pcall(collectgarbage, "generational")
assert(not ok and message3:find("'generational' is not allowed", 1, true), message3)
local u = {x = 1, y = 2, [3] = 3}
local function sum(a, b, c)
  local l1, l2, l3 = a, b, c
  return u.x + u.y + u[3] + l1 * l2 - l3, u["x"], (l1)
end
local r1, r2, r3 = sum(4, 5, 6)
assert(r1 == 6 + 20 - 6 and r2 == 1 and r3 == 4)
local s = string.rep("x", 1 << 23)
local t = s .. s .. s .. s .. s .. s .. s .. s .. s
return w
