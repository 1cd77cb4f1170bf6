/*
 * threads.c - the process's budget of worker threads: a counter taken from
 * and given back to with compare-and-swap (worlds of two scenes may be made
 * and collected on one thread only, but the budget needs no lock either way).
 */
#include "threads.h"

void app_threads_init(app_threads *threads, int workers) {
    atomic_init(&threads->free, workers);
}

int app_threads_take(void *context, int wanted) {
    app_threads *threads = context;
    if (wanted <= 0)
        return 0;
    int free = atomic_load(&threads->free);
    int taken;
    do {
        taken = free < wanted ? free : wanted;
        if (taken <= 0)
            return 0;
    } while (!atomic_compare_exchange_weak(&threads->free, &free, free - taken));
    return taken;
}

void app_threads_give(void *context, int count) {
    app_threads *threads = context;
    if (count > 0)
        atomic_fetch_add(&threads->free, count);
}
