build-asan/obj/engine/world.o: engine/world.c engine/internal.h \
  engine/loom.h

engine/internal.h:

engine/loom.h:
