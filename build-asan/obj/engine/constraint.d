build-asan/obj/engine/constraint.o: engine/constraint.c engine/internal.h \
  engine/loom.h

engine/internal.h:

engine/loom.h:
