/* pool.c - a persistent pool of worker threads (C11 <threads.h>) for the
 * batched solver. lm_pool_run hands one function to every thread (the caller
 * is thread 0) and returns when all of them finished: one barrier per call,
 * no thread created per batch. Waiting spins briefly, then sleeps on a
 * condition variable, so a pool on a busy machine does not burn a core. */
#include <assert.h>
#include <stdatomic.h>
#include <threads.h>

#include "memory.h"
#include "pool.h"

/* Waiting: SPINS loads of the flag, then up to YIELDS turns offered to other
 * threads (a caller and its worker sharing a busy core get to run in turn),
 * then sleep. Batches follow each other within microseconds, so most waits
 * end while spinning or yielding; a sleeping thread costs a wake-up. */
enum { SPINS = 4096, YIELDS = 2048 };

typedef struct worker_start {
    lm_pool *pool;
    int index;
} worker_start;

struct lm_pool {
    int threads; /* the caller included */
    lm_memory *memory;
    thrd_t *workers;
    worker_start *starts; /* what each worker is handed (owned by the pool: a worker
                             thread never calls the world's allocator) */
    int started;
    mtx_t lock;
    cnd_t wake, done;
    atomic_uint generation; /* bumped by each run */
    atomic_int remaining;   /* workers still in the current run */
    atomic_bool quit;
    atomic_uint arrived, phase; /* lm_pool_barrier */
    lm_pool_fn fn;
    void *context;
};

static int worker(void *arg) {
    worker_start start = *(worker_start *)arg;
    lm_pool *pool = start.pool;
    unsigned seen = 0;
    for (;;) {
        unsigned now = atomic_load_explicit(&pool->generation, memory_order_acquire);
        for (int spin = 0; now == seen && spin < SPINS + YIELDS; spin++) {
            if (spin >= SPINS) {
                thrd_yield();
            }
            now = atomic_load_explicit(&pool->generation, memory_order_acquire);
        }
        if (now == seen) {
            mtx_lock(&pool->lock);
            while ((now = atomic_load(&pool->generation)) == seen && !atomic_load(&pool->quit)) {
                cnd_wait(&pool->wake, &pool->lock);
            }
            mtx_unlock(&pool->lock);
        }
        if (atomic_load(&pool->quit)) {
            return 0;
        }
        seen = now;
        pool->fn(pool->context, start.index, pool->threads);
        if (atomic_fetch_sub_explicit(&pool->remaining, 1, memory_order_acq_rel) == 1) {
            mtx_lock(&pool->lock);
            cnd_signal(&pool->done);
            mtx_unlock(&pool->lock);
        }
    }
}

/* Frees what lm_pool_create allocated (and, with the threads joined, everything). */
static void discard(lm_pool *pool) {
    lm_memory *memory = pool->memory;
    lm_memory_free(memory, pool->workers);
    lm_memory_free(memory, pool->starts);
    lm_memory_free(memory, pool);
}

void lm_pool_destroy(lm_pool *pool) {
    if (!pool) {
        return;
    }
    mtx_lock(&pool->lock);
    atomic_store(&pool->quit, true);
    cnd_broadcast(&pool->wake);
    mtx_unlock(&pool->lock);
    for (int i = 0; i < pool->started; i++) {
        thrd_join(pool->workers[i], NULL);
    }
    cnd_destroy(&pool->done);
    cnd_destroy(&pool->wake);
    mtx_destroy(&pool->lock);
    discard(pool);
}

lm_pool *lm_pool_create(int threads, lm_memory *memory) {
    assert(threads >= 2 && threads <= LM_MAX_THREADS);
    lm_pool *pool = lm_memory_zeroed(memory, 1, sizeof *pool);
    if (!pool) {
        return NULL;
    }
    pool->memory = memory;
    pool->workers = lm_memory_zeroed(memory, (size_t)threads - 1, sizeof *pool->workers);
    pool->starts = lm_memory_zeroed(memory, (size_t)threads - 1, sizeof *pool->starts);
    if (!pool->workers || !pool->starts || mtx_init(&pool->lock, mtx_plain) != thrd_success) {
        discard(pool);
        return NULL;
    }
    if (cnd_init(&pool->wake) != thrd_success) {
        mtx_destroy(&pool->lock);
        discard(pool);
        return NULL;
    }
    if (cnd_init(&pool->done) != thrd_success) {
        cnd_destroy(&pool->wake);
        mtx_destroy(&pool->lock);
        discard(pool);
        return NULL;
    }
    pool->threads = threads;
    atomic_init(&pool->generation, 0);
    atomic_init(&pool->remaining, 0);
    atomic_init(&pool->quit, false);
    atomic_init(&pool->arrived, 0);
    atomic_init(&pool->phase, 0);
    for (int i = 1; i < threads; i++) {
        worker_start *start = &pool->starts[i - 1];
        start->pool = pool;
        start->index = i;
        if (thrd_create(&pool->workers[i - 1], worker, start) != thrd_success) {
            lm_pool_destroy(pool);
            return NULL;
        }
        pool->started++;
    }
    return pool;
}

/* Sense-reversing barrier: the phase is read before arriving, so the last
 * thread's bump cannot be missed; waiting spins, then yields (never sleeps:
 * a task that uses barriers is short). */
void lm_pool_barrier(lm_pool *pool) {
    unsigned phase = atomic_load_explicit(&pool->phase, memory_order_acquire);
    if (atomic_fetch_add_explicit(&pool->arrived, 1, memory_order_acq_rel) + 1 ==
        (unsigned)pool->threads) {
        atomic_store_explicit(&pool->arrived, 0, memory_order_relaxed);
        atomic_fetch_add_explicit(&pool->phase, 1, memory_order_release);
        return;
    }
    for (int spin = 0; atomic_load_explicit(&pool->phase, memory_order_acquire) == phase; spin++) {
        if (spin >= SPINS) {
            thrd_yield();
        }
    }
}

int lm_pool_threads(const lm_pool *pool) {
    return pool->threads;
}

void lm_pool_run(lm_pool *pool, lm_pool_fn fn, void *context) {
    pool->fn = fn;
    pool->context = context;
    atomic_store_explicit(&pool->remaining, pool->threads - 1, memory_order_relaxed);
    atomic_fetch_add_explicit(&pool->generation, 1, memory_order_release);
    mtx_lock(&pool->lock);
    cnd_broadcast(&pool->wake);
    mtx_unlock(&pool->lock);
    fn(context, 0, pool->threads);
    for (int spin = 0;
         spin < SPINS + YIELDS && atomic_load_explicit(&pool->remaining, memory_order_acquire) != 0;
         spin++) {
        if (spin >= SPINS) {
            thrd_yield();
        }
    }
    if (atomic_load_explicit(&pool->remaining, memory_order_acquire) != 0) {
        mtx_lock(&pool->lock);
        while (atomic_load(&pool->remaining) != 0) {
            cnd_wait(&pool->done, &pool->lock);
        }
        mtx_unlock(&pool->lock);
    }
}

typedef struct range_job {
    lm_range_fn fn;
    void *context;
    uint32_t count;
} range_job;

static void range_task(void *context, int thread, int threads) {
    const range_job *job = context;
    uint64_t n = job->count;
    job->fn(job->context, (uint32_t)(n * (uint64_t)thread / (uint64_t)threads),
            (uint32_t)(n * (uint64_t)(thread + 1) / (uint64_t)threads));
}

void lm_pool_for(lm_pool *pool, uint32_t count, lm_range_fn fn, void *context) {
    if (!pool || count < (uint64_t)pool->threads * LM_POOL_RANGE_MIN) {
        fn(context, 0, count);
        return;
    }
    range_job job = {fn, context, count};
    lm_pool_run(pool, range_task, &job);
}
