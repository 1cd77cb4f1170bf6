/* pool.h - a persistent pool of threads (pool.c). Only the engine's own
 * files include it */
#ifndef LOOM_POOL_H
#define LOOM_POOL_H

#include <stdint.h>

#include "memory.h"

typedef struct lm_pool lm_pool;

/* lm_pool_run calls fn on every thread
 * (the caller is thread 0) and returns when all returned. */
typedef void (*lm_pool_fn)(void *context, int thread, int threads);
lm_pool *lm_pool_create(int threads, lm_memory *memory);
void lm_pool_destroy(lm_pool *pool);
int lm_pool_threads(const lm_pool *pool);
void lm_pool_run(lm_pool *pool, lm_pool_fn fn, void *context);
/* Inside a task: waits until every thread of the pool reached it. */
void lm_pool_barrier(lm_pool *pool);
/* fn(context, lo, hi) over 0 .. count - 1: cut into fixed contiguous parts,
 * one per thread of the pool, when there are LM_POOL_RANGE_MIN items per
 * thread or more, else one call on the calling thread (pool may be NULL).
 * For loops whose items are independent: the same bits either way. */
enum { LM_POOL_RANGE_MIN = 4096 };
typedef void (*lm_range_fn)(void *context, uint32_t lo, uint32_t hi);
void lm_pool_for(lm_pool *pool, uint32_t count, lm_range_fn fn, void *context);

#endif
