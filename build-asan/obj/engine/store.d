build-asan/obj/engine/store.o: engine/store.c engine/internal.h \
  engine/loom.h

engine/internal.h:

engine/loom.h:
