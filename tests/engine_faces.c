/* engine_faces.c - collision faces (Jakobsen 5 for triangles): the deepest
 * point of a triangle in a sphere, capsule and box against closed forms, the
 * mass-weighted push, a cloth over a sphere smaller than its cells, a
 * tetrahedron on ridges thinner than its faces, conservation and
 * determinism. Each contrast also runs without faces, so it fails if faces
 * stop working. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../engine/loom.h"
#include "check.h"

static const double G = 9.81;

static lm_world *make_world(int substeps, int iterations, double gravity) {
    lm_world_def def = lm_world_default_def();
    def.gravity = (lm_vec3){0, -gravity, 0};
    def.substeps = substeps;
    def.iterations = iterations;
    return lm_world_create(&def);
}

static lm_particle point(lm_world *w, lm_vec3 pos, double mass) {
    lm_particle_def def = lm_particle_default_def();
    def.position = pos;
    def.mass = mass;
    return lm_particle_create(w, &def);
}

static lm_collider sphere(lm_world *w, lm_vec3 centre, double radius, double friction) {
    lm_collider_def def = lm_collider_default_def();
    def.friction = friction;
    def.kind = LM_COLLIDER_SPHERE;
    def.position = centre;
    def.radius = radius;
    return lm_collider_create(w, &def);
}

/* A capsule along x (or z, turned about y). */
static lm_collider capsule(lm_world *w, lm_vec3 centre, double radius, double half_length,
                           bool along_z, double friction) {
    lm_collider_def def = lm_collider_default_def();
    def.kind = LM_COLLIDER_CAPSULE;
    def.position = centre;
    def.radius = radius;
    def.half_length = half_length;
    def.friction = friction;
    if (along_z) {
        def.rotation = lm_quat_from_axis_angle((lm_vec3){0, 1, 0}, 1.5707963267948966);
    }
    return lm_collider_create(w, &def);
}

/* An axis-aligned box of half size h, turned so a corner points up when asked. */
static lm_collider box(lm_world *w, lm_vec3 centre, double h, bool corner_up) {
    lm_collider_def def = lm_collider_default_def();
    def.kind = LM_COLLIDER_BOX;
    def.position = centre;
    def.half_extents = (lm_vec3){h, h, h};
    if (corner_up) {
        def.rotation = lm_quat_from_to((lm_vec3){1, 1, 1}, (lm_vec3){0, 1, 0});
    }
    return lm_collider_create(w, &def);
}

/* ---------------------------------------------------------- closed forms -- */

static void test_depths(void) {
    lm_world *w = make_world(1, 10, G);
    lm_vec3 a = {-1, 0.05, -1}, b = {1, 0.05, -1}, c = {0, 0.05, 2};
    lm_collider s = sphere(w, (lm_vec3){0, 0, 0}, 0.1, 0);
    CHECK_NEAR(lm_collider_triangle_depth(w, s, a, b, c), 0.05, 1e-12,
               "sphere: the interior point over the centre is deepest");
    lm_vec3 far[3] = {{2, 0, 0}, {3, 0, 0}, {2, 1, 0}};
    CHECK(lm_collider_triangle_depth(w, s, far[0], far[1], far[2]) == 0, "a far triangle: depth 0");
    /* The triangle's corners are all outside: only its inside reaches in. */
    lm_collider k = capsule(w, (lm_vec3){0, 0, 0}, 0.1, 0.5, false, 0);
    CHECK_NEAR(lm_collider_triangle_depth(w, k, a, b, c), 0.05, 1e-8,
               "capsule: a flat triangle across it");
    lm_vec3 p = {0.2, -1, -1}, q = {0.2, -1, 1}, r = {0.2, 1, 0};
    CHECK_NEAR(lm_collider_triangle_depth(w, k, p, q, r), 0.1, 1e-8,
               "capsule: a triangle pierced by the axis is in by the radius");
    lm_vec3 e1 = {-1, 0.12, -1}, e2 = {1, 0.12, -1}, e3 = {0, 0.12, -0.06};
    CHECK_NEAR(lm_collider_triangle_depth(w, k, e1, e2, e3), 0.0, 1e-12,
               "capsule: a triangle beside it (0.02 away) is out");
    /* Degenerate triangles: two corners at one point (a segment), or all three. */
    lm_vec3 z0 = {0, 0, 0}, z1 = {1, 1, 0}, z2 = {0.05, 0, 0};
    CHECK_NEAR(lm_collider_triangle_depth(w, k, z0, z0, z1), 0.1, 1e-8,
               "capsule: a triangle collapsed to a segment across the axis");
    CHECK_NEAR(lm_collider_triangle_depth(w, s, z2, z2, z2), 0.05, 1e-12,
               "sphere: a triangle collapsed to a point");
    lm_collider o = box(w, (lm_vec3){0, 0, 0}, 0.1, false);
    CHECK_NEAR(lm_collider_triangle_depth(w, o, a, b, c), 0.05, 1e-12,
               "box: a flat triangle through its upper half");
    /* A corner up: it pokes 0.05 through the plane y = 0.1 sqrt 3 - 0.05; the
     * deepest point of the plane is on the diagonal, 0.05 / sqrt 3 from each
     * of the three faces at the corner. */
    lm_collider turned = box(w, (lm_vec3){0, 0, 0}, 0.1, true);
    double y = 0.1 * sqrt(3.0) - 0.05;
    lm_vec3 ta = {-1, y, -1}, tb = {1, y, -1}, tc = {0, y, 2};
    CHECK_NEAR(lm_collider_triangle_depth(w, turned, ta, tb, tc), 0.05 / sqrt(3.0), 1e-9,
               "box corner through a triangle: 0.05 / sqrt 3");
    /* The same triangle cut so the corner pokes through one of its edges. */
    lm_vec3 ua = {-1, y, 0.02}, ub = {1, y, 0.02}, uc = {0, y, 2};
    double edge = lm_collider_triangle_depth(w, turned, ua, ub, uc);
    CHECK(edge > 0 && edge < 0.05 / sqrt(3.0), "box corner past a triangle's edge: shallower");
    lm_vec3 sa = {1, 0.05, 1}, sb = {2, 0.05, 1}, sc = {1, 0.05, 2};
    CHECK(lm_collider_triangle_depth(w, o, sa, sb, sc) == 0, "box: a triangle beside it is out");
    lm_world_destroy(w);
}

/* ------------------------------------------------------- mass weighting -- */

/* A triangle in y = 0 centred on the origin, over a sphere 0.1 below whose
 * radius 0.12 reaches 0.02 through the centroid (c = 1/3 each). One step
 * of one sweep; returns how far each corner rose. */
static void push_triangle(const double mass[3], double rise[3]) {
    lm_world *w = make_world(1, 1, 0);
    lm_vec3 at[3] = {{-0.5, 0, -0.3}, {0.5, 0, -0.3}, {0, 0, 0.6}};
    lm_particle p[3];
    for (int i = 0; i < 3; i++) {
        p[i] = point(w, at[i], mass[i]);
    }
    lm_face_create(w, p[0], p[1], p[2]);
    sphere(w, (lm_vec3){0, -0.1, 0}, 0.12, 0);
    lm_world_step(w);
    for (int i = 0; i < 3; i++) {
        rise[i] = lm_particle_position(w, p[i]).y;
    }
    lm_world_destroy(w);
}

static void test_weights(void) {
    double rise[3];
    push_triangle((double[3]){1, 1, 1}, rise);
    /* lambda = 1 / (3 / 9) = 3: each corner moves c w lambda D = D. */
    CHECK(fabs(rise[0] - 0.02) < 1e-9 && fabs(rise[1] - 0.02) < 1e-9 && fabs(rise[2] - 0.02) < 1e-9,
          "equal masses: the triangle rises by the depth, as one (Jakobsen's lambda)");
    push_triangle((double[3]){0, 1, 1}, rise);
    CHECK(rise[0] == 0, "an immovable corner stays put");
    /* lambda = 1 / (2 / 9) = 4.5: the others move 1.5 D. */
    CHECK_NEAR(rise[1], 0.03, 1e-3, "the movable corners move 1.5 D (first)");
    CHECK_NEAR(rise[2], 0.03, 1e-3, "the movable corners move 1.5 D (second)");
    push_triangle((double[3]){1, 1, 4}, rise);
    /* lambda = 1 / (2.25 / 9) = 4: the light corners move 4/3 D, the heavy one D / 3. */
    CHECK_NEAR(rise[0], 0.02 * 4 / 3, 2e-4, "mass-weighted: a light corner moves 4/3 D");
    CHECK_NEAR(rise[2], 0.02 / 3, 2e-4, "mass-weighted: the 4x heavier corner moves D / 3");
    CHECK_NEAR((rise[0] + rise[1] + rise[2]) / 3, 0.02, 1e-4,
               "the penetration point rises by the depth");
}

/* ---------------------------------------------------------------- cloth -- */

#define N 11 /* particles per side: cells of 0.1 m */

typedef struct cloth {
    lm_particle p[N][N];
    lm_constraint faces[2 * (N - 1) * (N - 1)];
    int face_count;
} cloth;

/* A horizontal 1 m cloth at height y (xz-plane), structural and shear
 * sticks, and two faces per cell when asked. */
static void make_cloth(lm_world *w, cloth *c, double y, lm_vec3 velocity, bool faces) {
    for (int i = 0; i < N; i++) {
        for (int j = 0; j < N; j++) {
            lm_particle_def def = lm_particle_default_def();
            def.position = (lm_vec3){-0.5 + 0.1 * i, y, -0.5 + 0.1 * j};
            def.velocity = velocity;
            def.mass = 0.01;
            c->p[i][j] = lm_particle_create(w, &def);
        }
    }
    lm_stick_def s = lm_stick_default_def();
    for (int i = 0; i < N; i++) {
        for (int j = 0; j < N; j++) {
            s.a = c->p[i][j];
            if (i + 1 < N) {
                s.b = c->p[i + 1][j];
                lm_stick_create(w, &s);
            }
            if (j + 1 < N) {
                s.b = c->p[i][j + 1];
                lm_stick_create(w, &s);
            }
            if (i + 1 < N && j + 1 < N) {
                s.b = c->p[i + 1][j + 1];
                lm_stick_create(w, &s);
                s.a = c->p[i + 1][j];
                s.b = c->p[i][j + 1];
                lm_stick_create(w, &s);
            }
        }
    }
    c->face_count = 0;
    for (int i = 0; faces && i + 1 < N; i++) {
        for (int j = 0; j + 1 < N; j++) {
            c->faces[c->face_count++] =
                lm_face_create(w, c->p[i][j], c->p[i + 1][j], c->p[i + 1][j + 1]);
            c->faces[c->face_count++] =
                lm_face_create(w, c->p[i][j], c->p[i + 1][j + 1], c->p[i][j + 1]);
        }
    }
}

/* The deepest any cell triangle (faces or not) or vertex reaches into the collider. */
static double cloth_depth(const lm_world *w, const cloth *c, lm_collider k) {
    double worst = 0;
    for (int i = 0; i + 1 < N; i++) {
        for (int j = 0; j + 1 < N; j++) {
            lm_vec3 a = lm_particle_position(w, c->p[i][j]);
            lm_vec3 b = lm_particle_position(w, c->p[i + 1][j]);
            lm_vec3 d = lm_particle_position(w, c->p[i + 1][j + 1]);
            lm_vec3 e = lm_particle_position(w, c->p[i][j + 1]);
            worst = fmax(worst, lm_collider_triangle_depth(w, k, a, b, d));
            worst = fmax(worst, lm_collider_triangle_depth(w, k, a, d, e));
            worst = fmax(worst, -lm_collider_distance(w, k, a));
        }
    }
    return worst;
}

static double cloth_top(const lm_world *w, const cloth *c) {
    double top = -INFINITY;
    for (int i = 0; i < N; i++) {
        for (int j = 0; j < N; j++) {
            top = fmax(top, lm_particle_position(w, c->p[i][j]).y);
        }
    }
    return top;
}

/* A sphere of radius 0.03 (a cell is 0.1) rises at 1 m/s from below the
 * middle of a cell into a cloth falling onto it. Returns the deepest reach
 * over the run and the cloth's highest point at the end. */
static double lift_cloth(bool faces, double *top) {
    lm_world *w = make_world(4, 10, G);
    cloth *c = malloc(sizeof *c);
    make_cloth(w, c, 0, (lm_vec3){0, 0, 0}, faces);
    lm_vec3 centre = {0.05, -0.2, 0.05};
    lm_collider ball = sphere(w, centre, 0.03, 0.5); /* friction holds the tent on */
    double worst = 0;
    for (int step = 0; step < 60; step++) {
        centre.y += 1.0 / 60;
        lm_collider_set_position(w, ball, centre);
        lm_world_step(w);
        worst = fmax(worst, cloth_depth(w, c, ball));
    }
    *top = cloth_top(w, c);
    free(c);
    lm_world_destroy(w);
    return worst;
}

static void test_cloth_lift(void) {
    double top_faces, top_bare;
    double with = lift_cloth(true, &top_faces);
    double without = lift_cloth(false, &top_bare);
    CHECK(with <= 1e-3, "faces: no cloth point is inside the small sphere beyond 1 mm");
    CHECK(top_faces > 0.75, "faces: the rising sphere carries the cloth up");
    CHECK(without > 0.005, "without faces the sphere passes between the particles");
    CHECK(top_bare < 0, "without faces the cloth falls past it");
    printf("# lift: depth %.2e m with faces, %.3f m without; top %.3f / %.3f m\n", with, without,
           top_faces, top_bare);
}

/* A cloth dropped on a small box standing on a corner (half size 0.03). */
static double drop_on_box(bool faces) {
    lm_world *w = make_world(4, 10, G);
    cloth *c = malloc(sizeof *c);
    make_cloth(w, c, 0.2, (lm_vec3){0, 0, 0}, faces);
    lm_collider k = box(w, (lm_vec3){0.05, 0, 0.05}, 0.03, true);
    double worst = 0;
    for (int step = 0; step < 40; step++) {
        lm_world_step(w);
        worst = fmax(worst, cloth_depth(w, c, k));
    }
    free(c);
    lm_world_destroy(w);
    return worst;
}

static void test_cloth_box(void) {
    double with = drop_on_box(true), without = drop_on_box(false);
    CHECK(with <= 1e-3, "faces: a cloth drapes over a box corner smaller than its cells");
    CHECK(without > 0.01, "without faces the box corner goes through the cloth");
    printf("# box: depth %.2e m with faces, %.3f m without\n", with, without);
}

/* A cloth moving sideways along a frictionless capsule ridge (along z)
 * drops onto it: the ridge pushes only across z, so the z momentum stays,
 * and with nothing driving it the energy does not grow. */
static void test_conservation(void) {
    lm_world *w = make_world(2, 10, G);
    cloth *c = malloc(sizeof *c);
    make_cloth(w, c, 0.1, (lm_vec3){0, 0, 0.5}, true);
    lm_collider ridge = capsule(w, (lm_vec3){0.05, 0, 0}, 0.02, 5, true, 0);
    double energy0 = 0, pz0 = 0, worst_gain = -INFINITY, worst_pz = 0, depth = 0;
    for (int step = 0; step <= 60; step++) {
        if (step > 0) {
            lm_world_step(w);
            depth = fmax(depth, cloth_depth(w, c, ridge));
        }
        double energy = 0, pz = 0;
        for (int i = 0; i < N; i++) {
            for (int j = 0; j < N; j++) {
                lm_vec3 x = lm_particle_position(w, c->p[i][j]);
                lm_vec3 v = lm_particle_velocity(w, c->p[i][j]);
                energy += 0.01 * (0.5 * (v.x * v.x + v.y * v.y + v.z * v.z) + G * x.y);
                pz += 0.01 * v.z;
            }
        }
        if (step == 0) {
            energy0 = energy;
            pz0 = pz;
        } else {
            worst_gain = fmax(worst_gain, energy - energy0);
            worst_pz = fmax(worst_pz, fabs(pz - pz0));
        }
    }
    CHECK(depth <= 1e-3, "faces: the cloth rests on a ridge thinner than its cells");
    CHECK(worst_pz < 1e-6 * fabs(pz0), "momentum along the ridge is kept (frictionless)");
    CHECK(worst_gain <= 1e-9, "the total energy never grows");
    printf("# ridge: depth %.2e m, z momentum drift %.2e, energy gain %.2e J\n", depth, worst_pz,
           worst_gain);
    free(c);
    lm_world_destroy(w);
}

/* -------------------------------------------------------------- bodies -- */

/* A regular tetrahedron (edge 0.5) lying on a face, dropped onto two
 * parallel ridges of radius 0.01 along x at z = +-0.06: they pass under
 * the bottom face but miss every corner. Returns the deepest reach of any
 * face, and the centroid's height at the end. */
static double tetra_on_ridges(bool faces, double *centroid_y) {
    lm_world *w = make_world(2, 10, G);
    double r = 0.5 / sqrt(3.0), y0 = 0.1;
    lm_vec3 at[4] = {{0, y0, r},
                     {-0.25, y0, -0.5 * r},
                     {0.25, y0, -0.5 * r},
                     {0, y0 + 0.5 * sqrt(2.0 / 3.0), 0}};
    lm_particle p[4];
    for (int i = 0; i < 4; i++) {
        p[i] = point(w, at[i], 0.25);
    }
    lm_stick_def s = lm_stick_default_def();
    for (int i = 0; i < 4; i++) {
        for (int j = i + 1; j < 4; j++) {
            s.a = p[i];
            s.b = p[j];
            lm_stick_create(w, &s);
        }
    }
    for (int i = 0; faces && i < 4; i++) {
        lm_face_create(w, p[(i + 1) % 4], p[(i + 2) % 4], p[(i + 3) % 4]);
    }
    lm_collider ridge[2] = {capsule(w, (lm_vec3){0, 0, 0.06}, 0.01, 1, false, 0.5),
                            capsule(w, (lm_vec3){0, 0, -0.06}, 0.01, 1, false, 0.5)};
    double worst = 0;
    for (int step = 0; step < 120; step++) {
        lm_world_step(w);
        for (int k = 0; k < 2; k++) {
            for (int i = 0; i < 4; i++) {
                worst = fmax(worst, lm_collider_triangle_depth(
                                        w, ridge[k], lm_particle_position(w, p[(i + 1) % 4]),
                                        lm_particle_position(w, p[(i + 2) % 4]),
                                        lm_particle_position(w, p[(i + 3) % 4])));
            }
        }
    }
    *centroid_y = 0;
    for (int i = 0; i < 4; i++) {
        *centroid_y += 0.25 * lm_particle_position(w, p[i]).y;
    }
    lm_world_destroy(w);
    return worst;
}

static void test_tetrahedron(void) {
    double y_faces, y_bare;
    double with = tetra_on_ridges(true, &y_faces), without = tetra_on_ridges(false, &y_bare);
    CHECK(with <= 1e-3, "faces: a tetrahedron rests on ridges thinner than its faces");
    /* Resting on the ridges' tops (y = 0.01), the centroid is a quarter of
     * the height (0.408) above its bottom face. */
    CHECK_NEAR(y_faces, 0.01 + 0.25 * 0.5 * sqrt(2.0 / 3.0), 2e-3,
               "faces: it rests with its bottom face on the ridges");
    CHECK(without > 0.005 && y_bare < -0.5, "without faces it falls between them");
}

/* A triangle lying on two ridges along z (which miss its corners), sliding
 * along them at 1 m/s. Returns how far its centroid travelled in 2 s. */
static double slide_on_ridges(double friction) {
    lm_world *w = make_world(2, 10, G);
    lm_vec3 at[3] = {{0, 0.011, 0.3}, {-0.3, 0.011, -0.15}, {0.3, 0.011, -0.15}};
    lm_particle p[3];
    for (int i = 0; i < 3; i++) {
        lm_particle_def def = lm_particle_default_def();
        def.position = at[i];
        def.velocity = (lm_vec3){0, 0, 1};
        p[i] = lm_particle_create(w, &def);
    }
    lm_stick_def s = lm_stick_default_def();
    for (int i = 0; i < 3; i++) {
        s.a = p[i];
        s.b = p[(i + 1) % 3];
        lm_stick_create(w, &s);
    }
    lm_face_create(w, p[0], p[1], p[2]);
    capsule(w, (lm_vec3){0.1, 0, 0}, 0.01, 5, true, friction);
    capsule(w, (lm_vec3){-0.1, 0, 0}, 0.01, 5, true, friction);
    for (int step = 0; step < 120; step++) {
        lm_world_step(w);
    }
    double z = 0;
    for (int i = 0; i < 3; i++) {
        z += lm_particle_position(w, p[i]).z / 3;
    }
    lm_world_destroy(w);
    return z;
}

static void test_face_friction(void) {
    double slippery = slide_on_ridges(0), rough = slide_on_ridges(0.5);
    printf("# slide: %.4f m frictionless, %.4f m with mu = 0.5\n", slippery, rough);
    CHECK_NEAR(slippery, 2.0, 0.02, "frictionless ridges: the face slides on at 1 m/s");
    /* Coulomb: it stops after v^2 / (2 mu g) = 0.102 m. */
    CHECK_NEAR(rough, 1.0 / (2 * 0.5 * G), 0.1 / (2 * 0.5 * G),
               "face friction stops it after v^2 / (2 mu g)");
}

/* ---------------------------------------------------------- bookkeeping -- */

static void test_handles(void) {
    lm_world *w = make_world(1, 10, G);
    lm_particle a = point(w, (lm_vec3){0, 0, 0}, 1), b = point(w, (lm_vec3){1, 0, 0}, 1);
    lm_particle c = point(w, (lm_vec3){0, 0, 1}, 1);
    lm_constraint f = lm_face_create(w, a, b, c);
    CHECK(lm_constraint_get_kind(w, f) == LM_CONSTRAINT_FACE &&
              strcmp(lm_constraint_kind_name(LM_CONSTRAINT_FACE), "face") == 0,
          "a face is a constraint of kind \"face\"");
    lm_particle out[4];
    CHECK(lm_constraint_particles(w, f, out) == 3 && out[2].index1 == c.index1,
          "a face lists its three particles");
    CHECK_NEAR(lm_constraint_value(w, f), 0.5, 1e-12, "a face's value is its area");
    CHECK(lm_constraint_error(w, f) == 0 && lm_world_max_error(w) == 0,
          "a face has no error of its own");
    lm_world_step(w);
    CHECK(lm_particle_position(w, a).y < 0, "a face alone constrains nothing (it falls freely)");
    lm_particle_destroy(w, b);
    CHECK(!lm_constraint_is_valid(w, f), "removing a particle removes its faces");
    lm_world_destroy(w);
}

/* Same scene twice: the same bits. */
static void test_determinism(void) {
    lm_vec3 end[2][N * N];
    for (int run = 0; run < 2; run++) {
        lm_world *w = make_world(2, 10, G);
        cloth *c = malloc(sizeof *c);
        make_cloth(w, c, 0.1, (lm_vec3){0.2, 0, 0.3}, true);
        sphere(w, (lm_vec3){0.05, -0.05, 0.05}, 0.03, 0.2);
        capsule(w, (lm_vec3){-0.2, -0.1, 0}, 0.02, 0.3, true, 0.3);
        box(w, (lm_vec3){0.25, -0.1, -0.2}, 0.03, true);
        for (int step = 0; step < 60; step++) {
            lm_world_step(w);
        }
        for (int i = 0; i < N; i++) {
            for (int j = 0; j < N; j++) {
                end[run][i * N + j] = lm_particle_position(w, c->p[i][j]);
            }
        }
        free(c);
        lm_world_destroy(w);
    }
    CHECK(memcmp(end[0], end[1], sizeof end[0]) == 0, "the same scene twice gives the same bits");
}

int main(void) {
    test_depths();
    test_weights();
    test_cloth_lift();
    test_cloth_box();
    test_conservation();
    test_tetrahedron();
    test_face_friction();
    test_handles();
    test_determinism();
    return check_summary();
}
