/*
 * pool.c - the pool's threads wait for a run, take job numbers from a
 * shared counter under the lock, and the last one out wakes the caller.
 */
#include "pool.h"

#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>

typedef struct helper {
    struct lr_pool *pool;
    int worker;
    pthread_t thread;
} helper;

struct lr_pool {
    pthread_mutex_t lock;
    pthread_cond_t start; /* a run began, or the pool closes */
    pthread_cond_t done;  /* the last job of a run finished */
    helper *helpers;
    int helper_count;
    unsigned run; /* counts runs, so a helper takes part in each once */
    size_t next;  /* the next job number */
    size_t count; /* jobs of the current run */
    int active;   /* threads inside the current run */
    void (*job)(void *context, size_t index, int worker);
    void *context;
    bool closing;
};

/* Takes and runs jobs until none is left; called and returns with the lock held. */
static void work_locked(lr_pool *pool, int worker) {
    while (pool->next < pool->count) {
        size_t index = pool->next++;
        pthread_mutex_unlock(&pool->lock);
        pool->job(pool->context, index, worker);
        pthread_mutex_lock(&pool->lock);
    }
}

static void *serve(void *argument) {
    helper *h = argument;
    lr_pool *pool = h->pool;
    unsigned seen = 0;
    pthread_mutex_lock(&pool->lock);
    for (;;) {
        while (pool->run == seen && !pool->closing)
            pthread_cond_wait(&pool->start, &pool->lock);
        if (pool->closing)
            break;
        seen = pool->run;
        pool->active++;
        work_locked(pool, h->worker);
        if (--pool->active == 0)
            pthread_cond_broadcast(&pool->done);
    }
    pthread_mutex_unlock(&pool->lock);
    return NULL;
}

lr_pool *lr_pool_create(int helpers) {
    if (helpers < 1)
        return NULL;
    lr_pool *pool = calloc(1, sizeof *pool);
    if (!pool)
        return NULL;
    pool->helpers = calloc((size_t)helpers, sizeof(helper));
    if (!pool->helpers) {
        free(pool);
        return NULL;
    }
    pthread_mutex_init(&pool->lock, NULL);
    pthread_cond_init(&pool->start, NULL);
    pthread_cond_init(&pool->done, NULL);
    for (int i = 0; i < helpers; i++) {
        pool->helpers[i] = (helper){pool, i + 1, 0};
        if (pthread_create(&pool->helpers[i].thread, NULL, serve, &pool->helpers[i]) != 0)
            break;
        pool->helper_count++;
    }
    if (pool->helper_count == 0) {
        lr_pool_destroy(pool);
        return NULL;
    }
    return pool;
}

void lr_pool_destroy(lr_pool *pool) {
    if (!pool)
        return;
    pthread_mutex_lock(&pool->lock);
    pool->closing = true;
    pthread_cond_broadcast(&pool->start);
    pthread_mutex_unlock(&pool->lock);
    for (int i = 0; i < pool->helper_count; i++)
        pthread_join(pool->helpers[i].thread, NULL);
    pthread_cond_destroy(&pool->start);
    pthread_cond_destroy(&pool->done);
    pthread_mutex_destroy(&pool->lock);
    free(pool->helpers);
    free(pool);
}

int lr_pool_threads(const lr_pool *pool) {
    return pool ? pool->helper_count + 1 : 1;
}

void lr_pool_run(lr_pool *pool, size_t count, void (*job)(void *context, size_t index, int worker),
                 void *context) {
    if (!pool || count < 2) {
        for (size_t i = 0; i < count; i++)
            job(context, i, 0);
        return;
    }
    pthread_mutex_lock(&pool->lock);
    pool->job = job;
    pool->context = context;
    pool->next = 0;
    pool->count = count;
    pool->run++;
    pool->active++;
    pthread_cond_broadcast(&pool->start);
    work_locked(pool, 0);
    pool->active--;
    /* Helpers still finishing a job of this run: wait for the last. A
     * helper that has not woken yet finds no job left and leaves at once. */
    while (pool->active > 0)
        pthread_cond_wait(&pool->done, &pool->lock);
    pool->count = 0;
    pthread_mutex_unlock(&pool->lock);
}
