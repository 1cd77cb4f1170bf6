-- hostile: Lua 5.4.4 bug f623b969 (read overflow in 'l_strcmp'): comparing strings with < reads past their end when the collation says two strings of different lengths are equal; "C" never does. A scene has no os.setlocale; under --trust loom's does not honour a collation other than "C" or "POSIX" (it answers fail, as for a missing locale)
-- args: --trust --timeout 2 --memory 64
-- stderr: crash_lua_strcmp_locale_trusted.lua: the collation stays "C"
local w = loom.world{}
assert(os.setlocale("C.utf8", "collate") == nil)
assert(os.setlocale("C.utf8", "all") == nil)
assert(os.setlocale("", "collate") == nil)
assert(os.setlocale(nil, "collate") == "C")
assert(os.setlocale("C", "collate") == "C")
assert(os.setlocale("POSIX", "all") == "C")
assert(os.setlocale("C.utf8", "ctype") == "C.utf8")
assert(not pcall(os.setlocale, "C", "nonsense"))
assert(("a\0b" < "a\0c") and not ("a\0" < "a") and ("a" < "a\0"))
error("crash_lua_strcmp_locale_trusted.lua: the collation stays \"C\"", 0)
return w
