build-asan/obj/app/main.o: app/main.c app/app.h app/scene.h \
  app/../engine/loom.h app/../engine/render/render.h \
  app/../engine/render/../loom.h app/watch.h

app/app.h:

app/scene.h:

app/../engine/loom.h:

app/../engine/render/render.h:

app/../engine/render/../loom.h:

app/watch.h:
