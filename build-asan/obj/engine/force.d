build-asan/obj/engine/force.o: engine/force.c engine/internal.h \
  engine/loom.h

engine/internal.h:

engine/loom.h:
