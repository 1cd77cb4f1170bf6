/*
 * frame_writer.c - a small pool of threads writing PNG frames.
 *
 * One mutex guards the slots and the queue; a slot is "busy" from submit
 * until a thread has written it, and only the main thread touches a slot's
 * renderer while it is not busy.
 */
#include "frame_writer.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The slots may use about this much memory together. */
#define SLOT_MEMORY_BUDGET ((size_t)256 << 20)
/* Bytes per pixel of one renderer: the picture plus a canvas four times as large. */
#define RENDERER_BYTES_PER_PIXEL 20

typedef struct slot {
    lm_renderer *renderer;
    char *path;
    bool busy; /* queued or being written */
} slot;

struct frame_writer {
    pthread_mutex_t lock;
    pthread_cond_t queued;  /* a slot was queued, or the writer is closing */
    pthread_cond_t written; /* a slot was written (or failed) */
    slot *slots;
    int slot_count;
    int *queue; /* ring of slot indices, capacity slot_count */
    int queue_head, queue_length;
    int drawing; /* the slot handed out by frame_writer_next, or -1 */
    pthread_t *threads;
    int thread_count;
    bool closing;
    int written_count;
    bool failed;
    char error[1024];
};

static void *write_frames(void *context) {
    frame_writer *writer = context;
    char err[sizeof writer->error];
    pthread_mutex_lock(&writer->lock);
    for (;;) {
        while (writer->queue_length == 0 && !writer->closing)
            pthread_cond_wait(&writer->queued, &writer->lock);
        if (writer->queue_length == 0)
            break; /* closing, nothing left */
        slot *s = &writer->slots[writer->queue[writer->queue_head]];
        writer->queue_head = (writer->queue_head + 1) % writer->slot_count;
        writer->queue_length--;
        pthread_mutex_unlock(&writer->lock);

        bool ok = lm_renderer_write_png(s->renderer, s->path, err, sizeof err);

        pthread_mutex_lock(&writer->lock);
        if (ok)
            writer->written_count++;
        else if (!writer->failed) {
            writer->failed = true;
            memcpy(writer->error, err, sizeof err);
        }
        s->busy = false;
        pthread_cond_broadcast(&writer->written);
    }
    pthread_mutex_unlock(&writer->lock);
    return NULL;
}

void frame_writer_destroy(frame_writer *writer) {
    if (!writer)
        return;
    pthread_mutex_lock(&writer->lock);
    writer->closing = true;
    pthread_cond_broadcast(&writer->queued);
    pthread_mutex_unlock(&writer->lock);
    for (int i = 0; i < writer->thread_count; i++)
        pthread_join(writer->threads[i], NULL);
    for (int i = 0; i < writer->slot_count; i++) {
        lm_renderer_destroy(writer->slots[i].renderer);
        free(writer->slots[i].path);
    }
    pthread_cond_destroy(&writer->queued);
    pthread_cond_destroy(&writer->written);
    pthread_mutex_destroy(&writer->lock);
    free(writer->slots);
    free(writer->queue);
    free(writer->threads);
    free(writer);
}

frame_writer *frame_writer_create(int width, int height, int threads, char *err, size_t err_size) {
    size_t slot_bytes = (size_t)width * (size_t)height * RENDERER_BYTES_PER_PIXEL;
    int slots = threads < 1 ? 2 : threads + 1;
    while (slots > 2 && (size_t)slots * slot_bytes > SLOT_MEMORY_BUDGET)
        slots--;

    frame_writer *writer = calloc(1, sizeof *writer);
    if (!writer) {
        snprintf(err, err_size, "out of memory");
        return NULL;
    }
    pthread_mutex_init(&writer->lock, NULL);
    pthread_cond_init(&writer->queued, NULL);
    pthread_cond_init(&writer->written, NULL);
    writer->drawing = -1;
    writer->slots = calloc((size_t)slots, sizeof *writer->slots);
    writer->queue = calloc((size_t)slots, sizeof *writer->queue);
    writer->threads = calloc((size_t)(slots - 1), sizeof *writer->threads);
    if (!writer->slots || !writer->queue || !writer->threads) {
        snprintf(err, err_size, "out of memory");
        frame_writer_destroy(writer);
        return NULL;
    }
    for (; writer->slot_count < slots; writer->slot_count++) {
        lm_renderer *renderer = lm_renderer_create(width, height, err, err_size);
        if (!renderer) {
            if (writer->slot_count >= 2)
                break; /* fewer slots will do */
            frame_writer_destroy(writer);
            return NULL;
        }
        writer->slots[writer->slot_count].renderer = renderer;
    }
    for (; writer->thread_count < writer->slot_count - 1; writer->thread_count++) {
        if (pthread_create(&writer->threads[writer->thread_count], NULL, write_frames, writer) != 0)
            break;
    }
    if (writer->thread_count == 0) {
        snprintf(err, err_size, "cannot start a thread to write frames");
        frame_writer_destroy(writer);
        return NULL;
    }
    return writer;
}

lm_renderer *frame_writer_next(frame_writer *writer, char *err, size_t err_size) {
    lm_renderer *renderer = NULL;
    pthread_mutex_lock(&writer->lock);
    for (;;) {
        if (writer->failed) {
            snprintf(err, err_size, "%s", writer->error);
            break;
        }
        for (int i = 0; i < writer->slot_count && !renderer; i++) {
            if (!writer->slots[i].busy) {
                writer->drawing = i;
                renderer = writer->slots[i].renderer;
            }
        }
        if (renderer)
            break;
        pthread_cond_wait(&writer->written, &writer->lock);
    }
    pthread_mutex_unlock(&writer->lock);
    return renderer;
}

bool frame_writer_submit(frame_writer *writer, const char *path, char *err, size_t err_size) {
    slot *s = &writer->slots[writer->drawing]; /* not busy: only this thread uses it */
    size_t size = strlen(path) + 1;
    char *copy = realloc(s->path, size);
    if (!copy) {
        snprintf(err, err_size, "out of memory");
        return false;
    }
    memcpy(copy, path, size);
    s->path = copy;
    pthread_mutex_lock(&writer->lock);
    s->busy = true;
    writer->queue[(writer->queue_head + writer->queue_length) % writer->slot_count] =
        writer->drawing;
    writer->queue_length++;
    writer->drawing = -1;
    pthread_cond_signal(&writer->queued);
    pthread_mutex_unlock(&writer->lock);
    return true;
}

int frame_writer_written(frame_writer *writer) {
    pthread_mutex_lock(&writer->lock);
    int count = writer->written_count;
    pthread_mutex_unlock(&writer->lock);
    return count;
}

bool frame_writer_finish(frame_writer *writer, char *err, size_t err_size) {
    pthread_mutex_lock(&writer->lock);
    for (;;) {
        bool busy = false;
        for (int i = 0; i < writer->slot_count; i++)
            busy = busy || writer->slots[i].busy;
        if (!busy)
            break;
        pthread_cond_wait(&writer->written, &writer->lock);
    }
    bool ok = !writer->failed;
    if (!ok)
        snprintf(err, err_size, "%s", writer->error);
    pthread_mutex_unlock(&writer->lock);
    return ok;
}
