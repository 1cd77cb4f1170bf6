/*
 * timeline.c - the window's recent past (timeline.h): a ring of compressed
 * pictures with a byte cap, kept by a thread of its own.
 *
 * Why pictures and not the world: what a picture shows depends on the whole
 * scene, the Lua state included (loom.update's variables, loom.draw, plots,
 * labels, trails), and a Lua state cannot be copied. Re-running the scene
 * from its start (deterministic to the bit) would cost the whole run for
 * every step back; a picture costs one copy. Measured in bench/RESULTS.md.
 *
 * A frame's bytes are runs of equal pixels (app/timeline_codec.h). Most of a
 * picture does not change from one tick to the next, so a frame is stored as
 * the change from the frame before (each pixel XOR the one before: runs of
 * zeros) except every KEY_EVERY-th, a key frame stored whole. Restoring a
 * frame decodes its key frame and the changes after it, skipping the zero
 * runs; dropping the oldest drops a key frame with its changes. This takes
 * about a third of the memory of whole frames on the examples
 * (bench/RESULTS.md).
 *
 * Keeping in the background: encoding a 1920x1080 picture reads it and the
 * one before whole, a few milliseconds the window's main thread would spend
 * between two ticks. A push copies the picture, packed, into a picture of
 * the timeline's own (the one copy the main thread makes) and queues it; the
 * keeper thread encodes it against the picture before, which it then
 * replaces (no second copy: the two swap), and puts it in the ring, while
 * the main thread simulates the next tick. At most QUEUE_DEPTH pictures
 * wait; a push beyond that waits for room. Whatever reads the frames (count,
 * first, last, restore) first waits until every picture pushed is kept, so
 * it sees exactly what was kept; the bytes are counted as they are held,
 * the pictures waiting and the keeper's working memory included.
 */
#include "timeline.h"
#include "timeline_codec.h"

#include <pthread.h>
#include <signal.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

/* In the background: the picture before, the one being kept and the ones
 * waiting; else the picture before and the one pushed. */
enum { KEY_EVERY = 16, QUEUE_DEPTH = 1, MOST_PICTURES = QUEUE_DEPTH + 2 };

typedef struct frame {
    long tick;
    bool key; /* stored whole; else as the change from the frame before */
    int width, height;
    uint32_t *words; /* the compressed picture, then the extra */
    size_t word_count;
    size_t extra_size; /* bytes, after the words */
    size_t bytes;      /* what the frame counts against the cap */
} frame;

/* A picture pushed and not kept yet. */
typedef struct job {
    long tick;
    int width, height;
    uint32_t *pixels; /* packed, width x height: the timeline's own */
    void *extra;
    size_t extra_size;
} job;

struct app_timeline {
    pthread_mutex_t lock;
    pthread_cond_t changed; /* a picture queued or kept, or the keeper told to stop */
    pthread_t keeper;
    bool background; /* the keeper thread runs; else a push keeps at once */
    bool stopping;

    /* Under the lock: */
    size_t cap;
    size_t bytes;   /* the frames' */
    size_t working; /* the rest held: packed pictures, the scratch, waiting extras */
    size_t most;    /* the most bytes held at once */
    frame *frames;  /* a ring: frames[(start + i) % capacity] */
    size_t start, count, capacity;
    job queue[QUEUE_DEPTH]; /* oldest first */
    size_t queued;
    bool keeping;                    /* the keeper is keeping a picture taken off the queue */
    uint32_t *spares[MOST_PICTURES]; /* packed pictures free for the next push */
    size_t spare_count, spare_pixels;

    /* The keeper's (the pusher's without one), between two pictures: */
    uint32_t *scratch; /* the encoder's, the size of the largest picture */
    size_t scratch_words;
    uint32_t *previous; /* the last picture kept: what the next frame changes */
    int previous_width, previous_height;
    bool previous_valid;
    long since_key; /* frames kept since the last key frame */
};

static frame *at(const app_timeline *timeline, size_t i) {
    return &timeline->frames[(timeline->start + i) % timeline->capacity];
}

/* ------------------------------------------------- memory (under lock) -- */

/* What the frames may take: the cap less the working memory. */
static size_t frames_cap(const app_timeline *timeline) {
    return timeline->cap > timeline->working ? timeline->cap - timeline->working : 0;
}

static void note_most(app_timeline *timeline) {
    size_t held = timeline->bytes + timeline->working;
    timeline->most = held > timeline->most ? held : timeline->most;
}

static void drop_first(app_timeline *timeline) {
    frame *f = at(timeline, 0);
    timeline->bytes -= f->bytes;
    free(f->words);
    timeline->start = (timeline->start + 1) % timeline->capacity;
    timeline->count--;
}

/* Drops the oldest key frame with the changes that build on it. */
static void drop_oldest(app_timeline *timeline) {
    drop_first(timeline);
    while (timeline->count > 0 && !at(timeline, 0)->key)
        drop_first(timeline);
}

static void drop_newest(app_timeline *timeline) {
    frame *f = at(timeline, timeline->count - 1);
    timeline->bytes -= f->bytes;
    free(f->words);
    timeline->count--;
    timeline->previous_valid = false; /* the next frame is a key frame */
}

static void drop_all(app_timeline *timeline) {
    while (timeline->count > 0)
        drop_first(timeline);
    timeline->start = 0;
    timeline->previous_valid = false;
}

/* Drops the oldest frames until everything held fits the cap. */
static void trim(app_timeline *timeline) {
    while (timeline->count > 0 && timeline->bytes > frames_cap(timeline))
        drop_oldest(timeline);
}

static uint32_t *new_picture(app_timeline *timeline, size_t n) {
    uint32_t *pixels = malloc(n * sizeof *pixels);
    timeline->working += pixels ? n * sizeof *pixels : 0;
    return pixels;
}

/* A packed picture of n pixels, from the spares. The first of a size makes
 * all the pictures the timeline works with, so that what it holds does not
 * depend on how fast the keeper was. */
static uint32_t *take_picture(app_timeline *timeline, size_t n) {
    if (n != timeline->spare_pixels) {
        while (timeline->spare_count > 0) {
            free(timeline->spares[--timeline->spare_count]);
            timeline->working -= timeline->spare_pixels * sizeof(uint32_t);
        }
        timeline->spare_pixels = n;
        size_t pictures = timeline->background ? MOST_PICTURES : 2;
        while (timeline->spare_count < pictures) {
            uint32_t *pixels = new_picture(timeline, n);
            if (!pixels)
                break;
            timeline->spares[timeline->spare_count++] = pixels;
        }
    }
    return timeline->spare_count > 0 ? timeline->spares[--timeline->spare_count]
                                     : new_picture(timeline, n);
}

/* A packed picture of n pixels no longer needed: a spare, or freed. */
static void give_back(app_timeline *timeline, uint32_t *pixels, size_t n) {
    if (!pixels)
        return;
    if (n == timeline->spare_pixels && timeline->spare_count < MOST_PICTURES) {
        timeline->spares[timeline->spare_count++] = pixels;
        return;
    }
    free(pixels);
    timeline->working -= n * sizeof *pixels;
}

static void forget_job(app_timeline *timeline, job *j) {
    give_back(timeline, j->pixels, (size_t)j->width * (size_t)j->height);
    free(j->extra);
    timeline->working -= j->extra_size;
}

/* Waits until every picture pushed is kept. */
static void settle(app_timeline *timeline) {
    while (timeline->queued > 0 || timeline->keeping)
        pthread_cond_wait(&timeline->changed, &timeline->lock);
}

/* -------------------------------------------------------------- keeping -- */

static bool grow_ring(app_timeline *timeline) {
    size_t capacity = timeline->capacity ? 2 * timeline->capacity : 64;
    frame *frames = malloc(capacity * sizeof *frames);
    if (!frames)
        return false;
    for (size_t i = 0; i < timeline->count; i++)
        frames[i] = *at(timeline, i);
    free(timeline->frames);
    timeline->frames = frames;
    timeline->capacity = capacity;
    timeline->start = 0;
    return true;
}

/* Makes the scratch room for words (under lock: it is counted). */
static bool grow_scratch(app_timeline *timeline, size_t words) {
    if (words <= timeline->scratch_words)
        return true;
    uint32_t *scratch = realloc(timeline->scratch, words * sizeof *scratch);
    if (!scratch)
        return false;
    timeline->working += (words - timeline->scratch_words) * sizeof *scratch;
    timeline->scratch = scratch;
    timeline->scratch_words = words;
    trim(timeline);
    note_most(timeline);
    return true;
}

/* Where a frame's extra starts, in words after its picture's: aligned for
 * any type (the window keeps structs of doubles there), not just for the
 * words (make check: UBSan, a misaligned probe sample read back). */
static size_t extra_at(size_t word_count) {
    size_t align = _Alignof(max_align_t) / sizeof(uint32_t);
    return (word_count + align - 1) / align * align;
}

/* Puts the frame (words, the extra after them) in the ring, dropping the
 * oldest to make room; false (words freed) when it cannot be kept. */
static bool insert(app_timeline *timeline, const job *j, bool key, uint32_t *words,
                   size_t word_count) {
    size_t bytes = extra_at(word_count) * sizeof(uint32_t) + j->extra_size + sizeof(frame);
    bool kept = bytes <= frames_cap(timeline);
    while (kept && timeline->count > 0 && timeline->bytes + bytes > frames_cap(timeline))
        drop_oldest(timeline);
    /* A change whose key frame was dropped to make room: nothing to change from. */
    kept = kept && (key || timeline->count > 0) &&
           (timeline->count < timeline->capacity || grow_ring(timeline));
    if (!kept) {
        free(words);
        return false;
    }
    *at(timeline, timeline->count) =
        (frame){j->tick, key, j->width, j->height, words, word_count, j->extra_size, bytes};
    timeline->count++;
    timeline->bytes += bytes;
    note_most(timeline);
    return true;
}

/* Keeps the picture of a job, which it takes over: called without the lock,
 * by the keeper (or the pusher when there is none), one job at a time. */
static bool keep(app_timeline *timeline, job *j) {
    size_t n = (size_t)j->width * (size_t)j->height;
    pthread_mutex_lock(&timeline->lock);
    while (timeline->count > 0 && at(timeline, timeline->count - 1)->tick >= j->tick)
        drop_newest(timeline);
    bool ok = grow_scratch(timeline, app_codec_most_words(n));
    bool key = !timeline->previous_valid || timeline->count == 0 ||
               j->width != timeline->previous_width || j->height != timeline->previous_height ||
               timeline->since_key + 1 >= KEY_EVERY;
    pthread_mutex_unlock(&timeline->lock);

    /* The long part, while the pusher goes on. */
    uint32_t *words = NULL;
    size_t word_count = 0;
    if (ok) {
        word_count = app_codec_encode(j->pixels, j->width, j->height, j->width * 4,
                                      key ? NULL : timeline->previous, timeline->scratch);
        words = malloc(extra_at(word_count) * sizeof *words + j->extra_size);
        ok = words != NULL;
    }
    if (ok) {
        memcpy(words, timeline->scratch, word_count * sizeof *words);
        if (j->extra_size)
            memcpy(words + extra_at(word_count), j->extra, j->extra_size);
    }

    pthread_mutex_lock(&timeline->lock);
    /* This picture is what the next one changes from. */
    give_back(timeline, timeline->previous,
              (size_t)timeline->previous_width * (size_t)timeline->previous_height);
    timeline->previous = j->pixels;
    timeline->previous_width = j->width;
    timeline->previous_height = j->height;
    timeline->previous_valid = true;
    timeline->since_key = key ? 0 : timeline->since_key + 1;
    ok = ok && insert(timeline, j, key, words, word_count);
    if (!ok)
        drop_all(timeline);
    free(j->extra);
    timeline->working -= j->extra_size;
    pthread_mutex_unlock(&timeline->lock);
    return ok;
}

static void *keeper(void *context) {
    app_timeline *timeline = context;
    pthread_mutex_lock(&timeline->lock);
    while (!timeline->stopping) {
        if (timeline->queued == 0) {
            pthread_cond_wait(&timeline->changed, &timeline->lock);
            continue;
        }
        job j = timeline->queue[0];
        timeline->queued--;
        memmove(&timeline->queue[0], &timeline->queue[1], timeline->queued * sizeof j);
        timeline->keeping = true;
        pthread_mutex_unlock(&timeline->lock);
        keep(timeline, &j);
        pthread_mutex_lock(&timeline->lock);
        timeline->keeping = false;
        pthread_cond_broadcast(&timeline->changed);
    }
    pthread_mutex_unlock(&timeline->lock);
    return NULL;
}

/* ---------------------------------------------------------------- api -- */

app_timeline *app_timeline_create(size_t cap, bool background) {
    app_timeline *timeline = calloc(1, sizeof *timeline);
    if (!timeline)
        return NULL;
    timeline->cap = cap;
    pthread_mutex_init(&timeline->lock, NULL);
    pthread_cond_init(&timeline->changed, NULL);
    if (background) {
        /* Signals stay the main thread's business (app/cleanup.c waits for them). */
        sigset_t all, before;
        sigfillset(&all);
        pthread_sigmask(SIG_SETMASK, &all, &before);
        timeline->background = pthread_create(&timeline->keeper, NULL, keeper, timeline) == 0;
        pthread_sigmask(SIG_SETMASK, &before, NULL);
    }
    return timeline;
}

void app_timeline_clear(app_timeline *timeline) {
    pthread_mutex_lock(&timeline->lock);
    for (size_t i = 0; i < timeline->queued; i++)
        forget_job(timeline, &timeline->queue[i]);
    timeline->queued = 0;
    settle(timeline); /* the picture being kept */
    drop_all(timeline);
    pthread_mutex_unlock(&timeline->lock);
}

void app_timeline_destroy(app_timeline *timeline) {
    if (!timeline)
        return;
    app_timeline_clear(timeline);
    if (timeline->background) {
        pthread_mutex_lock(&timeline->lock);
        timeline->stopping = true;
        pthread_cond_broadcast(&timeline->changed);
        pthread_mutex_unlock(&timeline->lock);
        pthread_join(timeline->keeper, NULL);
    }
    while (timeline->spare_count > 0)
        free(timeline->spares[--timeline->spare_count]);
    free(timeline->frames);
    free(timeline->scratch);
    free(timeline->previous);
    pthread_cond_destroy(&timeline->changed);
    pthread_mutex_destroy(&timeline->lock);
    free(timeline);
}

bool app_timeline_background(const app_timeline *timeline) {
    return timeline->background;
}

void app_timeline_set_cap(app_timeline *timeline, size_t cap) {
    pthread_mutex_lock(&timeline->lock);
    timeline->cap = cap;
    trim(timeline);
    pthread_mutex_unlock(&timeline->lock);
}

size_t app_timeline_cap(app_timeline *timeline) {
    pthread_mutex_lock(&timeline->lock);
    size_t cap = timeline->cap;
    pthread_mutex_unlock(&timeline->lock);
    return cap;
}

size_t app_timeline_bytes(app_timeline *timeline) {
    pthread_mutex_lock(&timeline->lock);
    size_t bytes = timeline->bytes + timeline->working;
    pthread_mutex_unlock(&timeline->lock);
    return bytes;
}

size_t app_timeline_most(app_timeline *timeline) {
    pthread_mutex_lock(&timeline->lock);
    size_t most = timeline->most;
    pthread_mutex_unlock(&timeline->lock);
    return most;
}

bool app_timeline_push(app_timeline *timeline, long tick, const uint32_t *pixels, int width,
                       int height, int pitch, const void *extra, size_t extra_size) {
    size_t n = (size_t)width * (size_t)height;
    job j = {tick, width, height, NULL, NULL, extra_size};
    pthread_mutex_lock(&timeline->lock);
    while (timeline->queued == QUEUE_DEPTH)
        pthread_cond_wait(&timeline->changed, &timeline->lock);
    j.pixels = take_picture(timeline, n);
    if (j.pixels && extra_size) {
        j.extra = malloc(extra_size);
        timeline->working += j.extra ? extra_size : 0;
    }
    trim(timeline); /* the frames make room for what waits */
    note_most(timeline);
    pthread_mutex_unlock(&timeline->lock);
    if (!j.pixels || (extra_size && !j.extra)) {
        pthread_mutex_lock(&timeline->lock);
        if (j.pixels)
            give_back(timeline, j.pixels, n);
        pthread_mutex_unlock(&timeline->lock);
        app_timeline_clear(timeline);
        return false;
    }
    /* The one copy the pusher makes. */
    for (int y = 0; y < height; y++)
        memcpy(j.pixels + (size_t)y * (size_t)width,
               (const unsigned char *)pixels + (size_t)y * (size_t)pitch,
               (size_t)width * sizeof(uint32_t));
    if (extra_size)
        memcpy(j.extra, extra, extra_size);
    if (!timeline->background)
        return keep(timeline, &j);
    pthread_mutex_lock(&timeline->lock);
    timeline->queue[timeline->queued++] = j;
    pthread_cond_broadcast(&timeline->changed);
    pthread_mutex_unlock(&timeline->lock);
    return true;
}

/* ------------------------------------------- reading (waits, then lock) -- */

size_t app_timeline_count(app_timeline *timeline) {
    pthread_mutex_lock(&timeline->lock);
    settle(timeline);
    size_t count = timeline->count;
    pthread_mutex_unlock(&timeline->lock);
    return count;
}

long app_timeline_first(app_timeline *timeline) {
    pthread_mutex_lock(&timeline->lock);
    settle(timeline);
    long first = timeline->count ? at(timeline, 0)->tick : -1;
    pthread_mutex_unlock(&timeline->lock);
    return first;
}

long app_timeline_last(app_timeline *timeline) {
    pthread_mutex_lock(&timeline->lock);
    settle(timeline);
    long last = timeline->count ? at(timeline, timeline->count - 1)->tick : -1;
    pthread_mutex_unlock(&timeline->lock);
    return last;
}

/* The index of the last frame with a tick <= tick, or -1 (a binary search:
 * the ticks increase along the ring). */
static long index_at_or_before(const app_timeline *timeline, long tick) {
    long low = 0, high = (long)timeline->count - 1, found = -1;
    while (low <= high) {
        long mid = low + (high - low) / 2;
        if (at(timeline, (size_t)mid)->tick <= tick) {
            found = mid;
            low = mid + 1;
        } else {
            high = mid - 1;
        }
    }
    return found;
}

long app_timeline_at_or_before(app_timeline *timeline, long tick) {
    pthread_mutex_lock(&timeline->lock);
    settle(timeline);
    long i = index_at_or_before(timeline, tick);
    long found = i < 0 ? -1 : at(timeline, (size_t)i)->tick;
    pthread_mutex_unlock(&timeline->lock);
    return found;
}

/* Decodes frame i (and the frames it builds on) into pixels. */
static bool decode_frame(const app_timeline *timeline, long i, uint32_t *pixels, int width,
                         int height, int pitch) {
    long key = i;
    while (key > 0 && !at(timeline, (size_t)key)->key)
        key--;
    for (long j = key; j <= i; j++) {
        const frame *g = at(timeline, (size_t)j);
        if (g->width != width || g->height != height ||
            !app_codec_decode(g->words, g->word_count, j > key, pixels, width, height, pitch))
            return false;
    }
    return true;
}

bool app_timeline_restore(app_timeline *timeline, long tick, uint32_t *pixels, int width,
                          int height, int pitch, const void **extra, size_t *extra_size) {
    pthread_mutex_lock(&timeline->lock);
    settle(timeline);
    long i = index_at_or_before(timeline, tick);
    const frame *f = i < 0 ? NULL : at(timeline, (size_t)i);
    bool ok = f && f->tick == tick && f->width == width && f->height == height;
    if (ok) {
        if (extra)
            *extra = f->words + extra_at(f->word_count);
        if (extra_size)
            *extra_size = f->extra_size;
        ok = decode_frame(timeline, i, pixels, width, height, pitch);
    }
    pthread_mutex_unlock(&timeline->lock);
    return ok;
}
