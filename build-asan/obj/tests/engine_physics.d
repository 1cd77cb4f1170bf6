build-asan/obj/tests/engine_physics.o: tests/engine_physics.c \
  tests/../engine/loom.h tests/check.h

tests/../engine/loom.h:

tests/check.h:
