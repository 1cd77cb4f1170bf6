build-asan/obj/engine/integrate.o: engine/integrate.c engine/internal.h \
  engine/loom.h

engine/internal.h:

engine/loom.h:
