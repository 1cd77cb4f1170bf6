/*
 * threads.h - the worker threads all the worlds of one loom process may use.
 *
 * A world made with loom.world{ threads = N } runs its batched solver on N
 * threads: itself and N - 1 workers it starts. Worker threads are memory
 * and process-table entries outside --memory, so the process counts them:
 * every world takes its workers from one budget (APP_MAX_WORKERS), and a
 * world that finds fewer left gets fewer (the same results on any number of
 * threads, docs/engine.md). Its workers go back when the world is
 * collected. The budget is made once by main and handed down to every scene
 * (app_limits), so the window's old and new scene share it.
 */
#ifndef LOOM_APP_THREADS_H
#define LOOM_APP_THREADS_H

#include <stdatomic.h>

/* Worker threads a loom process may run at once for its worlds. */
#define APP_MAX_WORKERS 64

typedef struct app_threads {
    atomic_int free; /* workers not taken */
} app_threads;

void app_threads_init(app_threads *threads, int workers);
/* Takes up to wanted workers; returns how many were taken (0..wanted). */
int app_threads_take(void *threads, int wanted);
/* Gives count workers back. */
void app_threads_give(void *threads, int count);

#endif
