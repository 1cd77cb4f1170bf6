/* engine_geometry.c - the deepest point of a segment in a solid
 * (lm_deepest_on_segment, engine/geometry.c) against brute force: for many
 * random boxes, capsules, spheres, planes and world boxes and random
 * segments, no point of a dense sampling of the segment may lie deeper than
 * the point it returns, and a few cases with a closed form land where they
 * should. White-box: it calls the engine's private geometry (geometry.h).
 *
 * The tolerance: the returned point is a real point of the segment, so it
 * can only be wrong by being too shallow. Every sample is measured by the
 * same lm_solid_distance, exact to a few ulp of coordinates of size ~1
 * (1e-15), so "no sample deeper by more than 1e-12" holds for an exact
 * minimum and fails for a search that stops short: the golden-section
 * search this replaced ended 2e-9 of the segment from an end or a corner
 * and missed such minima by up to 2e-9 |b - a|. */
#include <math.h>
#include <stdint.h>

#include "../engine/geometry.h"
#include "check.h"

#define PI 3.14159265358979323846

enum { SAMPLES = 4000, CASES = 3000 };

static double uniform(uint64_t *state, double lo, double hi) {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    return lo + (hi - lo) * (double)(*state >> 11) / 9007199254740992.0;
}

static lm_vec3 random_vector(uint64_t *state, double reach) {
    return (lm_vec3){uniform(state, -reach, reach), uniform(state, -reach, reach),
                     uniform(state, -reach, reach)};
}

static lm_quat random_rotation(uint64_t *state) {
    return lm_quat_from_axis_angle(random_vector(state, 1), uniform(state, 0, 2 * PI));
}

/* A segment near the solid: its middle within reach of the centre, its
 * length from 1 mm (a cloth's stick) to 3 m (across the whole solid). */
static void random_segment(uint64_t *state, lm_vec3 centre, double reach, lm_vec3 *a, lm_vec3 *b) {
    lm_vec3 mid = lm_add(centre, random_vector(state, reach));
    double length = exp(uniform(state, log(1e-3), log(3.0)));
    lm_vec3 dir = random_vector(state, 1);
    double n = lm_length(dir);
    dir = n > 0 ? lm_scale(dir, 0.5 * length / n) : lm_v3(0.5 * length, 0, 0);
    *a = lm_sub(mid, dir);
    *b = lm_add(mid, dir);
}

typedef struct worst {
    double deeper;   /* most any sample lay below the returned depth */
    double mismatch; /* most the returned depth differed from the distance at t */
    double off;      /* most the pushed point lay inside */
    double longer;   /* most a push exceeded the longest it should be */
    int out;         /* segments that one push brings wholly out */
    bool t_outside;  /* a t outside [0, 1] */
    int inside;      /* cases reaching into the solid */
} worst;

static void compare(const lm_collider_def *d, lm_vec3 a, lm_vec3 b, worst *w) {
    double t;
    lm_vec3 push, n;
    double depth = lm_deepest_on_segment(d, a, b, &t, &push);
    w->t_outside = w->t_outside || !(t >= 0 && t <= 1);
    lm_vec3 ab = lm_sub(b, a);
    w->mismatch = fmax(w->mismatch, fabs(depth - lm_solid_distance(d, lm_mad(a, ab, t), &n)));
    double least = INFINITY;
    for (int k = 0; k <= SAMPLES; k++) {
        least = fmin(least, lm_solid_distance(d, lm_mad(a, ab, (double)k / SAMPLES), &n));
    }
    w->deeper = fmax(w->deeper, depth - least);
    w->inside += depth < 0;
    if (depth < 0 && d->kind != LM_COLLIDER_WORLD_BOX) {
        /* Moved by the push, the deepest point is on the surface or out, and
         * the push is no longer than needed: the depth, or for a box's edge
         * sqrt(2) of it at most (two perpendicular faces' least move). */
        lm_vec3 pushed = lm_add(lm_mad(a, ab, t), push);
        w->off = fmax(w->off, -lm_solid_distance(d, pushed, &n));
        double reach = d->kind == LM_COLLIDER_BOX ? sqrt(2.0) : 1.0;
        w->longer = fmax(w->longer, lm_length(push) + reach * depth);
        double t2;
        lm_vec3 again;
        w->out += lm_deepest_on_segment(d, lm_add(a, push), lm_add(b, push), &t2, &again) > -1e-12;
    }
}

static void check_random(lm_collider_kind kind, const char *name, uint64_t seed) {
    uint64_t state = seed;
    worst w = {0, 0, 0, 0, 0, false, 0};
    for (int c = 0; c < CASES; c++) {
        lm_collider_def d = lm_collider_default_def();
        d.kind = kind;
        d.position = random_vector(&state, 2);
        d.rotation = random_rotation(&state);
        d.half_extents =
            (lm_vec3){uniform(&state, 0.02, 1), uniform(&state, 0.02, 1), uniform(&state, 0.02, 1)};
        d.radius = uniform(&state, 0.02, 1);
        d.half_length = uniform(&state, 0, 1);
        d.min = lm_sub(d.position, d.half_extents);
        d.max = lm_add(d.position, d.half_extents);
        double reach = kind == LM_COLLIDER_PLANE || kind == LM_COLLIDER_WORLD_BOX ? 0.5 : 1.0;
        lm_vec3 a, b;
        random_segment(&state, d.position, reach, &a, &b);
        compare(&d, a, b, &w);
    }
    char text[200];
    printf("# %s: %d of %d segments reach in (%d wholly out after one push); deepest sample "
           "below the answer by %.3g m, answer vs distance at t %.3g m, pushed point inside by "
           "%.3g m, push too long by %.3g m\n",
           name, w.inside, CASES, w.out, w.deeper, w.mismatch, w.off, w.longer);
    snprintf(text, sizeof text, "%s: no sample of %d random segments lies deeper than the answer",
             name, CASES);
    CHECK(w.deeper <= 1e-12, text);
    snprintf(text, sizeof text, "%s: the depth returned is the distance at the t returned", name);
    CHECK(w.mismatch <= 1e-12 && !w.t_outside, text);
    if (kind != LM_COLLIDER_WORLD_BOX) {
        snprintf(text, sizeof text, "%s: moved by the push, the deepest point is out", name);
        CHECK(w.off <= 1e-12, text);
        snprintf(text, sizeof text, "%s: no push longer than it needs to be", name);
        CHECK(w.longer <= 1e-12, text);
    }
    snprintf(text, sizeof text, "%s: both segments that reach in and ones that stay out", name);
    CHECK(w.inside > CASES / 20 && w.inside < CASES - CASES / 20, text);
}

static lm_collider_def unit_box(void) {
    lm_collider_def d = lm_collider_default_def();
    d.kind = LM_COLLIDER_BOX;
    d.half_extents = (lm_vec3){1, 1, 1};
    return d;
}

static void check_closed_forms(void) {
    double t;
    lm_vec3 n;
    lm_collider_def box = unit_box();
    /* Across a box's edge: along x + y = 1.8, deepest where x = y = 0.9. */
    double depth = lm_deepest_on_segment(&box, lm_v3(0.3, 1.5, 0), lm_v3(1.5, 0.3, 0), &t, &n);
    CHECK_NEAR(t, 0.5, 1e-15, "a stick across a box's edge: deepest at its middle");
    CHECK_NEAR(depth, -0.1, 1e-15, "... 0.1 m in (the two faces' distances cross there)");
    /* Parallel to the top face inside: every point equally deep, the first. */
    depth = lm_deepest_on_segment(&box, lm_v3(-0.5, 0.9, 0), lm_v3(0.5, 0.9, 0), &t, &n);
    CHECK(t == 0, "a stick parallel to a face inside the box: the tie goes to its start");
    CHECK_NEAR(depth, -0.1, 1e-15, "... 0.1 m under the top face");
    CHECK(n.x == 0 && fabs(n.y - 0.1) < 1e-15 && n.z == 0, "... pushed 0.1 m up through it");
    /* Tilted inside: deepest at the lower end, exactly. */
    depth = lm_deepest_on_segment(&box, lm_v3(-0.5, 0.9, 0), lm_v3(0.5, 0.95, 0), &t, &n);
    CHECK(t == 0 && fabs(depth + 0.1) < 1e-15, "a tilted stick: deepest exactly at its end");
    /* A stick over a box's edge: the top's distance falls 0.1 along it, the
     * side's rises 1. The least move bringing the whole stick out lifts it
     * off the top 1.1 / 1.01 of the depth and off the side a tenth of that. */
    lm_vec3 a = lm_v3(0.5, 0.99, 0), b = lm_v3(1.5, 0.89, 0);
    depth = lm_deepest_on_segment(&box, a, b, &t, &n);
    double up = -depth * 1.1 / 1.01;
    CHECK(fabs(t - 0.49 / 1.1) < 1e-15 && fabs(depth - (0.5 + t - 1)) < 1e-15,
          "a stick over a box's top edge: deepest where it crosses the edge's line");
    CHECK(fabs(n.y - up) < 1e-15 && fabs(n.x - 0.1 * up) < 1e-15 && n.z == 0,
          "... lifted mostly up, off the top it lies along");
    double t2;
    lm_vec3 n2;
    double after = lm_deepest_on_segment(&box, lm_add(a, n), lm_add(b, n), &t2, &n2);
    CHECK(fabs(after) < 1e-15, "... which brings the whole stick out, touching");
    depth = lm_deepest_on_segment(&box, b, a, &t, &n2);
    CHECK(fabs(n2.x - n.x) < 1e-15 && fabs(n2.y - n.y) < 1e-15, "... the same from either end");
    depth = lm_deepest_on_segment(&box, lm_v3(0.99, 0.5, 0), lm_v3(0.89, 1.5, 0), &t, &n);
    CHECK(fabs(n.x - 10 * n.y) < 1e-15 && n.y > 0,
          "a stick down the box's side over the same edge: mostly off the side");
    /* A level stick on a diamond's apex: both faces fall and rise alike. */
    lm_collider_def diamond = box;
    diamond.rotation = lm_quat_from_axis_angle(lm_v3(0, 0, 1), PI / 4);
    depth = lm_deepest_on_segment(&diamond, lm_v3(-1, 1.3, 0), lm_v3(1, 1.3, 0), &t, &n);
    CHECK(fabs(t - 0.5) < 1e-15 && fabs(depth - (1.3 - sqrt(2)) / sqrt(2)) < 1e-15,
          "a level stick on a diamond's apex: deepest over the apex");
    CHECK(fabs(n.x) < 1e-15 && fabs(n.y - (sqrt(2) - 1.3)) < 1e-15,
          "... pushed straight up to the apex, not off one face");
    /* Outside: the nearest point to the corner (1, 1, 1) of a line passing it. */
    depth = lm_deepest_on_segment(&box, lm_v3(2, 0, 1), lm_v3(0, 2, 1), &t, &n);
    CHECK(fabs(t - 0.5) < 1e-15 && fabs(depth) < 1e-15, "a stick touching a box's edge from out");
    depth = lm_deepest_on_segment(&box, lm_v3(3, 0, 1.5), lm_v3(0, 3, 1.5), &t, &n);
    CHECK(fabs(t - 0.5) < 1e-15 && fabs(depth - sqrt(0.25 + 0.25 + 0.25)) < 1e-15,
          "a stick passing a box's corner: its distance, at its middle");

    lm_collider_def capsule = lm_collider_default_def();
    capsule.kind = LM_COLLIDER_CAPSULE;
    capsule.radius = 0.5;
    capsule.half_length = 1;
    capsule.rotation = lm_quat_from_axis_angle(lm_v3(0, 0, 1), PI / 2); /* along y */
    depth = lm_deepest_on_segment(&capsule, lm_v3(-1, 0.3, 0.2), lm_v3(1, 0.3, 0.2), &t, &n);
    CHECK(fabs(t - 0.5) < 1e-15 && fabs(depth + 0.3) < 1e-15,
          "a stick across a capsule 0.2 m from its axis: 0.3 m in at its middle");
    CHECK(fabs(n.x) < 1e-15 && fabs(n.y) < 1e-15 && fabs(n.z - 0.3) < 1e-15,
          "... pushed 0.3 m along the common perpendicular");
    lm_collider_def along_x = capsule;
    along_x.rotation = (lm_quat){1, 0, 0, 0}; /* an axis with no rounding in it */
    depth = lm_deepest_on_segment(&along_x, lm_v3(-0.5, 0.1, 0), lm_v3(0.5, 0.1, 0), &t, &n);
    CHECK(t == 0 && fabs(depth + 0.4) < 1e-15,
          "a stick parallel to a capsule's axis inside: 0.4 m in, the tie to its start");
    depth = lm_deepest_on_segment(&capsule, lm_v3(-1, 2, 0.3), lm_v3(1, 2, 0.3), &t, &n);
    CHECK(fabs(t - 0.5) < 1e-15 && fabs(depth - sqrt(1 + 0.09) + 0.5) < 1e-15,
          "a stick passing over a capsule's end: its distance to the cap");

    lm_collider_def degenerate = unit_box();
    depth = lm_deepest_on_segment(&degenerate, lm_v3(0.5, 0.2, 0), lm_v3(0.5, 0.2, 0), &t, &n);
    CHECK(t == 0 && fabs(depth + 0.5) < 1e-15, "a segment of zero length: its point");
}

int main(void) {
    check_closed_forms();
    check_random(LM_COLLIDER_BOX, "box", 0x9e3779b97f4a7c15ull);
    check_random(LM_COLLIDER_CAPSULE, "capsule", 0x1234567887654321ull);
    check_random(LM_COLLIDER_SPHERE, "sphere", 0x0badc0ffee0ddf00ull);
    check_random(LM_COLLIDER_PLANE, "plane", 0x5555aaaa5555aaaaull);
    check_random(LM_COLLIDER_WORLD_BOX, "world box", 0x0123456789abcdefull);
    return check_summary();
}
