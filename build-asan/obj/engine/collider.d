build-asan/obj/engine/collider.o: engine/collider.c engine/internal.h \
  engine/loom.h

engine/internal.h:

engine/loom.h:
