/*
 * app_timeline.c - the window's timeline store (app/timeline.h): every
 * picture comes back byte for byte, noise and plain backgrounds alike; the
 * cap holds, oldest frames go first; a push into the past forgets the
 * future; extras come back with their frame.
 */
#include "../app/timeline.h"
#include "check.h"

#include <stdlib.h>
#include <string.h>

enum { W = 97, H = 61, PITCH = (W + 3) * 4 }; /* a pitch wider than the row */

/* A picture of tick t: a plain background with a moving square, and a band
 * of noise (runs of 1 and 2 equal pixels too). */
static void picture(uint32_t *pixels, long t) {
    uint64_t seed = 0x9E3779B97F4A7C15u * (uint64_t)(t + 1);
    for (int y = 0; y < H; y++) {
        uint32_t *row = (uint32_t *)((unsigned char *)pixels + (size_t)y * PITCH);
        for (int x = 0; x < W; x++) {
            uint32_t v = 0xF7F7F2FFu;
            if (x >= t % W && x < t % W + 10 && y >= 20 && y < 30)
                v = 0xFF0000FFu;
            if (y >= 40 && y < 44) {
                seed = seed * 6364136223846793005u + 1442695040888963407u;
                v = (uint32_t)(seed >> 33) % 3 == 0 ? 0x11223344u : (uint32_t)(seed >> 20);
            }
            row[x] = v;
        }
        row[W] = row[W + 1] = row[W + 2] = 0xDEADBEEFu; /* padding: not part of the picture */
    }
}

static bool same_picture(const uint32_t *a, const uint32_t *b) {
    for (int y = 0; y < H; y++)
        if (memcmp((const unsigned char *)a + (size_t)y * PITCH,
                   (const unsigned char *)b + (size_t)y * PITCH, W * 4) != 0)
            return false;
    return true;
}

int main(void) {
    uint32_t *in = malloc(PITCH * H), *out = malloc(PITCH * H);
    app_timeline *timeline = app_timeline_create(64u << 20);
    CHECK(in && out && timeline, "made");

    bool pushed = true;
    for (long t = 0; t < 50; t++) {
        picture(in, t);
        double extra = 0.5 * (double)t;
        pushed = pushed && app_timeline_push(timeline, t, in, W, H, PITCH, &extra, sizeof extra);
    }
    CHECK(pushed && app_timeline_count(timeline) == 50, "50 frames pushed");
    CHECK(app_timeline_first(timeline) == 0 && app_timeline_last(timeline) == 49, "ticks 0..49");
    bool all_same = true, extras = true;
    for (long t = 0; t < 50; t++) {
        picture(in, t);
        memset(out, 0, PITCH * H);
        const void *extra = NULL;
        size_t extra_size = 0;
        all_same = all_same &&
                   app_timeline_restore(timeline, t, out, W, H, PITCH, &extra, &extra_size) &&
                   same_picture(in, out);
        double value;
        if (extra_size == sizeof value) {
            memcpy(&value, extra, sizeof value);
            extras = extras && value == 0.5 * (double)t;
        } else {
            extras = false;
        }
    }
    CHECK(all_same, "every picture comes back byte for byte (runs, noise, a wide pitch)");
    CHECK(extras, "every frame's extra comes back with it");
    CHECK(!app_timeline_restore(timeline, 50, out, W, H, PITCH, NULL, NULL), "no frame of tick 50");
    CHECK(!app_timeline_restore(timeline, 3, out, W + 1, H, PITCH, NULL, NULL),
          "a picture of another size is refused");
    CHECK(app_timeline_at_or_before(timeline, 1000) == 49 &&
              app_timeline_at_or_before(timeline, -1) == -1,
          "at or before: the last frame for a later tick, none before the first");

    /* 50 pictures whole would take W * H * 4 * 50 bytes; stored as changes
     * from the frame before (a square that moves, a band of noise), far less */
    size_t held = app_timeline_bytes(timeline);
    CHECK(held < (size_t)W * H * 4 * 50 / 3, "50 frames take under a third of their size");

    /* a cap of half of that: the oldest key frames go, with their changes */
    app_timeline_set_cap(timeline, held / 2);
    long first = app_timeline_first(timeline);
    CHECK(app_timeline_bytes(timeline) <= app_timeline_cap(timeline), "a lower cap drops frames");
    CHECK(app_timeline_last(timeline) == 49 && first > 0 && first % 16 == 0,
          "oldest first, a key frame and its changes at a time: the newest stay");
    bool under = true;
    for (long t = 50; t < 300; t++) {
        picture(in, t);
        app_timeline_push(timeline, t, in, W, H, PITCH, NULL, 0);
        under = under && app_timeline_bytes(timeline) <= app_timeline_cap(timeline);
    }
    CHECK(under && app_timeline_last(timeline) == 299 && app_timeline_first(timeline) > 200,
          "250 more pushes never go over the cap");
    bool recent = true;
    for (long t = app_timeline_first(timeline); t < 300; t++) {
        picture(in, t);
        recent = recent && app_timeline_restore(timeline, t, out, W, H, PITCH, NULL, NULL) &&
                 same_picture(in, out);
    }
    CHECK(recent, "every frame kept still comes back after the oldest were dropped");

    /* a push into the past forgets the frames from it on */
    picture(in, 1000);
    CHECK(app_timeline_push(timeline, 295, in, W, H, PITCH, NULL, 0) &&
              app_timeline_last(timeline) == 295,
          "pushing tick 295 again forgets 295..299");
    CHECK(app_timeline_restore(timeline, 295, out, W, H, PITCH, NULL, NULL) &&
              same_picture(in, out),
          "and holds the new picture of 295");

    picture(in, 296);
    CHECK(app_timeline_push(timeline, 296, in, W, H, PITCH, NULL, 0) &&
              app_timeline_restore(timeline, 296, out, W, H, PITCH, NULL, NULL) &&
              same_picture(in, out),
          "the frame after a push into the past comes back too");

    /* a frame bigger than the cap empties the timeline */
    app_timeline_set_cap(timeline, 100);
    CHECK(app_timeline_count(timeline) == 0 &&
              !app_timeline_push(timeline, 300, in, W, H, PITCH, NULL, 0),
          "a frame bigger than the cap is refused and nothing is held");
    app_timeline_clear(timeline);
    CHECK(app_timeline_first(timeline) == -1 && app_timeline_count(timeline) == 0, "cleared");

    app_timeline_destroy(timeline);
    free(in);
    free(out);
    return check_summary();
}
