-- hostile: Lua 5.4.4 bug ab859fe5 (loading a corrupted binary file can segfault): upstream's corrupted chunk (testes/calls.lua) is refused, as every binary chunk (Lua does not verify bytecode)
-- stderr: attempt to load a binary chunk (loom loads Lua text only: Lua does not check bytecode, and a crafted chunk crashes it)
local w = loom.world{}
local code =
 "\x1b\x4c\x75\x61\x54\x00\x19\x93\x0d\x0a\x1a\x0a\x04\x08\x08\x78\x56\z
  \x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x28\x77\x40\x00\x86\x40\z
  \x74\x65\x6d\x70\x81\x81\x01\x00\x02\x82\x48\x00\x02\x00\xc7\x00\x01\z
  \x00\x80\x80\x80\x82\x00\x00\x80\x81\x82\x78\x80\x82\x81\x86\x40\x74\z
  \x65\x6d\x70"
local f, message = load(code)
assert(f == nil)
local g, message2 = load(code, "x", "t")
assert(g == nil and message2 == "attempt to load a binary chunk (mode is 't')", message2)
error(message, 0)
return w
