build-asan/obj/app/frame_writer.o: app/frame_writer.c app/frame_writer.h \
  app/../engine/render/render.h app/../engine/render/../loom.h

app/frame_writer.h:

app/../engine/render/render.h:

app/../engine/render/../loom.h:
