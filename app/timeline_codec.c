/*
 * timeline_codec.c - runs of equal pixels, whole or as the change from the
 * picture before (timeline_codec.h); the window's timeline (app/timeline.c)
 * keeps its frames in it.
 */
#include "timeline_codec.h"

enum { MIN_RUN = 3 };

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
        e->out[e->w++] = APP_RUN_FLAG | e->run;
        e->out[e->w++] = e->run_pixel;
        e->literal = 0;
    } else {
        for (uint32_t k = 0; k < e->run; k++) {
            if (e->literal == 0 || e->literal == APP_RUN_COUNT) {
                e->literal_at = e->w++;
                e->literal = 0;
            }
            e->out[e->w++] = e->run_pixel;
            e->out[e->literal_at] = ++e->literal;
        }
    }
    e->run = 0;
}

size_t app_codec_encode(const uint32_t *pixels, int width, int height, int pitch,
                        const uint32_t *base, uint32_t *out) {
    encoder e = {.out = out};
    for (int y = 0; y < height; y++) {
        const uint32_t *row = (const uint32_t *)((const unsigned char *)pixels + (size_t)y * pitch);
        const uint32_t *under = base ? base + (size_t)y * (size_t)width : NULL;
        for (int x = 0; x < width; x++) {
            uint32_t value = under ? row[x] ^ under[x] : row[x];
            if (e.run > 0 && value == e.run_pixel && e.run < APP_RUN_COUNT) {
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

bool app_codec_decode(const uint32_t *words, size_t count, bool change, uint32_t *pixels, int width,
                      int height, int pitch) {
    size_t w = 0, position = 0, total = (size_t)width * (size_t)height;
    while (w < count) {
        uint32_t header = words[w++];
        uint32_t n = header & APP_RUN_COUNT;
        bool is_run = header & APP_RUN_FLAG;
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
