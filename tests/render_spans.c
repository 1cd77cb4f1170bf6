/*
 * render_spans.c - the quick ways of painting a span (render/fill.c: a
 * translucent colour two samples at a time over the colour under it, depth
 * spans four samples at a time, shading without clamps where its planes
 * stay in range) paint the same bytes as one sample at a time
 * (raster->plain_spans), in pictures built to reach every case:
 *   - shaded depth triangles with colours from 0 to 255 and gradients too
 *     steep for the range (clamped), folded through each other, with equal
 *     depths (ties: the first one drawn keeps the sample);
 *   - flat depth triangles, flat and shaded translucent ones, translucent
 *     floors over a background and over what was drawn before;
 *   - spans of every length from 1 sample, at every offset in a tile;
 *   - on 1 and 3 threads;
 * and a translucent triangle behind an opaque one never shows through.
 */
#include "check.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "raster_check.h"

enum { W = 260, H = 180 };

/* Channels often at 0 or 255, where clamps and their absence differ. */
static uint32_t color(uint32_t *state, bool opaque) {
    uint32_t c = 0;
    for (int k = 0; k < 3; k++) {
        uint32_t pick = next_random(state) % 4;
        uint32_t v = pick == 0 ? 0 : pick == 1 ? 255 : next_random(state) % 256;
        c |= v << (24 - 8 * k);
    }
    return c | (opaque ? 0xFFu : 20u + next_random(state) % 220u);
}

static void scene(lr_list *list, uint32_t seed) {
    uint32_t state = seed;
    lr_list_reset(list, W, H, 0xF4F4F0FFu);
    /* A translucent floor over most of the picture. */
    lr_point floor[4] = {{-10, 40}, {W + 10, 30}, {W + 20, H + 10}, {-20, H + 5}};
    lr_list_fill(list, floor, 4, 0x40408040u, true);
    for (int i = 0; i < 400; i++) {
        uint32_t kind = next_random(&state) % 8;
        double size =
            next_random(&state) % 3 == 0 ? uniform(&state, 0.3, 4) : uniform(&state, 4, 90);
        double x = uniform(&state, -20, W + 20), y = uniform(&state, -20, H + 20);
        lr_point corners[3];
        float depths[3];
        uint32_t colors[3];
        for (int k = 0; k < 3; k++) {
            corners[k] = (lr_point){(float)(x + uniform(&state, -size, size)),
                                    (float)(y + uniform(&state, -size, size))};
            /* Few depth levels: ties and crossings. */
            depths[k] = (float)(next_random(&state) % 5);
        }
        bool shaded = kind < 5, opaque = kind != 4 && kind != 6;
        for (int k = 0; k < 3; k++)
            colors[k] = color(&state, opaque);
        if (!shaded)
            colors[1] = colors[2] = colors[0];
        bool depth = kind != 7;
        lr_list_triangle(list, corners, colors, depth ? depths : NULL);
    }
}

int main(void) {
    lr_list *list = lr_list_create();
    int same = 0, differ = 0;
    for (uint32_t seed = 1; seed <= 30; seed++) {
        scene(list, seed);
        unsigned char *a = raster_draw(list, W, H, (raster_mode){.plain_spans = true, .threads = 1},
                                       NULL),
                      *b = raster_draw(list, W, H, (raster_mode){.threads = 1}, NULL),
                      *c = raster_draw(list, W, H, (raster_mode){.threads = 3}, NULL);
        if (a && b && c && memcmp(a, b, (size_t)W * H * 4) == 0 &&
            memcmp(b, c, (size_t)W * H * 4) == 0)
            same++;
        else
            differ++;
        free(a);
        free(b);
        free(c);
    }
    char name[200];
    snprintf(name, sizeof name,
             "30 pictures of shaded, flat and translucent triangles, with and without depth: the "
             "same bytes as one sample at a time, and on 3 threads (%d the same, %d not)",
             same, differ);
    CHECK(differ == 0, name);

    /* An opaque triangle in front (depth 1), then a translucent one behind
     * it (depth 2) and one in front (depth 0.5), over a row 37 samples
     * long (quads and a remainder). */
    lr_list_reset(list, W, H, 0xFFFFFFFFu);
    lr_point big[3] = {{0, 0}, {100, 0}, {0, 100}};
    uint32_t black[3] = {0x000000FFu, 0x000000FFu, 0x000000FFu};
    uint32_t red[3] = {0xFF000080u, 0xFF000080u, 0xFF000080u};
    uint32_t blue[3] = {0x0000FF80u, 0x0000FF80u, 0x0000FF80u};
    float one[3] = {1, 1, 1}, two[3] = {2, 2, 2}, half[3] = {0.5f, 0.5f, 0.5f};
    lr_point left[3] = {{0, 0}, {18.5f, 0}, {0, 60}}, right[3] = {{18.5f, 0}, {60, 0}, {18.5f, 60}};
    lr_list_triangle(list, big, black, one);
    lr_list_triangle(list, left, red, two);
    lr_list_triangle(list, right, blue, half);
    unsigned char *p = raster_draw(list, W, H, (raster_mode){.threads = 1}, NULL);
    const unsigned char *behind = p + 4 * ((size_t)5 * W + 4),
                        *front = p + 4 * ((size_t)5 * W + 30);
    snprintf(name, sizeof name,
             "a translucent triangle behind an opaque one is hidden (#%02x%02x%02x), one in front "
             "blends over it (#%02x%02x%02x)",
             behind[0], behind[1], behind[2], front[0], front[1], front[2]);
    CHECK(behind[0] == 0 && behind[1] == 0 && behind[2] == 0 && front[0] == 0 && front[1] == 0 &&
              front[2] == 0x80,
          name);
    free(p);
    lr_list_destroy(list);
    return check_summary();
}
