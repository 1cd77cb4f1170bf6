/*
 * app_timeline.c - the window's timeline store (app/timeline.h): every
 * picture comes back byte for byte, noise and plain backgrounds alike; the
 * cap holds, oldest frames go first; a push into the past forgets the
 * future; extras come back with their frame. All of it twice: keeping on
 * the caller's thread and in the background; then what is particular to the
 * background: a frame read at once after its push, pushes outrunning the
 * keeper under a cap, a new picture size, a clear and a destroy while
 * pictures wait to be kept (leaks: make check).
 */
#include "../app/timeline.h"
#include "check.h"

#include <stddef.h>
#include <stdint.h>
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
            if (y >= 40 && y < 50) {
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

/* The timeline's behaviour, keeping in the background or not. */
static void store(bool background, uint32_t *in, uint32_t *out) {
    printf("# keeping %s\n", background ? "in the background" : "on the caller's thread");
    app_timeline *timeline = app_timeline_create(64u << 20, background);
    CHECK(timeline && app_timeline_background(timeline) == background, "made");

    bool pushed = true;
    for (long t = 0; t < 50; t++) {
        picture(in, t);
        double extra = 0.5 * (double)t;
        pushed = pushed && app_timeline_push(timeline, t, in, W, H, PITCH, &extra, sizeof extra);
    }
    CHECK(pushed && app_timeline_count(timeline) == 50, "50 frames pushed");
    CHECK(app_timeline_first(timeline) == 0 && app_timeline_last(timeline) == 49, "ticks 0..49");
    bool all_same = true, extras = true, aligned = true;
    for (long t = 0; t < 50; t++) {
        picture(in, t);
        memset(out, 0, PITCH * H);
        const void *extra = NULL;
        size_t extra_size = 0;
        all_same = all_same &&
                   app_timeline_restore(timeline, t, out, W, H, PITCH, &extra, &extra_size) &&
                   same_picture(in, out);
        double value;
        /* Read in place as the window does (its probe samples): aligned
         * for any type whatever the picture's compressed length. */
        aligned = aligned && (uintptr_t)extra % _Alignof(max_align_t) == 0;
        if (extra_size == sizeof value) {
            memcpy(&value, extra, sizeof value);
            extras = extras && value == 0.5 * (double)t;
        } else {
            extras = false;
        }
    }
    CHECK(all_same, "every picture comes back byte for byte (runs, noise, a wide pitch)");
    CHECK(extras, "every frame's extra comes back with it");
    CHECK(aligned, "every extra comes back aligned for any type");
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

    /* a frame bigger than the cap empties the timeline (in the background
     * the push only hands the picture over: the count says) */
    app_timeline_set_cap(timeline, 100);
    CHECK(app_timeline_count(timeline) == 0, "a cap too small for any frame holds none");
    bool refused = !app_timeline_push(timeline, 300, in, W, H, PITCH, NULL, 0);
    CHECK((refused || background) && app_timeline_count(timeline) == 0 &&
              app_timeline_last(timeline) == -1,
          "a frame bigger than the cap is refused and nothing is held");
    app_timeline_set_cap(timeline, 64u << 20);
    app_timeline_clear(timeline);
    CHECK(app_timeline_first(timeline) == -1 && app_timeline_count(timeline) == 0, "cleared");
    picture(in, 7);
    CHECK(app_timeline_push(timeline, 7, in, W, H, PITCH, NULL, 0) &&
              app_timeline_restore(timeline, 7, out, W, H, PITCH, NULL, NULL) &&
              same_picture(in, out) && app_timeline_first(timeline) == 7,
          "after a clear, a push is kept again");
    app_timeline_destroy(timeline);
}

/* Each frame read back at once after its push: the read waits for it. */
static void read_at_once(uint32_t *in, uint32_t *out) {
    app_timeline *timeline = app_timeline_create(64u << 20, true);
    bool all = true;
    for (long t = 0; t < 100; t++) {
        picture(in, t);
        all = all && app_timeline_push(timeline, t, in, W, H, PITCH, &t, sizeof t);
        memset(out, 0, PITCH * H);
        const void *extra = NULL;
        size_t extra_size = 0;
        all = all && app_timeline_last(timeline) == t &&
              app_timeline_restore(timeline, t, out, W, H, PITCH, &extra, &extra_size) &&
              same_picture(in, out) && extra_size == sizeof t && memcmp(extra, &t, sizeof t) == 0;
    }
    CHECK(all, "background: every frame read right after its push is the one pushed");
    app_timeline_destroy(timeline);
}

/* Pushes that outrun the keeper under a cap that drops frames meanwhile:
 * never over the cap, the newest frames kept whole, byte for byte. */
static void under_the_cap(uint32_t *in, uint32_t *out) {
    app_timeline *timeline = app_timeline_create(600u << 10, true);
    bool under = true;
    for (long t = 0; t < 400; t++) {
        picture(in, t % 7 == 3 ? t - 1 : t); /* some frames the same as the one before */
        app_timeline_push(timeline, t, in, W, H, PITCH, NULL, 0);
        under = under && app_timeline_bytes(timeline) <= app_timeline_cap(timeline);
    }
    CHECK(under && app_timeline_most(timeline) <= app_timeline_cap(timeline),
          "background: what is held, waiting pictures included, never goes over the cap");
    long first = app_timeline_first(timeline);
    CHECK(first > 0 && first % 16 == 0 && app_timeline_last(timeline) == 399 &&
              app_timeline_count(timeline) == (size_t)(400 - first),
          "background: the oldest dropped a key frame at a time, the newest all kept");
    bool same = true;
    for (long t = first; t < 400; t++) {
        picture(in, t % 7 == 3 ? t - 1 : t);
        same = same && app_timeline_restore(timeline, t, out, W, H, PITCH, NULL, NULL) &&
               same_picture(in, out);
    }
    CHECK(same, "background: every frame kept comes back byte for byte");
    app_timeline_destroy(timeline);
}

/* A window resized: pictures of a new size queue behind the old ones. */
static void new_size(uint32_t *in, uint32_t *out) {
    app_timeline *timeline = app_timeline_create(64u << 20, true);
    for (long t = 0; t < 20; t++) {
        picture(in, t);
        app_timeline_push(timeline, t, in, t < 10 ? W : W - 1, H, PITCH, NULL, 0);
    }
    bool both = true;
    for (long t = 0; t < 20; t++) {
        picture(in, t);
        both = both &&
               app_timeline_restore(timeline, t, out, t < 10 ? W : W - 1, H, PITCH, NULL, NULL);
        for (int y = 0; y < H; y++)
            both = both &&
                   memcmp((unsigned char *)in + (size_t)y * PITCH,
                          (unsigned char *)out + (size_t)y * PITCH, (t < 10 ? W : W - 1) * 4) == 0;
    }
    CHECK(both, "background: frames of two sizes each come back at their own size");
    app_timeline_destroy(timeline);
}

/* A reload (clear) and a quit (destroy) while pictures wait to be kept. */
static void stop_while_waiting(uint32_t *in, uint32_t *out) {
    app_timeline *timeline = app_timeline_create(64u << 20, true);
    for (long t = 0; t < 30; t++) {
        picture(in, t);
        app_timeline_push(timeline, t, in, W, H, PITCH, &t, sizeof t);
    }
    app_timeline_clear(timeline);
    size_t left = app_timeline_bytes(timeline);
    CHECK(app_timeline_count(timeline) == 0 && app_timeline_first(timeline) == -1 &&
              left < (size_t)W * H * 4 * 7,
          "background: a clear while pushes wait forgets them all, the waiting ones too");
    bool again = true;
    for (long t = 0; t < 5; t++) {
        picture(in, 100 + t);
        app_timeline_push(timeline, t, in, W, H, PITCH, NULL, 0);
    }
    for (long t = 0; t < 5; t++) {
        picture(in, 100 + t);
        again = again && app_timeline_restore(timeline, t, out, W, H, PITCH, NULL, NULL) &&
                same_picture(in, out);
    }
    CHECK(again && app_timeline_count(timeline) == 5,
          "background: after the clear, the new pictures only, byte for byte");
    for (long t = 5; t < 40; t++) {
        picture(in, t);
        app_timeline_push(timeline, t, in, W, H, PITCH, &t, sizeof t);
    }
    /* Pictures still waiting: the keeper stops, nothing leaks (make check's
     * leak sanitizer). */
    app_timeline_destroy(timeline);
}

int main(void) {
    uint32_t *in = malloc(PITCH * H), *out = malloc(PITCH * H);
    CHECK(in && out, "pictures");
    store(false, in, out);
    store(true, in, out);
    read_at_once(in, out);
    under_the_cap(in, out);
    new_size(in, out);
    stop_while_waiting(in, out);
    free(in);
    free(out);
    return check_summary();
}
