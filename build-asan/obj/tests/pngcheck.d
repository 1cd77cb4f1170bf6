build-asan/obj/tests/pngcheck.o: tests/pngcheck.c
