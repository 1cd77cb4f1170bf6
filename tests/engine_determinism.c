/* engine_determinism.c - stored-hash determinism (in the style of Box2D's
 * EXPECTED_HASH test): every integrator runs every scene kind for a fixed
 * number of steps, and the exact bits of every particle's position and
 * velocity are hashed (FNV-1a, 64 bits) and compared with constants stored
 * below.
 *
 * Why: the solver is refactored for speed and structure, and a refactor must
 * not change a single bit of what a scene does. A wrong hash here means the
 * engine now computes something different from before.
 *
 * When a hash may change: ONLY when a commit changes the physics on purpose
 * (a new rule for contacts, a different order of operations chosen for a
 * reason). Then say in the commit message which scenes and integrators
 * changed and why, and regenerate the table with
 *     build/tests/engine_determinism --print
 * pasting its output over EXPECTED_HASH below. Never update a hash to make a
 * refactor pass: find out which operation changed order or rounding instead
 * (-ffp-contract=off, the order of sums, x * (1 / h) versus x / h all matter).
 *
 * The constants hold for x86-64 with glibc's libm (sqrt is exact everywhere;
 * atan2, sin, cos used by angle constraints and rotations may round
 * differently on other libms). */
#include <stdlib.h>
#include <string.h>

#include "../engine/loom.h"
#include "check.h"

/* A 10 x 10 cloth has 2 * 10 * 9 structural and 2 * 9 * 9 shear sticks; the
 * pins made right after them have the next constraint slots (index1). */
enum { STEPS = 120, CLOTH10_STICKS = 342 };

typedef struct scene {
    const char *name;
    lm_world *(*build)(lm_integrator integrator);
    /* Called before step s (optional): topology changes, moved targets. */
    void (*before_step)(lm_world *world, int s);
} scene;

/* ------------------------------------------------------------- helpers -- */

static lm_world *make_world(lm_integrator integrator, double damping) {
    lm_world_def def = lm_world_default_def();
    def.integrator = integrator;
    def.damping = damping;
    return lm_world_create(&def);
}

static lm_particle point(lm_world *w, double x, double y, double z, double mass, double radius) {
    lm_particle_def def = lm_particle_default_def();
    def.position = (lm_vec3){x, y, z};
    def.mass = mass;
    def.radius = radius;
    return lm_particle_create(w, &def);
}

static lm_constraint stick(lm_world *w, lm_particle a, lm_particle b, double break_strain) {
    lm_stick_def s = lm_stick_default_def();
    s.a = a;
    s.b = b;
    s.break_strain = break_strain;
    return lm_stick_create(w, &s);
}

/* An n x n cloth in the xz-plane at height y, structural and shear sticks,
 * its particles written to out (n * n). */
static void cloth(lm_world *w, int n, double size, double y, double break_strain,
                  lm_particle *out) {
    double spacing = size / (n - 1);
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < n; j++) {
            out[i * n + j] = point(w, j * spacing - size / 2, y, i * spacing - size / 2, 1, 0);
        }
    }
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < n; j++) {
            int k = i * n + j;
            if (j + 1 < n) {
                stick(w, out[k], out[k + 1], break_strain);
            }
            if (i + 1 < n) {
                stick(w, out[k], out[k + n], break_strain);
            }
            if (i + 1 < n && j + 1 < n) {
                stick(w, out[k], out[k + n + 1], break_strain);
                stick(w, out[k + 1], out[k + n], break_strain);
            }
        }
    }
}

/* FNV-1a over the exact bits of every live particle's slot, position and velocity. */
static uint64_t fnv(uint64_t h, const void *data, size_t size) {
    const unsigned char *b = data;
    for (size_t i = 0; i < size; i++) {
        h ^= b[i];
        h *= 1099511628211ull;
    }
    return h;
}

static uint64_t world_hash(const lm_world *w) {
    uint64_t h = 14695981039346656037ull;
    for (uint32_t s = 0; s < lm_world_particle_slots(w); s++) {
        lm_particle p = lm_world_particle_in_slot(w, s);
        if (!lm_particle_is_valid(w, p)) {
            continue;
        }
        lm_vec3 x = lm_particle_position(w, p), v = lm_particle_velocity(w, p);
        double bits[6] = {x.x, x.y, x.z, v.x, v.y, v.z};
        h = fnv(h, &s, sizeof s);
        h = fnv(h, bits, sizeof bits);
    }
    return h;
}

/* -------------------------------------------------------------- scenes -- */

/* Free particles: gravity, a drag generator, world damping, an extra
 * gravity generator and a callback force that depends on time and position. */
static int swirl(lm_world *w, double t, void *context) {
    (void)context;
    for (uint32_t s = 0; s < lm_world_particle_slots(w); s++) {
        lm_particle p = lm_world_particle_in_slot(w, s);
        if (!lm_particle_is_valid(w, p)) {
            continue;
        }
        lm_vec3 x = lm_particle_position(w, p);
        lm_particle_add_force(w, p, (lm_vec3){-x.z * 0.5, 0.1 * t, x.x * 0.5});
    }
    return 0;
}

static lm_world *scene_drag(lm_integrator integrator) {
    lm_world *w = make_world(integrator, 0.01);
    for (int i = 0; i < 24; i++) {
        lm_particle_def def = lm_particle_default_def();
        def.position = (lm_vec3){0.1 * i, 1 + 0.05 * i, -0.07 * i};
        def.velocity = (lm_vec3){1 - 0.1 * i, 0.3 * i, 0.2};
        def.mass = i % 5 == 4 ? 0 : 0.5 + 0.1 * i;
        lm_particle_create(w, &def);
    }
    lm_force_create_drag(w, 0.3);
    lm_force_create_gravity(w, (lm_vec3){0.5, 0, 0});
    lm_force_create_callback(w, swirl, NULL, NULL);
    return w;
}

/* A hanging cloth of sticks pinned at two corners; one pin moves mid-run. */
static lm_world *scene_cloth(lm_integrator integrator) {
    lm_world *w = make_world(integrator, 0.01);
    lm_particle p[100];
    cloth(w, 10, 1, 0, 0, p);
    lm_pin_create(w, p[0], lm_particle_position(w, p[0]));
    lm_pin_create(w, p[9], lm_particle_position(w, p[9]));
    lm_force_create_drag(w, 0.05);
    return w;
}

static void cloth_before(lm_world *w, int s) {
    if (s == 60) {
        lm_pin_set_target(w, (lm_constraint){CLOTH10_STICKS + 1, 1, lm_world_id(w)},
                          (lm_vec3){0.8, 0.2, -0.5});
    }
}

/* Damped springs: a chain from an immovable anchor and a loose square. */
static lm_world *scene_springs(lm_integrator integrator) {
    lm_world *w = make_world(integrator, 0);
    lm_particle prev = point(w, 0, 0, 0, 0, 0);
    for (int i = 1; i <= 8; i++) {
        lm_particle next = point(w, 0.2 * i, -0.05 * i, 0.01 * i, 0.3, 0);
        lm_spring_def s = lm_spring_default_def();
        s.a = prev;
        s.b = next;
        s.stiffness = 80;
        s.damping = 0.4;
        s.rest_length = 0.15;
        lm_force_create_spring(w, &s);
        prev = next;
    }
    lm_particle q[4] = {point(w, 2, 0, 0, 1, 0), point(w, 2.5, 0.1, 0, 1, 0),
                        point(w, 2.5, 0.6, 0.1, 1, 0), point(w, 2, 0.5, 0, 2, 0)};
    for (int i = 0; i < 4; i++) {
        for (int j = i + 1; j < 4; j++) {
            lm_spring_def s = lm_spring_default_def();
            s.a = q[i];
            s.b = q[j];
            s.stiffness = 30;
            s.damping = 0.1;
            lm_force_create_spring(w, &s);
        }
    }
    return w;
}

/* Particles and sticks falling on colliders of every kind, with friction,
 * restitution and edge collisions; the sphere moves (kinematic). */
static lm_world *scene_colliders(lm_integrator integrator) {
    lm_world_def def = lm_world_default_def();
    def.integrator = integrator;
    def.collide_edges = true;
    lm_world *w = lm_world_create(&def);
    lm_collider_def c = lm_collider_default_def();
    c.kind = LM_COLLIDER_WORLD_BOX;
    c.min = (lm_vec3){-3, -2, -3};
    c.max = (lm_vec3){3, 4, 3};
    c.restitution = 0.5;
    c.friction = 0.2;
    lm_collider_create(w, &c);
    c = lm_collider_default_def();
    c.kind = LM_COLLIDER_PLANE;
    c.position = (lm_vec3){0, -1, 0};
    c.rotation = lm_quat_from_axis_angle((lm_vec3){0, 0, 1}, 0.3);
    c.friction = 0.4;
    lm_collider_create(w, &c);
    c = lm_collider_default_def();
    c.kind = LM_COLLIDER_SPHERE;
    c.position = (lm_vec3){-1, 0, 0};
    c.radius = 0.5;
    c.friction = 0.3;
    c.restitution = 0.3;
    lm_collider_create(w, &c);
    c = lm_collider_default_def();
    c.kind = LM_COLLIDER_BOX;
    c.position = (lm_vec3){1, -0.3, 0};
    c.half_extents = (lm_vec3){0.4, 0.2, 0.5};
    c.rotation = lm_quat_from_axis_angle((lm_vec3){1, 1, 0}, 0.5);
    c.friction = 0.6;
    c.static_friction = 0.8;
    lm_collider_create(w, &c);
    c = lm_collider_default_def();
    c.kind = LM_COLLIDER_CAPSULE;
    c.position = (lm_vec3){0, 0.3, 0.8};
    c.radius = 0.15;
    c.half_length = 0.6;
    c.friction = 0.2;
    lm_collider_create(w, &c);
    for (int i = 0; i < 30; i++) {
        lm_particle a = point(w, -1.4 + 0.1 * i, 1 + 0.03 * i, 0.02 * i - 0.3, 1, 0.05);
        if (i % 3 == 0) {
            lm_particle_set_contact_material(w, a, 0.5, 0.2);
        }
    }
    lm_particle a = point(w, -1.2, 1.5, 0.8, 1, 0.02), b = point(w, 1.2, 1.5, 0.8, 1, 0.02);
    stick(w, a, b, 0);
    return w;
}

static void colliders_before(lm_world *w, int s) {
    if (s >= 30 && s < 90) {
        lm_collider_set_position(w, (lm_collider){3, 1, lm_world_id(w)},
                                 (lm_vec3){-1 + 0.01 * (s - 30), 0, 0});
    }
}

/* Balls in a box pushing each other apart, with friction and restitution. */
static lm_world *scene_contacts(lm_integrator integrator) {
    lm_world_def def = lm_world_default_def();
    def.integrator = integrator;
    def.collide_particles = true;
    lm_world *w = lm_world_create(&def);
    lm_collider_def c = lm_collider_default_def();
    c.kind = LM_COLLIDER_WORLD_BOX;
    c.min = (lm_vec3){-0.5, 0, -0.5};
    c.max = (lm_vec3){0.5, 3, 0.5};
    c.friction = 0.1;
    lm_collider_create(w, &c);
    for (int i = 0; i < 80; i++) {
        lm_particle p = point(w, -0.4 + 0.1 * (i % 9), 0.2 + 0.12 * (i / 9), -0.3 + 0.037 * (i % 7),
                              1 + i % 3, 0.05 + 0.01 * (i % 4));
        lm_particle_set_contact_material(w, p, 0.3 + 0.1 * (i % 2), 0.1 * (i % 3));
    }
    return w;
}

/* A cloth with collision faces draping over a sphere and a capsule. */
static lm_world *scene_faces(lm_integrator integrator) {
    lm_world *w = make_world(integrator, 0.01);
    lm_particle p[64];
    cloth(w, 8, 1.4, 0.6, 0, p);
    for (int i = 0; i + 1 < 8; i++) {
        for (int j = 0; j + 1 < 8; j++) {
            int k = i * 8 + j;
            lm_face_create(w, p[k], p[k + 1], p[k + 8]);
            lm_face_create(w, p[k + 1], p[k + 9], p[k + 8]);
        }
    }
    lm_collider_def c = lm_collider_default_def();
    c.kind = LM_COLLIDER_SPHERE;
    c.position = (lm_vec3){0.05, 0, 0.02};
    c.radius = 0.3;
    c.friction = 0.4;
    lm_collider_create(w, &c);
    c = lm_collider_default_def();
    c.kind = LM_COLLIDER_CAPSULE;
    c.position = (lm_vec3){0.1, 0.2, 0.4};
    c.radius = 0.05;
    c.half_length = 0.8;
    lm_collider_create(w, &c);
    return w;
}

/* Tearing and removal mid-run: a breakable cloth pulled by a moving pin;
 * particles and a constraint removed, new particles and sticks added. */
static lm_world *scene_tearing(lm_integrator integrator) {
    lm_world *w = make_world(integrator, 0.01);
    lm_particle p[100];
    cloth(w, 10, 1, 0, 0.08, p);
    lm_pin_create(w, p[0], lm_particle_position(w, p[0]));
    lm_pin_create(w, p[9], lm_particle_position(w, p[9]));
    return w;
}

static void tearing_before(lm_world *w, int s) {
    if (s < 50) {
        /* the second pin is dragged away: the cloth stretches and tears */
        lm_pin_set_target(w, (lm_constraint){CLOTH10_STICKS + 2, 1, lm_world_id(w)},
                          (lm_vec3){0.5 + 0.02 * s, 0, -0.5});
    }
    if (s == 40) {
        for (uint32_t slot = 40; slot < 60; slot += 3) {
            lm_particle victim = lm_world_particle_in_slot(w, slot);
            if (lm_particle_is_valid(w, victim)) {
                lm_particle_destroy(w, victim);
            }
        }
        lm_constraint first = {1, 1, lm_world_id(w)};
        if (lm_constraint_is_valid(w, first)) {
            lm_constraint_destroy(w, first);
        }
    }
    if (s == 70) {
        lm_particle a = point(w, 0, 0.5, 0, 1, 0), b = point(w, 0.1, 0.5, 0, 2, 0);
        stick(w, a, b, 0);
        stick(w, b, lm_world_particle_in_slot(w, 99), 0);
    }
}

/* Every other constraint kind, in sub-steps with a tolerance: ropes, XPBD
 * and square-root-approximated sticks, angles, an area and a volume. */
static lm_world *scene_links(lm_integrator integrator) {
    lm_world_def def = lm_world_default_def();
    def.integrator = integrator;
    def.substeps = 3;
    def.iterations = 8;
    def.tolerance = 1e-7;
    lm_world *w = lm_world_create(&def);
    lm_particle anchor = point(w, 0, 0, 0, 0, 0);
    lm_particle prev = anchor;
    lm_particle chain[6];
    for (int i = 0; i < 6; i++) {
        chain[i] = point(w, 0.2 * (i + 1), 0.02 * i, 0, 1, 0);
        if (i % 2 == 0) {
            lm_rope_def r = lm_rope_default_def();
            r.a = prev;
            r.b = chain[i];
            r.max_length = 0.22;
            r.min_length = i == 2 ? 0.1 : 0;
            lm_rope_create(w, &r);
        } else {
            lm_stick_def s = lm_stick_default_def();
            s.a = prev;
            s.b = chain[i];
            s.compliance = i == 1 ? 1e-4 : 0;
            s.sqrt_approx = i == 3;
            s.stiffness = i == 5 ? 0.7 : 1;
            lm_stick_create(w, &s);
        }
        prev = chain[i];
    }
    lm_angle_def a = lm_angle_default_def();
    a.a = anchor;
    a.b = chain[0];
    a.c = chain[1];
    a.min_angle = 2.5;
    lm_angle_create(w, &a);
    a = lm_angle_default_def();
    a.a = chain[2];
    a.b = chain[3];
    a.c = chain[4];
    a.signed_z = true;
    a.min_angle = -2.8;
    a.max_angle = 2.8;
    lm_angle_create(w, &a);
    /* an area: a pentagon inflated by 20% */
    lm_particle ring[5];
    for (int i = 0; i < 5; i++) {
        ring[i] = point(w, 2 + 0.3 * (i == 1 || i == 2), 0.3 * (i >= 2) + 0.1 * (i == 3), 0, 1, 0);
    }
    for (int i = 0; i < 5; i++) {
        stick(w, ring[i], ring[(i + 1) % 5], 0);
    }
    lm_shape_def area = lm_shape_default_def();
    area.particles = ring;
    area.particle_count = 5;
    area.scale = 1.2;
    lm_area_create(w, &area);
    /* a volume: a tetrahedron shrunk to 90% */
    lm_particle t[4] = {point(w, -2, 0, 0, 1, 0), point(w, -1.6, 0, 0, 1, 0),
                        point(w, -1.8, 0, 0.35, 1, 0), point(w, -1.8, 0.3, 0.1, 1, 0)};
    static const uint32_t tris[12] = {0, 2, 1, 0, 1, 3, 1, 2, 3, 2, 0, 3};
    for (int i = 0; i < 4; i++) {
        for (int j = i + 1; j < 4; j++) {
            stick(w, t[i], t[j], 0);
        }
    }
    lm_shape_def vol = lm_shape_default_def();
    vol.particles = t;
    vol.particle_count = 4;
    vol.triangles = tris;
    vol.triangle_count = 4;
    vol.scale = 0.9;
    lm_volume_create(w, &vol);
    lm_collider_def c = lm_collider_default_def();
    c.kind = LM_COLLIDER_PLANE;
    c.position = (lm_vec3){0, -0.6, 0};
    c.friction = 0.5;
    lm_collider_create(w, &c);
    return w;
}

/* The same cloth with the world's square-root approximation. */
static lm_world *scene_sqrt_approx(lm_integrator integrator) {
    lm_world_def def = lm_world_default_def();
    def.integrator = integrator;
    def.sqrt_approx = true;
    def.iterations = 4;
    lm_world *w = lm_world_create(&def);
    lm_particle p[36];
    cloth(w, 6, 1, 0, 0, p);
    lm_pin_create(w, p[0], lm_particle_position(w, p[0]));
    return w;
}

static const scene scenes[] = {
    {"drag", scene_drag, NULL},
    {"cloth", scene_cloth, cloth_before},
    {"springs", scene_springs, NULL},
    {"colliders", scene_colliders, colliders_before},
    {"contacts", scene_contacts, NULL},
    {"faces", scene_faces, NULL},
    {"tearing", scene_tearing, tearing_before},
    {"links", scene_links, NULL},
    {"sqrt_approx", scene_sqrt_approx, NULL},
};
enum { SCENE_COUNT = sizeof scenes / sizeof scenes[0] };

/* Regenerate with `build/tests/engine_determinism --print` (see the top of
 * this file for when that is allowed). Rows: scenes in the order above;
 * columns: euler, semi_implicit_euler, verlet, velocity_verlet, midpoint, rk4. */
static const uint64_t EXPECTED_HASH[SCENE_COUNT][LM_INTEGRATOR_COUNT] = {
    {0x6c4bbdac0ad87584ull, 0xf670ea4cf2935e81ull, 0xc7cad256eb3b984dull, 0x0bd7083b75134b73ull,
     0x65d37d6000715f15ull, 0x6f2d30ae197110dcull}, /* drag */
    {0x8568549fe1c42dc2ull, 0x2d2707c5bc75842bull, 0x5e5f0d39572b246full, 0x98125aa536ca4d82ull,
     0xecc0569eb299852cull, 0x022e1035934633d0ull}, /* cloth */
    {0x0883d97a36609509ull, 0xdde519c6fb4c9b79ull, 0x4ec8ff94a0fb3eaaull, 0x9c1a5b2f624f79b5ull,
     0x46591f264a7c49d6ull, 0x289ad261bc3c5712ull}, /* springs */
    {0xf80b6154237c5fb1ull, 0xbee92e8095b43bb5ull, 0xbdb7a89ee8a2a3adull, 0x028618591a1cff15ull,
     0xacc5ac6c4e5f15e1ull, 0x73a5ad4822e08458ull}, /* colliders */
    {0x54545ae84653b1caull, 0x9619b4a88f58b489ull, 0x828344ce6f351ce6ull, 0x534c5e50c7843f40ull,
     0x3532fd7906ab79c3ull, 0x7772482ab3ae9691ull}, /* contacts */
    {0x4ffacb96e1a7d2d5ull, 0x4e157a235af8d81aull, 0xe0b5a7a51c15f42cull, 0x3b365f0fad176603ull,
     0x9589d44b25ce2fb3ull, 0xf7923c71636c1cbdull}, /* faces */
    {0xef5dca81cf061b32ull, 0xd91daa5c090c92d5ull, 0x4592474ade8e5fa7ull, 0x15721eadbcd2beaaull,
     0x10d17af8a5ba0ba6ull, 0x857ce7f9283d0ac0ull}, /* tearing */
    {0xefae03a40c3315a3ull, 0x00d94baec87972c8ull, 0x115b4cd73474bcc4ull, 0xe36fa39b921f85a2ull,
     0x8c04bd3b17096c00ull, 0xb56f76c13df4ee3aull}, /* links */
    {0x246211aca48021d4ull, 0x73563ff78e492cf5ull, 0x83c7c721fb99fa84ull, 0x8a1fc0316e066b2eull,
     0x72eac4a1ae26076aull, 0xdc51ea4adb4d84f7ull}, /* sqrt_approx */
};

/* What a run did besides its hash, so a scene cannot silently stop
 * exercising what it is there for. */
typedef struct outcome {
    bool finite;
    size_t broken; /* sticks broken over the run */
    size_t particles;
} outcome;

static uint64_t run(const scene *sc, lm_integrator integrator, outcome *out) {
    lm_world *w = sc->build(integrator);
    outcome o = {true, 0, 0};
    for (int s = 0; s < STEPS; s++) {
        if (sc->before_step) {
            sc->before_step(w, s);
        }
        lm_world_step(w);
        const lm_constraint *list;
        o.broken += lm_world_broken(w, &list);
    }
    o.finite = !lm_particle_is_valid(w, lm_world_find_nonfinite(w));
    o.particles = lm_world_get_stats(w).particles;
    uint64_t h = world_hash(w);
    lm_world_destroy(w);
    if (out) {
        *out = o;
    }
    return h;
}

int main(int argc, char **argv) {
    bool print = argc > 1 && strcmp(argv[1], "--print") == 0;
    uint64_t got[SCENE_COUNT][LM_INTEGRATOR_COUNT];
    outcome what[SCENE_COUNT][LM_INTEGRATOR_COUNT];
    for (int s = 0; s < SCENE_COUNT; s++) {
        for (int i = 0; i < LM_INTEGRATOR_COUNT; i++) {
            got[s][i] = run(&scenes[s], (lm_integrator)i, &what[s][i]);
        }
    }
    if (print) {
        printf("static const uint64_t EXPECTED_HASH[SCENE_COUNT][LM_INTEGRATOR_COUNT] = {\n");
        for (int s = 0; s < SCENE_COUNT; s++) {
            printf("    {");
            for (int i = 0; i < LM_INTEGRATOR_COUNT; i++) {
                printf("0x%016llxull%s", (unsigned long long)got[s][i],
                       i + 1 < LM_INTEGRATOR_COUNT ? ", " : "");
            }
            printf("}, /* %s */\n", scenes[s].name);
        }
        printf("};\n");
        return 0;
    }
    for (int s = 0; s < SCENE_COUNT; s++) {
        for (int i = 0; i < LM_INTEGRATOR_COUNT; i++) {
            char name[128];
            snprintf(name, sizeof name, "%s under %s hashes to its stored value %016llx",
                     scenes[s].name, lm_integrator_name((lm_integrator)i),
                     (unsigned long long)EXPECTED_HASH[s][i]);
            CHECK(got[s][i] == EXPECTED_HASH[s][i], name);
        }
    }
    for (int s = 0; s < SCENE_COUNT; s++) {
        bool finite = true;
        for (int i = 0; i < LM_INTEGRATOR_COUNT; i++) {
            finite = finite && what[s][i].finite;
        }
        char name[96];
        snprintf(name, sizeof name, "%s stays finite under every integrator", scenes[s].name);
        CHECK(finite, name);
    }
    CHECK(what[6][LM_INTEGRATOR_VERLET].broken > 0 && what[6][LM_INTEGRATOR_RK4].broken > 0,
          "the tearing scene tears");
    CHECK(what[6][LM_INTEGRATOR_VERLET].particles == 100 - 7 + 2,
          "the tearing scene removed 7 particles and added 2");
    /* A second run in the same process gives the same bits (no hidden state). */
    CHECK(run(&scenes[6], LM_INTEGRATOR_VERLET, NULL) == got[6][LM_INTEGRATOR_VERLET],
          "a second run of the tearing scene repeats its bits");
    /* The hash sees a one-ulp change: the test can fail. */
    lm_world *w = scene_cloth(LM_INTEGRATOR_VERLET);
    uint64_t before = world_hash(w);
    lm_particle p = lm_world_particle_in_slot(w, 5);
    lm_vec3 x = lm_particle_position(w, p);
    x.y = nextafter(x.y, 1.0);
    lm_particle_set_position(w, p, x);
    CHECK(world_hash(w) != before, "moving one particle by one ulp changes the hash");
    lm_world_destroy(w);
    return check_summary();
}
