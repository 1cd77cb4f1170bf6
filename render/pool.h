/*
 * pool.h - a few threads that share out numbered jobs (render/ only).
 *
 * lr_pool_run hands the jobs 0 .. count-1 to the pool's threads and the
 * caller, each taking the next number when done with one, and returns when
 * every job is done. Which thread does a job varies from run to run, so a
 * job must give the same result on any thread (the raster's tiles do).
 */
#ifndef LOOM_RENDER_POOL_H
#define LOOM_RENDER_POOL_H

#include <stddef.h>

typedef struct lr_pool lr_pool;

/* A pool of `helpers` threads besides the caller's; NULL when none could be
 * started (the caller then runs every job itself). */
lr_pool *lr_pool_create(int helpers);
void lr_pool_destroy(lr_pool *pool);
/* Threads that run jobs, the caller's included: 1 for a NULL pool. */
int lr_pool_threads(const lr_pool *pool);

/* job(context, index, worker) for every index; worker is in [0, threads):
 * 0 for the caller. */
void lr_pool_run(lr_pool *pool, size_t count, void (*job)(void *context, size_t index, int worker),
                 void *context);

#endif
