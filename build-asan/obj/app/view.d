build-asan/obj/app/view.o: app/view.c app/view.h \
  app/../engine/render/render.h app/../engine/render/../loom.h

app/view.h:

app/../engine/render/render.h:

app/../engine/render/../loom.h:
