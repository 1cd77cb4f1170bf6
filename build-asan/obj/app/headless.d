build-asan/obj/app/headless.o: app/headless.c app/app.h app/scene.h \
  app/../engine/loom.h app/../engine/render/render.h \
  app/../engine/render/../loom.h app/watch.h app/frame_writer.h

app/app.h:

app/scene.h:

app/../engine/loom.h:

app/../engine/render/render.h:

app/../engine/render/../loom.h:

app/watch.h:

app/frame_writer.h:
