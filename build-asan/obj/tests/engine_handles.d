build-asan/obj/tests/engine_handles.o: tests/engine_handles.c \
  tests/../engine/loom.h tests/check.h

tests/../engine/loom.h:

tests/check.h:
