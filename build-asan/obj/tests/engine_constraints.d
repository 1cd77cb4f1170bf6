build-asan/obj/tests/engine_constraints.o: tests/engine_constraints.c \
  tests/../engine/loom.h tests/check.h

tests/../engine/loom.h:

tests/check.h:
