/* constraint.c - constraints satisfied by relaxation (Jakobsen 3-4, Lee 2):
 * what every kind's own file uses (adding an item, listing it with its
 * particles, the item of a handle). Each kind is one entry of
 * lm_constraint_classes, a small table of functions, and one file that also
 * makes it and says how it is drawn and measured: stick.c, pin.c,
 * distance.c (ropes, sticks with options), angle.c, shape.c (area, volume),
 * face.c. The table and what goes through it (removing, measuring) are in
 * constraint_kinds.c, above the kinds: this file names no kind. The step
 * hands a kind a run of consecutive items, so a cloth's thousands of sticks
 * are one call and one tight loop. */
#include <stdlib.h>
#include <string.h>

#include "constraint.h"

_Static_assert(sizeof(lm_constraint_item) == 56, "a constraint item is 56 bytes");
_Static_assert(LM_CONSTRAINT_KIND_COUNT <= 256 && LM_SOLVER_COUNT <= 256,
               "kinds and solvers fit a byte");

/* ---------------------------------------------------------------- names -- */

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

/* ------------------------------------------------------------- creating -- */

const uint32_t *lm_constraint_class_slots(const lm_constraint_class *kind, const lm_world *world,
                                          const lm_constraint_item *c, uint32_t *n) {
    if (kind->particles) {
        return kind->particles(world, c, n);
    }
    *n = (uint32_t)kind->particle_count;
    return c->particle;
}

void lm_constraint_link(lm_world *world, const lm_constraint_class *kind,
                        const lm_constraint_item *c, lm_constraint handle) {
    uint32_t n;
    const uint32_t *slots = lm_constraint_class_slots(kind, world, c, &n);
    for (uint32_t i = 0; i < n; i++) {
        lm_uses_link(world, slots[i], handle.index1 - 1);
    }
}

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

bool lm_constraint_is_valid(const lm_world *world, lm_constraint constraint) {
    return lm_store_has(world, &world->constraints, lm_handle_of_constraint(constraint));
}

lm_constraint_kind lm_constraint_get_kind(const lm_world *world, lm_constraint constraint) {
    return (lm_constraint_kind)lm_constraint_get(world, constraint)->kind;
}

bool lm_constraint_is_broken(const lm_world *world, lm_constraint constraint) {
    return (lm_constraint_get(world, constraint)->flags & LM_ITEM_BROKEN) != 0;
}
