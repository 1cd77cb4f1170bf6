/* constraint.c - constraints satisfied by relaxation (Jakobsen 3-4, Lee 2):
 * what every kind shares (adding, removing, listing with their particles,
 * querying). Each kind is one entry of lm_constraint_classes, a small table
 * of functions, and one file that also makes it and says how it is drawn
 * and measured: stick.c, pin.c, distance.c (ropes, sticks with options),
 * angle.c, shape.c (area, volume), face.c. The step hands a kind a run of
 * consecutive items, so a cloth's thousands of sticks are one call and one
 * tight loop. */
#include <stdlib.h>
#include <string.h>

#include "constraint.h"

_Static_assert(sizeof(lm_constraint_item) == 56, "a constraint item is 56 bytes");
_Static_assert(LM_CONSTRAINT_KIND_COUNT <= 256 && LM_SOLVER_COUNT <= 256,
               "kinds and solvers fit a byte");

/* ---------------------------------------------------------------- table -- */

const lm_constraint_class *const lm_constraint_classes[LM_SOLVER_COUNT] = {
    [LM_SOLVER_STICK] = &lm_stick_class,       [LM_SOLVER_PIN] = &lm_pin_class,
    [LM_SOLVER_DISTANCE] = &lm_distance_class, [LM_SOLVER_ANGLE] = &lm_angle_class,
    [LM_SOLVER_AREA] = &lm_area_class,         [LM_SOLVER_VOLUME] = &lm_volume_class,
    [LM_SOLVER_FACE] = &lm_face_class,
};

static const char *const kind_names[LM_CONSTRAINT_KIND_COUNT] = {
    [LM_CONSTRAINT_STICK] = "stick", [LM_CONSTRAINT_PIN] = "pin",
    [LM_CONSTRAINT_ROPE] = "rope",   [LM_CONSTRAINT_ANGLE] = "angle",
    [LM_CONSTRAINT_AREA] = "area",   [LM_CONSTRAINT_VOLUME] = "volume",
    [LM_CONSTRAINT_FACE] = "face",
};

const char *lm_constraint_kind_name(lm_constraint_kind kind) {
    assert(kind < LM_CONSTRAINT_KIND_COUNT);
    return kind_names[kind];
}

const uint32_t *lm_constraint_slots(const lm_world *world, const lm_constraint_item *c,
                                    uint32_t *n) {
    const lm_constraint_class *kind = lm_constraint_classes[c->solver];
    if (kind->particles) {
        return kind->particles(world, c, n);
    }
    *n = (uint32_t)kind->particle_count;
    return c->particle;
}

void lm_constraint_link(lm_world *world, const lm_constraint_item *c, lm_constraint handle) {
    uint32_t n;
    const uint32_t *slots = lm_constraint_slots(world, c, &n);
    for (uint32_t i = 0; i < n; i++) {
        lm_uses_link(world, slots[i], handle.index1 - 1);
    }
}

bool lm_constraint_uses_build(lm_world *world) {
    lm_uses *uses = &world->uses;
    if (uses->active) {
        return true;
    }
    const lm_store *store = &world->constraints;
    uint64_t entries = 0;
    for (uint32_t d = 0; d < store->count; d++) {
        if (lm_store_alive(store, d)) {
            uint32_t n;
            lm_constraint_slots(world, lm_store_at(store, d), &n);
            entries += n;
        }
    }
    uses->active = true;
    if (entries > UINT32_MAX / 2 || !lm_uses_reserve(uses, (uint32_t)entries)) {
        uses->active = false;
        return false;
    }
    /* In creation order, as linking at creation would have: each list then
     * holds its particle's constraints newest first. */
    for (uint32_t d = 0; d < store->count; d++) {
        if (lm_store_alive(store, d)) {
            lm_constraint_link(world, lm_store_at(store, d),
                               lm_constraint_handle(world, store->item_slot[d]));
        }
    }
    return true;
}

void lm_constraint_destroy_all_of(lm_world *world, uint32_t particle) {
    const lm_store *store = &world->constraints;
    /* Newest first, as the particle's list would; removal only marks items
     * dead, so the dense order stays put during the scan. */
    for (uint32_t d = store->count; d-- > 0;) {
        if (!lm_store_alive(store, d)) {
            continue;
        }
        uint32_t n;
        const uint32_t *slots = lm_constraint_slots(world, lm_store_at(store, d), &n);
        for (uint32_t i = 0; i < n; i++) {
            if (slots[i] == particle) {
                lm_constraint_destroy(world, lm_constraint_handle(world, store->item_slot[d]));
                break;
            }
        }
    }
}

/* ------------------------------------------------------------- creating -- */
lm_constraint lm_constraint_add(lm_world *world, lm_constraint_item **item, lm_constraint_kind kind,
                                enum lm_solver solver, uint32_t particles) {
    assert(!world->stepping);
    lm_constraint handle = {0, 0, 0};
    *item = NULL;
    if (!lm_uses_reserve(&world->uses, particles)) {
        return handle;
    }
    *item = lm_store_add(&world->constraints, &handle.index1, &handle.generation);
    handle.world = lm_world_id(world);
    if (*item) {
        (*item)->kind = (uint8_t)kind;
        (*item)->solver = (uint8_t)solver;
    }
    return handle;
}

double lm_particle_distance(const lm_world *world, uint32_t a, uint32_t b) {
    lm_vec3 delta = lm_sub(world->particles.x[b], world->particles.x[a]);
    return sqrt(lm_dot(delta, delta));
}

/* -------------------------------------------------------------- queries -- */

lm_constraint_item *lm_constraint_get(const lm_world *world, lm_constraint constraint) {
    assert(lm_constraint_is_valid(world, constraint) && "use of a removed constraint");
    return lm_store_get(&world->constraints, constraint.index1);
}

void lm_constraint_destroy(lm_world *world, lm_constraint constraint) {
    assert(!world->stepping);
    lm_constraint_item *c = lm_constraint_get(world, constraint);
    uint32_t n;
    const uint32_t *slots = lm_constraint_slots(world, c, &n);
    for (uint32_t i = 0; i < n; i++) {
        lm_uses_unlink(world, slots[i], constraint.index1 - 1);
    }
    if (lm_constraint_classes[c->solver]->destroy) {
        lm_constraint_classes[c->solver]->destroy(world, c);
    }
    lm_store_remove(&world->constraints, constraint.index1);
}

bool lm_constraint_is_valid(const lm_world *world, lm_constraint constraint) {
    return lm_store_has(world, &world->constraints, lm_handle_of_constraint(constraint));
}

lm_constraint_kind lm_constraint_get_kind(const lm_world *world, lm_constraint constraint) {
    return (lm_constraint_kind)lm_constraint_get(world, constraint)->kind;
}

uint32_t lm_constraint_all_particles(const lm_world *world, lm_constraint constraint,
                                     lm_particle *out, uint32_t max) {
    uint32_t n;
    const uint32_t *slots = lm_constraint_slots(world, lm_constraint_get(world, constraint), &n);
    for (uint32_t i = 0; i < n && i < max; i++) {
        out[i] = lm_particle_handle(world, slots[i]);
    }
    return n;
}

int lm_constraint_particles(const lm_world *world, lm_constraint constraint, lm_particle out[4]) {
    uint32_t n = lm_constraint_all_particles(world, constraint, out, 4);
    return n < 4 ? (int)n : 4;
}

bool lm_constraint_is_broken(const lm_world *world, lm_constraint constraint) {
    return (lm_constraint_get(world, constraint)->flags & LM_ITEM_BROKEN) != 0;
}

void lm_constraint_limits(const lm_world *world, lm_constraint constraint, double *min,
                          double *max) {
    const lm_constraint_item *c = lm_constraint_get(world, constraint);
    const lm_constraint_class *kind = lm_constraint_classes[c->solver];
    bool has = kind->limits && kind->limits(c, min, max);
    assert(has && "limits of a rope or an angle");
    (void)has;
}

double lm_constraint_value(const lm_world *world, lm_constraint constraint) {
    const lm_constraint_item *c = lm_constraint_get(world, constraint);
    return lm_constraint_classes[c->solver]->value(world, c);
}

double lm_constraint_error(const lm_world *world, lm_constraint constraint) {
    const lm_constraint_item *c = lm_constraint_get(world, constraint);
    return lm_constraint_classes[c->solver]->error(world, c);
}
