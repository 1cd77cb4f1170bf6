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
 *
 * Most of a picture does not change from one tick to the next, so a frame
 * is stored as the change from the frame before (each pixel XOR the one
 * before: runs of zeros) except every KEY_EVERY-th, a key frame stored
 * whole. Restoring a frame decodes its key frame and the changes after it,
 * skipping the zero runs; dropping the oldest drops a key frame with its
 * changes. This takes about a third of the memory of whole frames on the
 * examples (bench/RESULTS.md).
 */
#include "timeline.h"

#include <stdlib.h>
#include <string.h>

enum { MIN_RUN = 3, KEY_EVERY = 16 };
#define RUN_FLAG  0x80000000u
#define RUN_COUNT 0x7FFFFFFFu

typedef struct frame {
    long tick;
    bool key; /* stored whole; else as the change from the frame before */
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
    uint32_t *previous; /* the last picture pushed, packed: what the next frame changes */
    int previous_width, previous_height;
    bool previous_valid;
    long since_key; /* frames pushed since the last key frame */
};

/* The memory the timeline works in, beyond its frames: the encoder's scratch
 * and the last picture. It counts against the cap too. */
static size_t working_bytes(const app_timeline *timeline) {
    return timeline->scratch_words * sizeof(uint32_t) +
           (size_t)timeline->previous_width * (size_t)timeline->previous_height * sizeof(uint32_t);
}

app_timeline *app_timeline_create(size_t cap) {
    app_timeline *timeline = calloc(1, sizeof *timeline);
    if (timeline)
        timeline->cap = cap;
    return timeline;
}

static frame *at(const app_timeline *timeline, size_t i) {
    return &timeline->frames[(timeline->start + i) % timeline->capacity];
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

void app_timeline_clear(app_timeline *timeline) {
    while (timeline->count > 0)
        drop_first(timeline);
    timeline->start = 0;
    timeline->previous_valid = false;
}

void app_timeline_destroy(app_timeline *timeline) {
    if (!timeline)
        return;
    app_timeline_clear(timeline);
    free(timeline->frames);
    free(timeline->scratch);
    free(timeline->previous);
    free(timeline);
}

/* What the frames may take: the cap less the working memory. */
static size_t frames_cap(const app_timeline *timeline) {
    size_t working = working_bytes(timeline);
    return timeline->cap > working ? timeline->cap - working : 0;
}

void app_timeline_set_cap(app_timeline *timeline, size_t cap) {
    timeline->cap = cap;
    while (timeline->count > 0 && timeline->bytes > frames_cap(timeline))
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
    return timeline->bytes + working_bytes(timeline);
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

/* Compresses the picture (XOR base, a packed picture of the same size, when
 * not NULL) into out (room for any picture of n pixels: n + n / RUN_COUNT +
 * 2 words); returns the words written. */
static size_t encode(const uint32_t *pixels, int width, int height, int pitch, const uint32_t *base,
                     uint32_t *out) {
    encoder e = {.out = out};
    for (int y = 0; y < height; y++) {
        const uint32_t *row = (const uint32_t *)((const unsigned char *)pixels + (size_t)y * pitch);
        const uint32_t *under = base ? base + (size_t)y * (size_t)width : NULL;
        for (int x = 0; x < width; x++) {
            uint32_t value = under ? row[x] ^ under[x] : row[x];
            if (e.run > 0 && value == e.run_pixel && e.run < RUN_COUNT) {
                e.run++;
                continue;
            }
            flush_run(&e);
            e.run_pixel = value;
            e.run = 1;
        }
    }
    flush_run(&e);
    return e.w;
}

/* Decodes a frame into pixels: whole (a key frame), or XOR-ed into the
 * picture already there (a change), where a run of zeros changes nothing
 * and is skipped. */
static bool decode(const uint32_t *words, size_t count, bool change, uint32_t *pixels, int width,
                   int height, int pitch) {
    size_t w = 0, position = 0, total = (size_t)width * (size_t)height;
    while (w < count) {
        uint32_t header = words[w++];
        uint32_t n = header & RUN_COUNT;
        bool is_run = header & RUN_FLAG;
        const uint32_t *source = &words[w];
        w += is_run ? 1 : n;
        if (w > count || n > total - position)
            return false;
        if (change && is_run && source[0] == 0) {
            position += n;
            continue;
        }
        size_t x = position % (size_t)width, y = position / (size_t)width;
        uint32_t *row = (uint32_t *)((unsigned char *)pixels + y * (size_t)pitch);
        for (uint32_t k = 0; k < n; k++) {
            uint32_t value = is_run ? source[0] : source[k];
            row[x] = change ? row[x] ^ value : value;
            if (++x == (size_t)width) {
                x = 0;
                row = (uint32_t *)((unsigned char *)row + pitch);
            }
        }
        position += n;
    }
    return position == total;
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

/* Keeps a packed copy of the picture just pushed, for the next change. */
static bool keep_previous(app_timeline *timeline, const uint32_t *pixels, int width, int height,
                          int pitch) {
    if (width != timeline->previous_width || height != timeline->previous_height) {
        free(timeline->previous);
        timeline->previous = malloc((size_t)width * (size_t)height * sizeof(uint32_t));
        timeline->previous_width = timeline->previous ? width : 0;
        timeline->previous_height = timeline->previous ? height : 0;
        if (!timeline->previous)
            return false;
    }
    for (int y = 0; y < height; y++)
        memcpy(timeline->previous + (size_t)y * (size_t)width,
               (const unsigned char *)pixels + (size_t)y * pitch, (size_t)width * sizeof(uint32_t));
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
    bool key = !timeline->previous_valid || timeline->count == 0 ||
               width != timeline->previous_width || height != timeline->previous_height ||
               timeline->since_key + 1 >= KEY_EVERY;
    size_t words =
        encode(pixels, width, height, pitch, key ? NULL : timeline->previous, timeline->scratch);
    if (!keep_previous(timeline, pixels, width, height, pitch)) {
        app_timeline_clear(timeline);
        return false;
    }
    timeline->previous_valid = true;
    timeline->since_key = key ? 0 : timeline->since_key + 1;
    size_t bytes = words * sizeof(uint32_t) + extra_size + sizeof(frame);
    if (bytes > frames_cap(timeline)) {
        app_timeline_clear(timeline);
        return false;
    }
    while (timeline->count > 0 && timeline->bytes + bytes > frames_cap(timeline))
        drop_oldest(timeline);
    if (!key && timeline->count == 0) {
        /* Its key frame was dropped to make room: nothing to change from. */
        app_timeline_clear(timeline);
        return false;
    }
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
    *f = (frame){tick, key, width, height, copy, words, extra_size, bytes};
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
    long key = i;
    while (key > 0 && !at(timeline, (size_t)key)->key)
        key--;
    for (long j = key; j <= i; j++) {
        const frame *g = at(timeline, (size_t)j);
        if (g->width != width || g->height != height ||
            !decode(g->words, g->word_count, j > key, pixels, width, height, pitch))
            return false;
    }
    return true;
}
