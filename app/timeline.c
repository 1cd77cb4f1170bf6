/*
 * timeline.c - the window's recent past (timeline.h): a ring of compressed
 * pictures with a byte cap.
 *
 * Why pictures and not the world: what a picture shows depends on the whole
 * scene, the Lua state included (loom.update's variables, loom.draw, plots,
 * labels, trails), and a Lua state cannot be copied. Re-running the scene
 * from its start (deterministic to the bit) would cost the whole run for
 * every step back; a picture costs one copy. Measured in bench/RESULTS.md.
 *
 * A frame's bytes: a stream of 32-bit words, each a header then pixels. A
 * header with the top bit set is a run, (header & RUN_COUNT) copies of the
 * one pixel after it; otherwise a stretch of header literal pixels. Runs
 * start at three equal pixels, so noise costs one header per stretch, a
 * plain background one word pair per row or less.
 */
#include "timeline.h"

#include <stdlib.h>
#include <string.h>

enum { MIN_RUN = 3 };
#define RUN_FLAG  0x80000000u
#define RUN_COUNT 0x7FFFFFFFu

typedef struct frame {
    long tick;
    int width, height;
    uint32_t *words; /* the compressed picture, then the extra */
    size_t word_count;
    size_t extra_size; /* bytes, after the words */
    size_t bytes;      /* what the frame counts against the cap */
} frame;

struct app_timeline {
    size_t cap, bytes;
    frame *frames; /* a ring: frames[(start + i) % capacity] */
    size_t start, count, capacity;
    uint32_t *scratch; /* the encoder's, the size of the largest picture */
    size_t scratch_words;
};

app_timeline *app_timeline_create(size_t cap) {
    app_timeline *timeline = calloc(1, sizeof *timeline);
    if (timeline)
        timeline->cap = cap;
    return timeline;
}

static frame *at(const app_timeline *timeline, size_t i) {
    return &timeline->frames[(timeline->start + i) % timeline->capacity];
}

static void drop_oldest(app_timeline *timeline) {
    frame *f = at(timeline, 0);
    timeline->bytes -= f->bytes;
    free(f->words);
    timeline->start = (timeline->start + 1) % timeline->capacity;
    timeline->count--;
}

static void drop_newest(app_timeline *timeline) {
    frame *f = at(timeline, timeline->count - 1);
    timeline->bytes -= f->bytes;
    free(f->words);
    timeline->count--;
}

void app_timeline_clear(app_timeline *timeline) {
    while (timeline->count > 0)
        drop_oldest(timeline);
    timeline->start = 0;
}

void app_timeline_destroy(app_timeline *timeline) {
    if (!timeline)
        return;
    app_timeline_clear(timeline);
    free(timeline->frames);
    free(timeline->scratch);
    free(timeline);
}

void app_timeline_set_cap(app_timeline *timeline, size_t cap) {
    timeline->cap = cap;
    while (timeline->count > 0 && timeline->bytes > cap)
        drop_oldest(timeline);
}

size_t app_timeline_cap(const app_timeline *timeline) {
    return timeline->cap;
}

size_t app_timeline_count(const app_timeline *timeline) {
    return timeline->count;
}

long app_timeline_first(const app_timeline *timeline) {
    return timeline->count ? at(timeline, 0)->tick : -1;
}

long app_timeline_last(const app_timeline *timeline) {
    return timeline->count ? at(timeline, timeline->count - 1)->tick : -1;
}

size_t app_timeline_bytes(const app_timeline *timeline) {
    return timeline->bytes;
}

/* ------------------------------------------------------------ encoding -- */

/* The encoder's state: words written, the open stretch of literals (its
 * header's place and length, 0 = none open) and the pending run. */
typedef struct encoder {
    uint32_t *out;
    size_t w;
    size_t literal_at;
    uint32_t literal;
    uint32_t run_pixel, run;
} encoder;

/* Writes the pending run: as a run when long enough, else as literals. */
static void flush_run(encoder *e) {
    if (e->run >= MIN_RUN) {
        e->out[e->w++] = RUN_FLAG | e->run;
        e->out[e->w++] = e->run_pixel;
        e->literal = 0;
    } else {
        for (uint32_t k = 0; k < e->run; k++) {
            if (e->literal == 0 || e->literal == RUN_COUNT) {
                e->literal_at = e->w++;
                e->literal = 0;
            }
            e->out[e->w++] = e->run_pixel;
            e->out[e->literal_at] = ++e->literal;
        }
    }
    e->run = 0;
}

/* Compresses the picture into out (room for any picture of n pixels:
 * n + n / RUN_COUNT + 2 words); returns the words written. */
static size_t encode(const uint32_t *pixels, int width, int height, int pitch, uint32_t *out) {
    encoder e = {.out = out};
    for (int y = 0; y < height; y++) {
        const uint32_t *row = (const uint32_t *)((const unsigned char *)pixels + (size_t)y * pitch);
        for (int x = 0; x < width; x++) {
            if (e.run > 0 && row[x] == e.run_pixel && e.run < RUN_COUNT) {
                e.run++;
                continue;
            }
            flush_run(&e);
            e.run_pixel = row[x];
            e.run = 1;
        }
    }
    flush_run(&e);
    return e.w;
}

static bool decode(const uint32_t *words, size_t count, uint32_t *pixels, int width, int height,
                   int pitch) {
    size_t w = 0;
    int x = 0, y = 0;
    uint32_t *row = pixels;
    while (w < count) {
        uint32_t header = words[w++];
        uint32_t n = header & RUN_COUNT;
        bool is_run = header & RUN_FLAG;
        const uint32_t *source = &words[w];
        w += is_run ? 1 : n;
        for (uint32_t k = 0; k < n; k++) {
            if (y >= height)
                return false;
            row[x] = is_run ? source[0] : source[k];
            if (++x == width) {
                x = 0;
                y++;
                row = (uint32_t *)((unsigned char *)pixels + (size_t)y * pitch);
            }
        }
    }
    return y == height && x == 0;
}

/* ------------------------------------------------------------- frames -- */

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

bool app_timeline_push(app_timeline *timeline, long tick, const uint32_t *pixels, int width,
                       int height, int pitch, const void *extra, size_t extra_size) {
    while (timeline->count > 0 && at(timeline, timeline->count - 1)->tick >= tick)
        drop_newest(timeline);
    size_t n = (size_t)width * (size_t)height;
    size_t most = n + n / RUN_COUNT + 2;
    if (most > timeline->scratch_words) {
        uint32_t *scratch = realloc(timeline->scratch, most * sizeof *scratch);
        if (!scratch) {
            app_timeline_clear(timeline);
            return false;
        }
        timeline->scratch = scratch;
        timeline->scratch_words = most;
    }
    size_t words = encode(pixels, width, height, pitch, timeline->scratch);
    size_t bytes = words * sizeof(uint32_t) + extra_size + sizeof(frame);
    if (bytes > timeline->cap) {
        app_timeline_clear(timeline);
        return false;
    }
    while (timeline->count > 0 && timeline->bytes + bytes > timeline->cap)
        drop_oldest(timeline);
    if (timeline->count == timeline->capacity && !grow_ring(timeline)) {
        app_timeline_clear(timeline);
        return false;
    }
    uint32_t *copy = malloc(words * sizeof(uint32_t) + extra_size);
    if (!copy) {
        app_timeline_clear(timeline);
        return false;
    }
    memcpy(copy, timeline->scratch, words * sizeof(uint32_t));
    if (extra_size)
        memcpy(copy + words, extra, extra_size);
    frame *f = &timeline->frames[(timeline->start + timeline->count) % timeline->capacity];
    *f = (frame){tick, width, height, copy, words, extra_size, bytes};
    timeline->count++;
    timeline->bytes += bytes;
    return true;
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

long app_timeline_at_or_before(const app_timeline *timeline, long tick) {
    long i = index_at_or_before(timeline, tick);
    return i < 0 ? -1 : at(timeline, (size_t)i)->tick;
}

bool app_timeline_restore(const app_timeline *timeline, long tick, uint32_t *pixels, int width,
                          int height, int pitch, const void **extra, size_t *extra_size) {
    long i = index_at_or_before(timeline, tick);
    if (i < 0)
        return false;
    const frame *f = at(timeline, (size_t)i);
    if (f->tick != tick || f->width != width || f->height != height)
        return false;
    if (extra)
        *extra = f->words + f->word_count;
    if (extra_size)
        *extra_size = f->extra_size;
    return decode(f->words, f->word_count, pixels, width, height, pitch);
}
