build-asan/obj/app/watch.o: app/watch.c app/watch.h

app/watch.h:
