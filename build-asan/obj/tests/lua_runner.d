build-asan/obj/tests/lua_runner.o: tests/lua_runner.c \
  /usr/include/lua5.4/lauxlib.h /usr/include/lua5.4/luaconf.h \
  /usr/include/lua5.4/lua.h /usr/include/lua5.4/lualib.h \
  tests/../bindings/loom_lua.h tests/../bindings/../engine/loom.h \
  tests/../bindings/../engine/render/render.h \
  tests/../bindings/../engine/render/../loom.h

/usr/include/lua5.4/lauxlib.h:

/usr/include/lua5.4/luaconf.h:

/usr/include/lua5.4/lua.h:

/usr/include/lua5.4/lualib.h:

tests/../bindings/loom_lua.h:

tests/../bindings/../engine/loom.h:

tests/../bindings/../engine/render/render.h:

tests/../bindings/../engine/render/../loom.h:
