build-asan/obj/engine/render/camera.o: engine/render/camera.c \
  engine/render/render.h engine/render/../loom.h

engine/render/render.h:

engine/render/../loom.h:
