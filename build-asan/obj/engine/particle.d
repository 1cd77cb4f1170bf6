build-asan/obj/engine/particle.o: engine/particle.c engine/internal.h \
  engine/loom.h

engine/internal.h:

engine/loom.h:
