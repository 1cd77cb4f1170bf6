/*
 * render_polygon.c - a flat convex fan drawn as one polygon op paints the
 * same bytes as its triangles (render/polygon.c), and an opaque polygon
 * painted next leaves out only what it covers:
 *   - discs of every size (down to a thousandth of a pixel, where rounding
 *     bends the fan out of shape and it must stay triangles), opaque and
 *     translucent, with and without outlines, partly or wholly outside the
 *     picture, far out in the guard band;
 *   - balls: discs shrinking towards one side, each opaque one painted over
 *     the last (the cover), a translucent one among them (no cover);
 *   - convex fills either way round, a fill wrongly marked convex, CLIPs;
 *   - on 1 and 3 threads.
 */
#include "check.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "raster_check.h"

enum { W = 300, H = 200 };

static uint32_t color(uint32_t *state, bool translucent) {
    uint32_t rgb = next_random(state) << 8;
    return translucent ? rgb | (32u + next_random(state) % 190u) : rgb | 0xFFu;
}

static void ball(lr_list *list, double x, double y, double r, uint32_t *state) {
    lr_list_circle(list, (float)x, (float)y, (float)r, 0x202020FFu, 0.0f, 0, NULL);
    int rings = 7 + (int)(r / 6.0);
    double lx = uniform(state, -1, 1), ly = sqrt(1 - lx * lx);
    bool glass = next_random(state) % 4 == 0; /* one ring translucent */
    for (int k = 0; k < rings; k++) {
        double t = (double)k / rings;
        uint32_t c = color(state, glass && k == rings / 2);
        lr_list_circle(list, (float)(x + lx * 0.42 * r * t), (float)(y + ly * 0.42 * r * t),
                       (float)(r * (1.0 - 0.82 * t)), c, 0.0f, 0, NULL);
    }
}

static void convex_fill(lr_list *list, uint32_t *state, bool wrongly) {
    enum { MOST = 40 };
    lr_point points[MOST];
    int n = 3 + (int)(next_random(state) % (MOST - 3));
    double cx = uniform(state, -50, W + 50), cy = uniform(state, -50, H + 50);
    double rx = uniform(state, 0.01, 150), ry = uniform(state, 0.01, 150);
    double turn = uniform(state, 0, 6.28), way = next_random(state) % 2 ? 1.0 : -1.0;
    for (int i = 0; i < n; i++) {
        double a = turn + way * 6.283185307179586 * i / n;
        double bump = wrongly && i % 3 == 1 ? 0.3 : 1.0; /* a dent: not convex */
        points[i] = (lr_point){(float)(cx + bump * rx * cos(a)), (float)(cy + bump * ry * sin(a))};
    }
    lr_list_fill(list, points, (size_t)n, color(state, next_random(state) % 3 == 0), true);
}

static void scene(lr_list *list, uint32_t seed) {
    uint32_t state = seed;
    lr_list_reset(list, W, H, 0xF4F4F0FFu);
    for (int i = 0; i < 160; i++) {
        uint32_t kind = next_random(&state) % 10;
        double x = uniform(&state, -80, W + 80), y = uniform(&state, -80, H + 80);
        if (kind < 4) {
            /* Sizes spread over six decades. */
            double r = pow(10.0, uniform(&state, -3.0, 2.5));
            bool outline = next_random(&state) % 4 == 0;
            lr_list_circle(list, (float)x, (float)y, (float)r,
                           color(&state, next_random(&state) % 3 == 0), outline ? 1.5f : 0.0f,
                           color(&state, false), NULL);
        } else if (kind < 6) {
            ball(list, x, y, uniform(&state, 2, 90), &state);
        } else if (kind < 8) {
            convex_fill(list, &state, false);
        } else if (kind == 8) {
            convex_fill(list, &state, true);
        } else if (next_random(&state) % 2) {
            lr_list_clip(list, (float)uniform(&state, -10, W), (float)uniform(&state, -10, H),
                         (float)uniform(&state, 0, W), (float)uniform(&state, 0, H));
        } else {
            lr_list_clip(list, 0, 0, 0, 0);
        }
    }
    /* Out in the guard band, and a disc as big as the guard band allows. */
    lr_list_circle(list, -3000.0f, 100.0f, 2990.0f, 0x3060A0FFu, 0.0f, 0, NULL);
    lr_list_circle(list, W / 2.0f, H / 2.0f, 9000.0f, 0x60A03040u, 0.0f, 0, NULL);
}

int main(void) {
    lr_list *list = lr_list_create();
    size_t polygons_seen = 0;
    int same = 0, differ = 0;
    for (uint32_t seed = 1; seed <= 40; seed++) {
        scene(list, seed);
        size_t fans, polygons, polygons3;
        unsigned char *a =
            raster_draw(list, W, H, (raster_mode){.fans_only = true, .threads = 1}, &fans);
        unsigned char *b = raster_draw(list, W, H, (raster_mode){.threads = 1}, &polygons);
        unsigned char *c = raster_draw(list, W, H, (raster_mode){.threads = 3}, &polygons3);
        if (a && b && c && fans == 0 && memcmp(a, b, (size_t)W * H * 4) == 0 &&
            memcmp(b, c, (size_t)W * H * 4) == 0) {
            same++;
        } else {
            differ++;
            if (a && b) {
                for (int i = 0; i < W * H; i++)
                    if (memcmp(a + 4 * i, b + 4 * i, 4) != 0) {
                        printf("# seed %u: first difference at (%d, %d)\n", seed, i % W, i / W);
                        break;
                    }
            }
        }
        polygons_seen += polygons;
        free(a);
        free(b);
        free(c);
    }
    char name[200];
    snprintf(name, sizeof name,
             "40 pictures of discs, balls and convex fills: the same bytes as fans of triangles "
             "and on 3 threads (%d the same, %d not)",
             same, differ);
    CHECK(differ == 0, name);
    snprintf(name, sizeof name, "polygon ops were drawn (%zu of them)", polygons_seen);
    CHECK(polygons_seen > 40 * 50, name);

    /* An opaque disc under a translucent one: the translucent one is no
     * cover, the blend shows; under an opaque one, its colour alone. */
    lr_list_reset(list, W, H, 0xFFFFFFFFu);
    lr_list_circle(list, 100, 100, 60, 0x000000FFu, 0.0f, 0, NULL);
    lr_list_circle(list, 100, 100, 30, 0xFF000080u, 0.0f, 0, NULL);
    lr_list_circle(list, 200, 100, 60, 0x000000FFu, 0.0f, 0, NULL);
    lr_list_circle(list, 200, 100, 30, 0x00FF00FFu, 0.0f, 0, NULL);
    size_t polygons;
    unsigned char *p = raster_draw(list, W, H, (raster_mode){.threads = 1}, &polygons);
    const unsigned char *glass = p + 4 * ((size_t)100 * W + 100);
    const unsigned char *green = p + 4 * ((size_t)100 * W + 200);
    const unsigned char *ring = p + 4 * ((size_t)100 * W + 150);
    snprintf(name, sizeof name,
             "red at half alpha over black is #800000 (#%02x%02x%02x), green over black is "
             "green (#%02x%02x%02x), the black ring round it black (#%02x%02x%02x)",
             glass[0], glass[1], glass[2], green[0], green[1], green[2], ring[0], ring[1], ring[2]);
    CHECK(polygons == 4 && glass[0] == 0x80 && glass[1] == 0 && glass[2] == 0 && green[0] == 0 &&
              green[1] == 0xFF && green[2] == 0 && ring[0] == 0 && ring[1] == 0 && ring[2] == 0,
          name);
    free(p);
    lr_list_destroy(list);
    return check_summary();
}
