/* constraint.c - constraints satisfied by relaxation (Jakobsen 3-4, Lee 2):
 * creating, removing and querying them. Each kind is a small table of
 * functions (lm_constraint_class) in a file of its own: stick.c, pin.c,
 * distance.c (ropes, sticks with options), angle.c, shape.c (area, volume),
 * face.c. The step hands a kind a run of consecutive items, so a cloth's
 * thousands of sticks are one call and one tight loop. */
#include <stdlib.h>
#include <string.h>

#include "constraint.h"

_Static_assert(sizeof(lm_constraint_item) == 56, "a constraint item is 56 bytes");
_Static_assert(LM_CONSTRAINT_KIND_COUNT <= 256 && LM_SOLVER_COUNT <= 256,
               "kinds and solvers fit a byte");

static const double PI = 3.14159265358979323846;

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

/* The particle slots the item acts on, and how many. */
static const uint32_t *item_slots(const lm_world *world, const lm_constraint_item *c, uint32_t *n) {
    if (c->solver == LM_SOLVER_AREA || c->solver == LM_SOLVER_VOLUME) {
        *n = c->u.shape.count;
        return lm_shape_slots(world, c);
    }
    *n = (uint32_t)lm_constraint_classes[c->solver]->particle_count;
    return c->particle;
}

/* Lists the constraint in slot `slot` with each of its particles (room was
 * reserved by add). */
static void link_item(lm_world *world, const lm_constraint_item *c, uint32_t index1) {
    uint32_t n;
    const uint32_t *slots = item_slots(world, c, &n);
    for (uint32_t i = 0; i < n; i++) {
        lm_uses_link(world, slots[i], index1 - 1);
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
            item_slots(world, lm_store_at(store, d), &n);
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
            link_item(world, lm_store_at(store, d), store->item_slot[d] + 1);
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
        const uint32_t *slots = item_slots(world, lm_store_at(store, d), &n);
        for (uint32_t i = 0; i < n; i++) {
            if (slots[i] == particle) {
                uint32_t slot = store->item_slot[d];
                lm_constraint handle = {slot + 1, store->slot_generation[slot]};
                lm_constraint_destroy(world, handle);
                break;
            }
        }
    }
}

/* ------------------------------------------------------------- creating -- */

lm_stick_def lm_stick_default_def(void) {
    lm_stick_def def;
    memset(&def, 0, sizeof def);
    def.rest_length = -1;
    def.stiffness = 1;
    return def;
}

lm_rope_def lm_rope_default_def(void) {
    lm_rope_def def;
    memset(&def, 0, sizeof def);
    def.max_length = -1;
    def.stiffness = 1;
    return def;
}

lm_angle_def lm_angle_default_def(void) {
    lm_angle_def def;
    memset(&def, 0, sizeof def);
    def.max_angle = PI;
    def.stiffness = 1;
    return def;
}

lm_shape_def lm_shape_default_def(void) {
    lm_shape_def def;
    memset(&def, 0, sizeof def);
    def.scale = 1;
    def.stiffness = 1;
    return def;
}

/* A new item of that kind acting on `particles` particles; NULL in *item
 * when out of memory (nothing changed then). */
static lm_constraint add(lm_world *world, lm_constraint_item **item, lm_constraint_kind kind,
                         enum lm_solver solver, uint32_t particles) {
    assert(!world->stepping);
    lm_constraint handle = {0, 0};
    *item = NULL;
    if (!lm_uses_reserve(&world->uses, particles)) {
        return handle;
    }
    *item = lm_store_add(&world->constraints, &handle.index1, &handle.generation);
    if (*item) {
        (*item)->kind = (uint8_t)kind;
        (*item)->solver = (uint8_t)solver;
    }
    return handle;
}

static double current_distance(const lm_world *world, uint32_t a, uint32_t b) {
    lm_vec3 delta = lm_sub(world->particles.x[b], world->particles.x[a]);
    return sqrt(lm_dot(delta, delta));
}

lm_constraint lm_stick_create(lm_world *world, const lm_stick_def *def) {
    uint32_t a = lm_particle_slot(world, def->a), b = lm_particle_slot(world, def->b);
    assert(a != b && def->stiffness > 0 && def->stiffness <= 1);
    assert(def->compliance >= 0 && def->break_strain >= 0);
    bool plain = def->compliance == 0 && !def->sqrt_approx && def->break_strain == 0;
    lm_constraint_item *c;
    lm_constraint handle =
        add(world, &c, LM_CONSTRAINT_STICK, plain ? LM_SOLVER_STICK : LM_SOLVER_DISTANCE, 2);
    if (!c) {
        return handle;
    }
    c->particle[0] = a;
    c->particle[1] = b;
    c->stiffness = def->stiffness;
    c->rest = def->rest_length >= 0 ? def->rest_length : current_distance(world, a, b);
    if (!plain) {
        c->u.distance.min = c->rest;
        if (def->compliance > 0) {
            c->flags |= LM_ITEM_XPBD;
            c->stiffness = def->compliance;
        }
        if (def->sqrt_approx) {
            c->flags |= LM_ITEM_SQRT_APPROX;
        }
        if (def->break_strain > 0) {
            c->flags |= LM_ITEM_BREAKABLE;
            c->u.distance.break_strain = def->break_strain;
        }
    }
    link_item(world, c, handle.index1);
    return handle;
}

lm_constraint lm_rope_create(lm_world *world, const lm_rope_def *def) {
    uint32_t a = lm_particle_slot(world, def->a), b = lm_particle_slot(world, def->b);
    double max = def->max_length >= 0 ? def->max_length : current_distance(world, a, b);
    assert(a != b && def->stiffness > 0 && def->stiffness <= 1);
    assert(def->min_length >= 0 && def->min_length <= max && def->compliance >= 0);
    lm_constraint_item *c;
    lm_constraint handle = add(world, &c, LM_CONSTRAINT_ROPE, LM_SOLVER_DISTANCE, 2);
    if (!c) {
        return handle;
    }
    c->particle[0] = a;
    c->particle[1] = b;
    c->rest = max;
    c->u.distance.min = def->min_length;
    c->stiffness = def->stiffness;
    if (def->compliance > 0) {
        c->flags |= LM_ITEM_XPBD;
        c->stiffness = def->compliance;
    }
    link_item(world, c, handle.index1);
    return handle;
}

lm_constraint lm_angle_create(lm_world *world, const lm_angle_def *def) {
    uint32_t a = lm_particle_slot(world, def->a), b = lm_particle_slot(world, def->b);
    uint32_t e = lm_particle_slot(world, def->c);
    assert(a != b && b != e && a != e && def->stiffness > 0 && def->stiffness <= 1);
    assert(def->signed_z
               ? def->min_angle >= -PI && def->min_angle <= PI && def->max_angle >= -PI &&
                     def->max_angle <= PI
               : def->min_angle >= 0 && def->min_angle <= def->max_angle && def->max_angle <= PI);
    lm_constraint_item *c;
    lm_constraint handle = add(world, &c, LM_CONSTRAINT_ANGLE, LM_SOLVER_ANGLE, 3);
    if (!c) {
        return handle;
    }
    c->particle[0] = a;
    c->particle[1] = b;
    c->particle[2] = e;
    c->stiffness = def->stiffness;
    c->u.angle.min = def->min_angle;
    c->u.angle.max = def->max_angle;
    if (def->signed_z) {
        c->flags |= LM_ITEM_SIGNED;
    }
    link_item(world, c, handle.index1);
    return handle;
}

/* Appends n entries to the shape index and makes room in the gradient scratch. */
static uint32_t *reserve_shape(lm_world *world, uint32_t entries, uint32_t particles) {
    if (world->shape_gradient_capacity < particles) {
        lm_vec3 *grown =
            lm_memory_resize_array(world->memory, world->shape_gradient, particles, sizeof *grown);
        if (!grown) {
            return NULL;
        }
        world->shape_gradient = grown;
        world->shape_gradient_capacity = particles;
    }
    if (world->shape_index_count + entries > world->shape_index_capacity) {
        uint32_t next = world->shape_index_capacity * 2 + entries;
        uint32_t *grown =
            lm_memory_resize_array(world->memory, world->shape_index, next, sizeof *grown);
        if (!grown) {
            return NULL;
        }
        world->shape_index = grown;
        world->shape_index_capacity = next;
    }
    return world->shape_index + world->shape_index_count;
}

static lm_constraint create_shape(lm_world *world, const lm_shape_def *def, lm_constraint_kind kind,
                                  enum lm_solver solver) {
    assert(def->scale > 0 && def->stiffness > 0 && def->stiffness <= 1);
    lm_constraint none = {0, 0};
    uint32_t n = def->particle_count, entries = n + 3 * def->triangle_count;
    uint32_t *slots = reserve_shape(world, entries, n);
    if (!slots) {
        return none;
    }
    for (uint32_t i = 0; i < n; i++) {
        slots[i] = lm_particle_slot(world, def->particles[i]);
    }
    for (uint32_t i = 0; i < 3 * def->triangle_count; i++) {
        assert(def->triangles[i] < n);
        slots[n + i] = def->triangles[i];
    }
    lm_constraint_item *c;
    lm_constraint handle = add(world, &c, kind, solver, n);
    if (!c) {
        return handle;
    }
    c->u.shape.first = world->shape_index_count;
    c->u.shape.count = n;
    c->u.shape.triangles = def->triangle_count;
    world->shape_index_count += entries;
    c->stiffness = def->stiffness;
    double measure = lm_constraint_classes[solver]->value(world, c);
    c->rest = def->scale * measure;
    link_item(world, c, handle.index1);
    return handle;
}

/* Squeezes the entries of removed areas and volumes out of shape_index once
 * they are more than half of it, so a scene that keeps making and removing
 * pressure bodies runs in bounded memory. Call with the constraint store
 * compacted (every item alive). Shapes were appended in creation order, and
 * the store keeps that order, so moving each one's entries forward never
 * overwrites entries still to be moved. */
void lm_shapes_compact(lm_world *world) {
    if (world->shape_index_dead == 0 || 2 * world->shape_index_dead < world->shape_index_count) {
        return;
    }
    uint32_t next = 0;
    for (uint32_t i = 0; i < world->constraints.count; i++) {
        lm_constraint_item *c = lm_store_at(&world->constraints, i);
        if (c->solver != LM_SOLVER_AREA && c->solver != LM_SOLVER_VOLUME) {
            continue;
        }
        uint32_t entries = c->u.shape.count + 3 * c->u.shape.triangles;
        assert(c->u.shape.first >= next);
        memmove(world->shape_index + next, world->shape_index + c->u.shape.first,
                entries * sizeof *world->shape_index);
        c->u.shape.first = next;
        next += entries;
    }
    world->shape_index_count = next;
    world->shape_index_dead = 0;
}

lm_constraint lm_area_create(lm_world *world, const lm_shape_def *def) {
    assert(def->particle_count >= 3);
    return create_shape(world, def, LM_CONSTRAINT_AREA, LM_SOLVER_AREA);
}

lm_constraint lm_volume_create(lm_world *world, const lm_shape_def *def) {
    assert(def->particle_count >= 4 && def->triangle_count >= 4);
    return create_shape(world, def, LM_CONSTRAINT_VOLUME, LM_SOLVER_VOLUME);
}

lm_constraint lm_face_create(lm_world *world, lm_particle a, lm_particle b, lm_particle c) {
    uint32_t sa = lm_particle_slot(world, a), sb = lm_particle_slot(world, b);
    uint32_t sc = lm_particle_slot(world, c);
    assert(sa != sb && sb != sc && sa != sc && "a face needs three different particles");
    lm_constraint_item *item;
    lm_constraint handle = add(world, &item, LM_CONSTRAINT_FACE, LM_SOLVER_FACE, 3);
    if (!item) {
        return handle;
    }
    item->particle[0] = sa;
    item->particle[1] = sb;
    item->particle[2] = sc;
    item->stiffness = 1;
    link_item(world, item, handle.index1);
    return handle;
}

lm_constraint lm_pin_create(lm_world *world, lm_particle particle, lm_vec3 target) {
    uint32_t s = lm_particle_slot(world, particle);
    lm_constraint_item *c;
    lm_constraint handle = add(world, &c, LM_CONSTRAINT_PIN, LM_SOLVER_PIN, 1);
    if (!c) {
        return handle;
    }
    c->particle[0] = s;
    c->u.target = target;
    c->stiffness = 1;
    world->particles.pins[s]++;
    world->particles.solve_w[s] = 0;
    link_item(world, c, handle.index1);
    return handle;
}

/* -------------------------------------------------------------- queries -- */

static lm_constraint_item *get(const lm_world *world, lm_constraint constraint) {
    assert(lm_constraint_is_valid(world, constraint) && "use of a removed constraint");
    return lm_store_get(&world->constraints, constraint.index1);
}

void lm_pin_set_target(lm_world *world, lm_constraint pin, lm_vec3 target) {
    lm_constraint_item *c = get(world, pin);
    assert(c->kind == LM_CONSTRAINT_PIN);
    c->u.target = target;
}

lm_vec3 lm_pin_target(const lm_world *world, lm_constraint pin) {
    const lm_constraint_item *c = get(world, pin);
    assert(c->kind == LM_CONSTRAINT_PIN);
    return c->u.target;
}

void lm_constraint_destroy(lm_world *world, lm_constraint constraint) {
    assert(!world->stepping);
    lm_constraint_item *c = get(world, constraint);
    if (c->kind == LM_CONSTRAINT_PIN) {
        lm_particles *p = &world->particles;
        uint32_t s = c->particle[0];
        if (--p->pins[s] == 0) {
            p->solve_w[s] = p->inv_mass[s];
        }
    }
    uint32_t n;
    const uint32_t *slots = item_slots(world, c, &n);
    for (uint32_t i = 0; i < n; i++) {
        lm_uses_unlink(world, slots[i], constraint.index1 - 1);
    }
    if (c->solver == LM_SOLVER_AREA || c->solver == LM_SOLVER_VOLUME) {
        /* Its entries in shape_index are dead now; lm_shapes_compact reclaims them. */
        world->shape_index_dead += c->u.shape.count + 3 * c->u.shape.triangles;
    }
    lm_store_remove(&world->constraints, constraint.index1);
}

bool lm_constraint_is_valid(const lm_world *world, lm_constraint constraint) {
    return lm_store_is_valid(&world->constraints, constraint.index1, constraint.generation);
}

lm_constraint_kind lm_constraint_get_kind(const lm_world *world, lm_constraint constraint) {
    return (lm_constraint_kind)get(world, constraint)->kind;
}

uint32_t lm_constraint_all_particles(const lm_world *world, lm_constraint constraint,
                                     lm_particle *out, uint32_t max) {
    uint32_t n;
    const uint32_t *slots = item_slots(world, get(world, constraint), &n);
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
    return (get(world, constraint)->flags & LM_ITEM_BROKEN) != 0;
}

double lm_stick_rest_length(const lm_world *world, lm_constraint stick) {
    const lm_constraint_item *c = get(world, stick);
    assert(c->kind == LM_CONSTRAINT_STICK);
    return c->rest;
}

void lm_constraint_limits(const lm_world *world, lm_constraint constraint, double *min,
                          double *max) {
    const lm_constraint_item *c = get(world, constraint);
    if (c->kind == LM_CONSTRAINT_ROPE) {
        *min = c->u.distance.min;
        *max = c->rest;
    } else {
        assert(c->kind == LM_CONSTRAINT_ANGLE);
        *min = c->u.angle.min;
        *max = c->u.angle.max;
    }
}

double lm_constraint_value(const lm_world *world, lm_constraint constraint) {
    const lm_constraint_item *c = get(world, constraint);
    return lm_constraint_classes[c->solver]->value(world, c);
}

double lm_constraint_error(const lm_world *world, lm_constraint constraint) {
    const lm_constraint_item *c = get(world, constraint);
    return lm_constraint_classes[c->solver]->error(world, c);
}
