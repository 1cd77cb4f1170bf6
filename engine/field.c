/* field.c - force fields: one force law applied to a set of particles (all,
 * a list, or a group) at every force evaluation. The built-in laws cost no
 * callback; LM_FIELD_FUNCTION hands the set to user code in one call (the Lua
 * binding loops over it), so no per-particle handle is ever made. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "world.h"

typedef struct lm_field_item {
    lm_field_def def;
    lm_particle *particles; /* a copy of def.particles */
    uint32_t *slots;        /* scratch: the set at this evaluation */
    uint32_t slot_capacity;
    lm_memory *memory; /* the world's */
} lm_field_item;

static const char *const field_names[LM_FIELD_KIND_COUNT] = {
    [LM_FIELD_UNIFORM] = "uniform", [LM_FIELD_WIND] = "wind", [LM_FIELD_ATTRACTOR] = "attractor",
    [LM_FIELD_VORTEX] = "vortex",   [LM_FIELD_DRAG] = "drag", [LM_FIELD_FUNCTION] = "function",
};

const char *lm_field_kind_name(lm_field_kind kind) {
    assert(kind < LM_FIELD_KIND_COUNT);
    return field_names[kind];
}

lm_field_def lm_field_default_def(lm_field_kind kind) {
    lm_field_def def;
    memset(&def, 0, sizeof def);
    def.kind = kind;
    def.k = 1;
    def.scale = 1;
    def.period = 1;
    def.axis = lm_v3(0, 0, 1);
    def.falloff = 2;
    def.radius = kind == LM_FIELD_VORTEX ? 1 : 0.1;
    def.group = -1;
    return def;
}

/* ------------------------------------------------------------ the laws -- */

static lm_vec3 uniform_force(const lm_field_def *d, lm_vec3 x, lm_vec3 v, double m, double t) {
    (void)x, (void)v, (void)t;
    return lm_mad(d->force, d->accel, m);
}

/* Three independent noise channels (seed, seed+1, seed+2) sampled at the
 * point in units of the gust size, drifting through time along z. */
static lm_vec3 wind_force(const lm_field_def *d, lm_vec3 x, lm_vec3 v, double m, double t) {
    (void)m;
    lm_vec3 air = d->velocity;
    if (d->turbulence > 0) {
        double sx = x.x / d->scale, sy = x.y / d->scale, sz = x.z / d->scale + t / d->period;
        air.x += d->turbulence * lm_noise3(d->seed, sx, sy, sz);
        air.y += d->turbulence * lm_noise3(d->seed + 1, sx, sy, sz);
        air.z += d->turbulence * lm_noise3(d->seed + 2, sx, sy, sz);
    }
    return lm_scale(lm_sub(air, v), d->k);
}

static lm_vec3 attractor_force(const lm_field_def *d, lm_vec3 x, lm_vec3 v, double m, double t) {
    (void)v, (void)t;
    lm_vec3 to = lm_sub(d->point, x);
    double r = sqrt(lm_dot(to, to));
    if (r < 1e-300) {
        return lm_v3(0, 0, 0);
    }
    /* |f| / r, so that f = to * scale: strength m / r^falloff outside radius,
     * strength m r / radius^(falloff + 1) inside (continuous at radius). */
    double per_r = r >= d->radius ? d->strength * m / (pow(r, d->falloff) * r)
                                  : d->strength * m / pow(d->radius, d->falloff + 1);
    return lm_scale(to, per_r);
}

static lm_vec3 vortex_force(const lm_field_def *d, lm_vec3 x, lm_vec3 v, double m, double t) {
    (void)v, (void)t;
    lm_vec3 from = lm_sub(x, d->point);
    lm_vec3 a = d->axis;
    /* axis x from = r t^ (the perpendicular part's rotation), so the
     * magnitude strength m 2 r R / (r^2 + R^2) becomes a factor on it. */
    lm_vec3 across = lm_v3(a.y * from.z - a.z * from.y, a.z * from.x - a.x * from.z,
                           a.x * from.y - a.y * from.x);
    double r2 = lm_dot(across, across);
    double radius = d->radius;
    return lm_scale(across, d->strength * m * 2 * radius / (r2 + radius * radius));
}

static lm_vec3 drag_force(const lm_field_def *d, lm_vec3 x, lm_vec3 v, double m, double t) {
    (void)x, (void)m, (void)t;
    double speed = sqrt(lm_dot(v, v));
    return lm_scale(v, -(d->linear + d->quadratic * speed));
}

typedef lm_vec3 (*field_law)(const lm_field_def *d, lm_vec3 x, lm_vec3 v, double m, double t);

static const field_law laws[LM_FIELD_KIND_COUNT] = {
    [LM_FIELD_UNIFORM] = uniform_force,     [LM_FIELD_WIND] = wind_force,
    [LM_FIELD_ATTRACTOR] = attractor_force, [LM_FIELD_VORTEX] = vortex_force,
    [LM_FIELD_DRAG] = drag_force,
};

/* ------------------------------------------------------------- the sets -- */

/* Whether the field acts on slot (alive, movable, in its group if any). */
static bool acts_on(const lm_particles *p, const lm_field_def *d, uint32_t slot) {
    return p->alive[slot] && p->inv_mass[slot] > 0 &&
           (d->group < 0 || (int64_t)p->group[slot] == d->group);
}

/* Fills field->slots with the set; false when out of memory. */
static bool gather(lm_field_item *field, const lm_particles *p, uint32_t *count) {
    uint32_t need = field->def.particle_count > 0 ? field->def.particle_count : p->count;
    if (need > field->slot_capacity) {
        uint32_t *slots = lm_memory_resize_array(field->memory, field->slots, need, sizeof *slots);
        if (slots == NULL) {
            return false;
        }
        field->slots = slots;
        field->slot_capacity = need;
    }
    uint32_t n = 0;
    if (field->def.particle_count > 0) {
        for (uint32_t k = 0; k < field->def.particle_count; k++) {
            uint32_t slot = field->particles[k].index1 - 1;
            if (slot < p->count && p->generation[slot] == field->particles[k].generation &&
                acts_on(p, &field->def, slot)) {
                field->slots[n++] = slot;
            }
        }
    } else {
        for (uint32_t slot = 0; slot < p->count; slot++) {
            if (acts_on(p, &field->def, slot)) {
                field->slots[n++] = slot;
            }
        }
    }
    *count = n;
    return true;
}

static void apply_law(const lm_field_item *field, lm_particles *p, double t) {
    const lm_field_def *d = &field->def;
    field_law law = laws[d->kind];
    if (d->particle_count > 0) {
        for (uint32_t k = 0; k < d->particle_count; k++) {
            uint32_t slot = field->particles[k].index1 - 1;
            if (slot < p->count && p->generation[slot] == field->particles[k].generation &&
                acts_on(p, d, slot)) {
                p->f[slot] = lm_add(p->f[slot], law(d, p->x[slot], p->v[slot], p->mass[slot], t));
            }
        }
        return;
    }
    for (uint32_t slot = 0; slot < p->count; slot++) {
        if (acts_on(p, d, slot)) {
            p->f[slot] = lm_add(p->f[slot], law(d, p->x[slot], p->v[slot], p->mass[slot], t));
        }
    }
}

int lm_fields_apply(lm_world *world, const lm_force_item *items, uint32_t count, double time) {
    lm_particles *p = &world->particles;
    for (uint32_t k = 0; k < count; k++) {
        lm_field_item *field = items[k].context;
        if (field->def.kind != LM_FIELD_FUNCTION) {
            apply_law(field, p, time);
            continue;
        }
        lm_field_batch batch = {p->x, p->v, p->mass, p->f, NULL, 0, time};
        if (!gather(field, p, &batch.count)) {
            return 1;
        }
        batch.slots = field->slots;
        if (batch.count > 0 && field->def.fn(&batch, field->def.context) != 0) {
            return 1;
        }
    }
    return 0;
}

/* ---------------------------------------------------------- potentials -- */

/* The attractor's potential energy (loom.h: lm_field_def.falloff), so that
 * minus its gradient is attractor_force. */
static double attractor_potential(const lm_field_def *d, lm_vec3 x, double m) {
    lm_vec3 to = lm_sub(d->point, x);
    double r = sqrt(lm_dot(to, to)), radius = d->radius, p = d->falloff;
    double k = d->strength * m, out = r > radius ? r : radius, u;
    if (p > 1) {
        u = -k / ((p - 1) * pow(out, p - 1));
    } else if (p == 1) {
        u = k * log(out / radius);
    } else {
        u = k * (pow(out, 1 - p) - pow(radius, 1 - p)) / (1 - p);
    }
    if (r < radius) {
        u += k * (r * r - radius * radius) / (2 * pow(radius, p + 1));
    }
    return u;
}

static double uniform_potential(const lm_field_def *d, lm_vec3 x, double m) {
    return -lm_dot(lm_mad(d->force, d->accel, m), x);
}

int lm_field_potential(lm_world *world, const lm_force_item *item, const lm_vec3 *x,
                       const uint8_t *measured, double *energy) {
    lm_field_item *field = item->context;
    const lm_field_def *d = &field->def;
    lm_particles *p = &world->particles;
    double (*law)(const lm_field_def *, lm_vec3, double) =
        d->kind == LM_FIELD_UNIFORM     ? uniform_potential
        : d->kind == LM_FIELD_ATTRACTOR ? attractor_potential
                                        : NULL;
    if (law == NULL && (d->kind != LM_FIELD_FUNCTION || d->potential == NULL)) {
        return 0; /* wind, vortex, drag: no potential */
    }
    uint32_t n;
    if (!gather(field, p, &n)) {
        return -1;
    }
    uint32_t kept = 0;
    for (uint32_t k = 0; k < n; k++) {
        if (measured[field->slots[k]]) {
            field->slots[kept++] = field->slots[k];
        }
    }
    if (law) {
        for (uint32_t k = 0; k < kept; k++) {
            uint32_t slot = field->slots[k];
            *energy += law(d, x[slot], p->mass[slot]);
        }
        return 0;
    }
    lm_field_batch batch = {x, p->v, p->mass, NULL, field->slots, kept, world->time};
    return kept > 0 && d->potential(&batch, d->context, energy) != 0 ? 1 : 0;
}

/* ------------------------------------------------------------ lifecycle -- */

void lm_field_release(void *context) {
    lm_field_item *field = context;
    if (field->def.release) {
        field->def.release(field->def.context);
    }
    lm_memory_free(field->memory, field->particles);
    lm_memory_free(field->memory, field->slots);
    lm_memory_free(field->memory, field);
}

lm_force lm_force_create_field(lm_world *world, const lm_field_def *def) {
    assert(!world->stepping);
    assert(def->kind < LM_FIELD_KIND_COUNT);
    assert(def->kind != LM_FIELD_FUNCTION || def->fn != NULL);
    assert(def->scale > 0 && def->period > 0 && def->radius > 0 && def->falloff >= 0);
    lm_force handle = {0, 0, 0};
    lm_field_item *field = lm_memory_zeroed(world->memory, 1, sizeof *field);
    if (field == NULL) {
        return handle;
    }
    field->memory = world->memory;
    field->def = *def;
    double axis_length = sqrt(lm_dot(def->axis, def->axis));
    assert(def->kind != LM_FIELD_VORTEX || axis_length > 0);
    if (axis_length > 0) {
        field->def.axis = lm_scale(def->axis, 1 / axis_length);
    }
    if (def->particle_count > 0) {
        field->particles = lm_memory_resize_array(world->memory, NULL, def->particle_count,
                                                  sizeof *field->particles);
        if (field->particles == NULL) {
            lm_memory_free(world->memory, field);
            return handle;
        }
        memcpy(field->particles, def->particles,
               (size_t)def->particle_count * sizeof *field->particles);
    }
    field->def.particles = NULL;
    lm_force_item *item = lm_store_add(&world->forces, &handle.index1, &handle.generation);
    handle.world = lm_world_id(world);
    if (item == NULL) {
        lm_memory_free(world->memory, field->particles);
        lm_memory_free(world->memory, field);
        return handle;
    }
    item->kind = LM_FORCE_FIELD;
    item->context = field;
    item->release = lm_field_release;
    return handle;
}

lm_field_kind lm_force_field_kind(const lm_world *world, lm_force force) {
    /* the store's own check, as lm_force_is_valid makes it: a field is a
     * kind below force.c, which names it in its table */
    assert(lm_store_has(world, &world->forces, lm_handle_of_force(force)));
    const lm_force_item *item = lm_store_get(&world->forces, force.index1);
    assert(item->kind == LM_FORCE_FIELD);
    return ((const lm_field_item *)item->context)->def.kind;
}
