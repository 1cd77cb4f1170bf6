build-asan/obj/bindings/lua_constraint.o: bindings/lua_constraint.c \
  bindings/lua_internal.h /usr/include/lua5.4/lauxlib.h \
  /usr/include/lua5.4/luaconf.h /usr/include/lua5.4/lua.h \
  bindings/loom_lua.h bindings/../engine/loom.h \
  bindings/../engine/render/render.h bindings/../engine/render/../loom.h

bindings/lua_internal.h:

/usr/include/lua5.4/lauxlib.h:

/usr/include/lua5.4/luaconf.h:

/usr/include/lua5.4/lua.h:

bindings/loom_lua.h:

bindings/../engine/loom.h:

bindings/../engine/render/render.h:

bindings/../engine/render/../loom.h:
