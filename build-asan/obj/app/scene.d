build-asan/obj/app/scene.o: app/scene.c app/scene.h app/../engine/loom.h \
  app/../engine/render/render.h app/../engine/render/../loom.h \
  app/watch.h /usr/include/lua5.4/lauxlib.h \
  /usr/include/lua5.4/luaconf.h /usr/include/lua5.4/lua.h \
  /usr/include/lua5.4/lualib.h app/../bindings/loom_lua.h \
  app/../bindings/../engine/loom.h \
  app/../bindings/../engine/render/render.h app/keys.h

app/scene.h:

app/../engine/loom.h:

app/../engine/render/render.h:

app/../engine/render/../loom.h:

app/watch.h:

/usr/include/lua5.4/lauxlib.h:

/usr/include/lua5.4/luaconf.h:

/usr/include/lua5.4/lua.h:

/usr/include/lua5.4/lualib.h:

app/../bindings/loom_lua.h:

app/../bindings/../engine/loom.h:

app/../bindings/../engine/render/render.h:

app/keys.h:
