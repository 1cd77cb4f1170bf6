/* constraint_kinds.c - the table of constraint kinds (lm_constraint_classes,
 * one entry a kind, each from its own file: stick.c, pin.c, distance.c,
 * angle.c, shape.c, face.c) and what works on any constraint through it:
 * its particles, removing it, its measures. The kinds use constraint.c
 * (adding, linking, the item of a handle) and this file uses the kinds, so
 * the two halves of "a constraint" call each other in one direction only. */
#include "constraint.h"

/* ---------------------------------------------------------------- table -- */

const lm_constraint_class *const lm_constraint_classes[LM_SOLVER_COUNT] = {
    [LM_SOLVER_STICK] = &lm_stick_class,       [LM_SOLVER_PIN] = &lm_pin_class,
    [LM_SOLVER_DISTANCE] = &lm_distance_class, [LM_SOLVER_ANGLE] = &lm_angle_class,
    [LM_SOLVER_AREA] = &lm_area_class,         [LM_SOLVER_VOLUME] = &lm_volume_class,
    [LM_SOLVER_FACE] = &lm_face_class,
};

const uint32_t *lm_constraint_slots(const lm_world *world, const lm_constraint_item *c,
                                    uint32_t *n) {
    return lm_constraint_class_slots(lm_constraint_classes[c->solver], world, c, n);
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
            const lm_constraint_item *c = lm_store_at(store, d);
            lm_constraint_link(world, lm_constraint_classes[c->solver], c,
                               lm_constraint_handle(world, store->item_slot[d]));
        }
    }
    return true;
}

/* ------------------------------------------------------------- removing -- */

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

/* -------------------------------------------------------------- queries -- */

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
